package org.colony.runtime;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import org.colony.ColonyException;
import org.colony.kernel.ModelDescriptor;
import org.colony.runtime.cluster.Cluster;
import org.colony.runtime.graph.Graph;
import org.colony.runtime.graph.GraphPartition;
import org.colony.runtime.graph.GraphPartitioner;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.grid.Topology;
import org.colony.runtime.partition.PartitionedGraphPlaces;
import org.colony.runtime.partition.PartitionedPlaces;
import org.colony.runtime.spi.Backend;
import org.colony.runtime.spi.PlaceStore;
import org.colony.runtime.transport.Transport;
import org.colony.runtime.tuning.RuntimeSwitches;

/**
 * How a simulation makes the store of a new place collection: one block, or one per partition where the settings
 * cut the places (a grid by its topology, a graph by a {@link GraphPartition}), with the one transport all the
 * simulation's partitions share.
 */
final class PlaceStores {

    private final Config config;
    private final Backend backend;
    private final Cluster cluster;
    private Transport transport;

    PlaceStores(Config config, Backend backend, Cluster cluster) {
        this.config = config;
        this.backend = backend;
        this.cluster = cluster;
    }

    /** {@return the transport between partitions, or null while no collection is partitioned} */
    Transport transport() {
        return transport;
    }

    private Transport transport(int k) {
        if (transport == null) {
            transport = cluster.distributed() ? backend.transport(cluster, k) : backend.transport();
        }
        return transport;
    }

    /** The number of partitions the settings ask for: --partitions, --devices, the MPI ranks. */
    private int partitions() {
        Config.Partitions parts = config.partitions();
        int devices = config.devices();
        int k = parts.count();
        if (devices > 1) {
            if (!backend.name().equals("cuda")) {
                throw new ColonyException("--devices=" + devices + " spreads a grid over GPUs and needs the cuda "
                        + "backend; on the " + backend.name() + " backend cut a grid with --partitions=" + devices);
            }
            int all = devices * cluster.size(); // under mpirun, --devices is per rank
            if (k == 1) {
                k = all;
            } else if (k != all) {
                throw new ColonyException("--partitions=" + parts + " with --devices=" + devices
                        + (cluster.distributed() ? " on each of " + cluster.size() + " MPI ranks" : "")
                        + ": each GPU holds one partition, so use --partitions=" + all + " (or leave it out)");
            }
        }
        if (cluster.distributed() && k == 1 && parts.shape().isEmpty()) {
            k = cluster.size(); // each rank one partition, unless --partitions says more
        }
        cluster.checkPartitions(k);
        return k;
    }

    /** The store of a new collection on a grid: one block, or one per partition where the settings cut the grid. */
    PlaceStore forGrid(ModelDescriptor descriptor, Grid grid) {
        int k = partitions();
        if (k == 1) {
            return backend.createPlaces(descriptor, grid);
        }
        Config.Partitions parts = config.partitions();
        Topology topology;
        if (parts.shape().isEmpty()) {
            topology = Topology.of(grid, k);
        } else {
            int[] shape = new int[grid.dimensions()];
            Arrays.fill(shape, 1);
            if (parts.shape().size() > grid.dimensions()) {
                throw new ColonyException("--partitions=" + parts + " cuts " + parts.shape().size()
                        + " dimensions, but the grid " + grid + " has " + grid.dimensions());
            }
            for (int d = 0; d < parts.shape().size(); d++) {
                shape[d] = parts.shape().get(d);
            }
            topology = Topology.of(grid, shape);
        }
        return new PartitionedPlaces(backend, descriptor, grid, topology, transport(k), cluster);
    }

    /**
     * The store of a new collection on a graph's vertices: one block, or one per part of {@code cut} (given, or
     * found as {@code colony.graph.partitioner} says for the partitions the settings ask for).
     *
     * @param cut the driver's partition of the vertices, or null
     */
    PlaceStore forGraph(ModelDescriptor descriptor, Graph graph, GraphPartition cut) {
        int k = partitions();
        if (cut != null && cut.vertices() != graph.vertices()) {
            throw new ColonyException("the partition of " + cut.vertices() + " vertices does not fit the " + graph
                    + "; partition this graph");
        }
        if (cut != null && k != 1 && k != cut.partitions()) {
            throw new ColonyException("the partition has " + cut.partitions() + " parts, but the settings ask for "
                    + k + " partitions; give one or the other");
        }
        if (!config.partitions().shape().isEmpty()) {
            throw new ColonyException("--partitions=" + config.partitions() + " is a shape, which a graph has not; "
                    + "give a count (--partitions=" + k + ")");
        }
        if (cut == null && k > 1) {
            cut = partition(graph, k);
        }
        Grid grid = Grid.of(graph.vertices());
        if (cut == null || cut.partitions() == 1) {
            PlaceStore store = backend.createPlaces(descriptor, grid);
            try {
                store.bindGraph(graph);
            } catch (RuntimeException e) {
                store.close();
                throw e;
            }
            return store;
        }
        cluster.agree("the graph partition", cut.method() + " " + Arrays.hashCode(cut.parts()));
        return new PartitionedGraphPlaces(backend, descriptor, graph, cut, transport(cut.partitions()), cluster);
    }

    /** The partition {@code colony.graph.partitioner} asks for. */
    private GraphPartition partition(Graph graph, int k) {
        if (k > graph.vertices()) {
            throw new ColonyException(k + " partitions of the " + graph + " would leave some without a vertex; use "
                    + "at most " + graph.vertices());
        }
        String method = RuntimeSwitches.GRAPH_PARTITIONER.value();
        GraphPartitioner partitioner = GraphPartitioner.of(graph);
        GraphPartition cut;
        if (GraphPartitioner.METHODS.contains(method)) {
            cut = partitioner.byMethod(method, k);
        } else if (method.startsWith("file:")) {
            try {
                cut = partitioner.read(Path.of(method.substring("file:".length())), k);
            } catch (IOException e) {
                throw new ColonyException("cannot read the partition file " + method.substring(5) + ": " + e);
            }
        } else {
            throw new ColonyException(RuntimeSwitches.GRAPH_PARTITIONER.property() + "=" + method
                    + " is not a partitioner; use metis, contiguous, round-robin or file:PATH");
        }
        if (!cut.note().isEmpty() && cluster.rank() == 0) {
            System.err.println("colony: " + cut.note());
        }
        return cut;
    }
}
