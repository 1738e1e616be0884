/** JMH benchmarks of the SugarScape example ({@code org.colony.examples.sugarscape}) on the CPU backend. */
package org.colony.benchmarks.sugarscape;
