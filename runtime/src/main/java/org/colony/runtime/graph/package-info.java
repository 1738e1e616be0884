/**
 * Graphs for network models: an immutable graph of vertices and edges stored as sorted compressed sparse rows
 * ({@link org.colony.runtime.graph.Graph}), built from arrays under {@link org.colony.runtime.graph.EdgeRules}, read
 * and written as text edge lists ({@link org.colony.runtime.graph.EdgeListFile}) and binary graph files
 * ({@link org.colony.runtime.graph.GraphFile}), generated from a seed ({@link org.colony.runtime.graph.Generators})
 * and named on the command line ({@link org.colony.runtime.graph.GraphSpec}); and their partitions: a graph's vertices
 * split into parts with METIS, by id, or from a file ({@link org.colony.runtime.graph.GraphPartitioner}), with the
 * edge cut and halo each gives ({@link org.colony.runtime.graph.PartitionQuality}). Steps over graphs come later.
 */
package org.colony.runtime.graph;
