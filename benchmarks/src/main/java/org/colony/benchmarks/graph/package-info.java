/** Places on graphs: SIR split into partitions by METIS, contiguous ranges and round-robin, on the CPU. */
package org.colony.benchmarks.graph;
