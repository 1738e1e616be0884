/** Measurements of the runtime's partitions that are not whole models: the hand-off to the partitions' threads. */
package org.colony.benchmarks.partition;
