/** Graphs of places and their partitions: splitting a graph's vertices into parts with METIS, by id, or from a file. */
package org.colony.runtime.graph;
