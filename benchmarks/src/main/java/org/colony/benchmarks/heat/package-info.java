/** JMH benchmarks of the Heat2D example ({@code org.colony.examples.heat}) on the CPU backend. */
package org.colony.benchmarks.heat;
