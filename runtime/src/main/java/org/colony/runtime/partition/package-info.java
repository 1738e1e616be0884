/**
 * How one grid is cut into partitions (the grid topology of MASS CUDA 2026): the factorisation of the
 * partition count over the dimensions, each partition's block of cells, its neighbours by base-3
 * neighbour id, and the regions of cells a halo exchange sends and receives; the collections cut that way
 * (places with their halos, agents with the rounds that move them between partitions) and the messages
 * they exchange through a transport.
 */
package org.colony.runtime.partition;
