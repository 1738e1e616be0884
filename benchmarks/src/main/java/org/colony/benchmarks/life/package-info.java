/** JMH benchmarks of the GameOfLife example ({@code org.colony.examples.life}) on the CPU backend. */
package org.colony.benchmarks.life;
