package org.colony.runtime;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import org.colony.Agent;
import org.colony.ColonyException;
import org.colony.Place;
import org.colony.Vertex;
import org.colony.runtime.cluster.Cluster;
import org.colony.runtime.cluster.MpiCluster;
import org.colony.runtime.cluster.SingleProcess;
import org.colony.runtime.graph.Graph;
import org.colony.runtime.graph.GraphPartition;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.partition.PartitionedAgents;
import org.colony.runtime.partition.PartitionedPlaceStore;
import org.colony.runtime.partition.PartitionedPlaces;
import org.colony.runtime.profile.CallTimer;
import org.colony.runtime.profile.StepProfile;
import org.colony.runtime.spi.Backend;
import org.colony.runtime.spi.BackendOptions;
import org.colony.runtime.spi.BackendProvider;
import org.colony.runtime.spi.Closeables;
import org.colony.runtime.spi.ModelRegistry;
import org.colony.runtime.spi.PlaceStore;

/**
 * A simulation: the backend it runs on, its collections of places, its clock and its random seed.
 * Driver code creates one, creates collections, calls steps and advances time:
 *
 * <pre>{@code
 * try (Simulation sim = Simulation.create(Config.fromArgs(args))) {
 *     Places<HeatCell> plate = sim.places(HeatCell.class, Grid.of(1000, 1000));
 *     for (int t = 0; t < 3000; t++) {
 *         plate.callAll(HeatCell::diffuse, 0.25);
 *         sim.step();
 *     }
 * }
 * }</pre>
 *
 * A simulation is driven from one thread at a time: it may move from one thread to another between calls, but a
 * call from a second thread while another thread is inside it is refused. When a call fails half-way (a division
 * by zero in a step, say) the simulation is failed: every later use repeats that first error, and only
 * {@link #close()} still works. Collections belong to the simulation that created them. Every call of a step that draws random numbers
 * gets its own random stream ({@link #epoch()}), so results depend only on the seed and the sequence of
 * such calls; calls of steps that draw nothing (counts, reductions, reads) leave the streams alone.
 */
public final class Simulation implements AutoCloseable {

    /** Colony's version. */
    public static final String VERSION = "0.1.0";

    static {
        // A run's close may come while its model still fills the heap (it ran out of memory): what the close calls is
        // loaded and linked now, when there is room, so that the backend's threads and devices are released then
        // (loading Closeables at that close ran out of memory itself, and every CPU worker of the run stayed alive).
        Closeables.rethrow(Closeables.later(null, Closeables.closeAfter(null, null)));
    }

    private final Config config;
    private final Backend backend;
    private final Cluster cluster;
    private final List<Places<?>> collections = new ArrayList<>();
    private final List<Agents<?>> agentCollections = new ArrayList<>();
    private final long created = System.nanoTime();
    private long time;
    private long epoch;
    private long firstCall = -1;
    private long lastStep = -1;
    private long stepNanos;
    private boolean closed;
    private final Usage usage = new Usage();
    private final Watchdog watchdog;
    private final CallTimer timer;
    private final PlaceStores stores;
    private String backendChoice;

    private Simulation(Config config, Backend backend, Cluster cluster) {
        this.config = config;
        this.backend = backend;
        this.cluster = cluster;
        this.timer = new CallTimer(backend.name());
        this.watchdog = Watchdog.start(usage, config.stepTimeout());
        this.stores = new PlaceStores(config, backend, cluster);
    }

    /**
     * Starts a simulation with the given settings on the backend they select.
     *
     * @param config the settings, from {@link Config#fromArgs} or {@link Config#defaults()}
     * @return the simulation, open until {@link #close()}
     * @throws ColonyException if the backend is unknown or cannot run here (the message says why)
     */
    public static Simulation create(Config config) {
        Cluster cluster = MpiCluster.launched() ? MpiCluster.get() : SingleProcess.INSTANCE;
        cluster.agree("the settings", "Colony " + VERSION
                + ", backend " + config.backend() + ", seed " + config.seed() + ", mode " + config.mode()
                + ", partitions " + config.partitions() + ", devices " + config.devices());
        List<String> passedOver = new ArrayList<>();
        Backend backend = openBackend(config, passedOver);
        if (config.device() != 0 && backend.name().equals("cpu")) {
            backend.close();
            throw new ColonyException("--device=" + config.device() + " picks a GPU, but this simulation runs on the "
                    + "cpu backend" + (passedOver.isEmpty() ? "" : " (" + String.join("; ", passedOver) + ")")
                    + "; leave --device out, or run with --backend cuda");
        }
        try {
            // every rank must have chosen the same backend (--backend auto decides on each host)
            cluster.agree("the backend chosen", backend.name());
        } catch (ColonyException e) {
            backend.close();
            throw e;
        }
        Simulation sim = new Simulation(config, backend, cluster);
        if (!passedOver.isEmpty() || config.backend().equals("auto") && sim.backend.name().equals("cpu")) {
            sim.backendChoice = "--backend auto runs on the " + sim.backend.name().toUpperCase(Locale.ROOT)
                    + ": " + (passedOver.isEmpty() ? "no GPU backend is on the class path (add "
                    + "org.colony:colony-cuda-backend as a runtime dependency)" : String.join("; ", passedOver));
            if (cluster.rank() == 0 && !autoToldOnce) {
                autoToldOnce = true;
                System.err.println("colony: " + sim.backendChoice);
            }
        }
        return sim;
    }

    /** Whether this JVM already said why {@code --backend auto} passed a backend over (it says so once). */
    private static volatile boolean autoToldOnce;

    /**
     * {@return why {@code --backend auto} chose this backend over a preferred one, in one line ({@code --backend auto
     * runs on the CPU: cuda: no CUDA driver (libcuda.so.1 cannot be loaded)}); null when it took the first choice or
     * the backend was named} The first simulation of a process also prints it on standard error.
     */
    public String backendChoice() {
        return backendChoice;
    }

    /**
     * Starts a simulation with {@link Config#defaults()}.
     *
     * @return the simulation, open until {@link #close()}
     */
    public static Simulation create() {
        return create(Config.defaults());
    }

    /** What the backends read of the configuration. */
    private static BackendOptions options(Config config) {
        return new BackendOptions(config.threads(), config.device(), config.devices(), config.mode() == Mode.FAST);
    }

    private static Backend openBackend(Config config, List<String> passedOver) {
        List<BackendProvider> providers = new ArrayList<>();
        ServiceLoader.load(BackendProvider.class, Simulation.class.getClassLoader()).forEach(providers::add);
        providers.sort((a, b) -> Integer.compare(b.priority(), a.priority()));
        if (config.backend().equals("auto")) {
            for (BackendProvider p : providers) {
                String why = p.unavailableReason();
                if (why == null) {
                    return p.open(options(config));
                }
                passedOver.add(p.name() + ": " + why);
            }
            throw new ColonyException("no backend can run here");
        }
        for (BackendProvider p : providers) {
            if (p.name().equals(config.backend())) {
                String why = p.unavailableReason();
                if (why != null) {
                    throw new ColonyException("--backend=" + config.backend() + " cannot run here: " + why);
                }
                return p.open(options(config));
            }
        }
        throw new ColonyException("--backend=" + config.backend() + " is not installed: add its module (colony-"
                + config.backend() + "-backend) to the class path, or use --backend=cpu");
    }

    /**
     * Creates a collection of places of {@code model} over {@code grid}, all attributes zero.
     *
     * @param <P> the place model
     * @param grid the grid's extents and boundary
     * @param model the model class, as written by the modeller
     * @return the places, partitioned as the settings say
     * @throws ColonyException if the model was not processed by Colony, is an agent model, does not fit the grid's
     *     dimensionality, or does not fit in memory (the message gives the estimate)
     */
    public <P extends Place> Places<P> places(Class<P> model, Grid grid) {
        checkOpen();
        if (model == null || grid == null) {
            throw new ColonyException("places(model, grid) needs a model class and a grid");
        }
        return placesOn(model, grid, null, null);
    }

    /**
     * Creates a collection of places of a vertex model on the vertices of {@code graph}, one place per vertex (its
     * {@code index()} is the vertex's id), all attributes zero. Where the settings cut places into partitions
     * ({@code --partitions}, MPI ranks), the vertices are split as {@code colony.graph.partitioner} says (METIS by
     * default); partitions of a graph run on the CPU, on one GPU or one per GPU.
     *
     * @param <V> the vertex model
     * @param model the model class, as written by the modeller
     * @param graph the graph
     * @return the places
     * @throws ColonyException if the model was not processed by Colony or the graph has no vertex
     */
    public <V extends Vertex<V>> Places<V> places(Class<V> model, Graph graph) {
        return places(model, graph, null);
    }

    /**
     * As {@link #places(Class, Graph)}, with the vertices split into the parts of {@code partition} (one partition
     * each, whatever {@code colony.graph.partitioner} says): a partition from {@code GraphPartitioner}, read from a
     * file or made by the driver. The results are the same bits whatever the partition.
     *
     * @param <V> the vertex model
     * @param model the model class, as written by the modeller
     * @param graph the graph
     * @param partition the parts of the vertices, or null to follow the settings
     * @return the places
     * @throws ColonyException if the partition is of another graph or the settings ask for another number of parts
     */
    public <V extends Vertex<V>> Places<V> places(Class<V> model, Graph graph, GraphPartition partition) {
        checkOpen();
        if (model == null || graph == null) {
            throw new ColonyException("places(model, graph) needs a model class and a graph");
        }
        if (graph.vertices() == 0) {
            throw new ColonyException("the " + graph + " has no vertex to put places on");
        }
        return placesOn(model, Grid.of(graph.vertices()), graph, partition);
    }

    private <P extends Place> Places<P> placesOn(Class<P> model, Grid grid, Graph graph, GraphPartition parts) {
        var descriptor = ModelRegistry.descriptor(model);
        var info = descriptor.info();
        if (info.isGraph() != (graph != null)) {
            throw new ColonyException(info.isGraph() ? model.getSimpleName() + " is a vertex model; put its places "
                    + "on a graph with sim.places(" + model.getSimpleName() + ".class, graph)"
                    : model.getSimpleName() + " is a grid model (it extends Place); a graph takes a model that "
                    + "extends Vertex");
        }
        if (graph != null) {
            graph.checkEdgeAttributes(info.edges(), model);
        }
        if (info.isAgent()) {
            throw new ColonyException(model.getSimpleName() + " is an agent model, not a place model; create its agents "
                    + "on places with sim.agents(" + model.getSimpleName() + ".class, places, placement)");
        }
        if (info.dimensions() != 0 && info.dimensions() != grid.dimensions()) {
            throw new ColonyException(model.getSimpleName() + " is written for " + info.dimensions()
                    + "-dimensional grids (its neighbor calls take " + info.dimensions() + " offsets), but the grid "
                    + grid + " has " + grid.dimensions());
        }
        if (grid.dimensions() < info.minDimensions()) {
            throw new ColonyException(model.getSimpleName() + " needs a grid of at least " + info.minDimensions()
                    + " dimensions (it reads coordinates up to " + "xyz".charAt(info.minDimensions() - 1)
                    + "), but the grid " + grid + " has " + grid.dimensions());
        }
        PlaceStore store = graph == null ? stores.forGrid(descriptor, grid) : stores.forGraph(descriptor, graph, parts);
        try {
            cluster.agree("the places", model.getName() + " on " + grid + (store instanceof PartitionedPlaces cut
                    ? " in " + cut.topology() : ""));
        } catch (ColonyException e) {
            store.close();
            throw e;
        }
        Places<P> p = new Places<>(this, model, descriptor, grid, graph, store);
        collections.add(p);
        return p;
    }

    /**
     * Creates a collection of agents of {@code model} living on {@code places}, any number per place.
     * Equivalent to {@code agents(model, places, placement, Integer.MAX_VALUE)}.
     *
     * @param <A> the agent model
     * @param <P> the place model
     * @param model the model class, as written by the modeller
     * @param placement where the first agents go
     * @param places the places the agents live on, of this simulation
     * @return the agents
     */
    public <A extends Agent<P>, P extends Place> Agents<A> agents(Class<A> model, Places<P> places,
            Placement placement) {
        return agents(model, places, placement, Integer.MAX_VALUE);
    }

    /**
     * Creates a collection of agents of {@code model} living on {@code places}, placed by {@code placement},
     * all attributes zero, ids 0, 1, ... in place order.
     *
     * @param <A> the agent model
     * @param <P> the place model
     * @param capacity the most agents of this collection one place may hold; moves and births into a
     *     full place are settled by a random priority
     * @param model the model class, as written by the modeller
     * @param placement where the first agents go
     * @param places the places the agents live on, of this simulation
     * @return the agents
     * @throws ColonyException if the model is not an agent model of these places, the placement does not
     *     fit, or a collection of the same class already lives on the places
     */
    public <A extends Agent<P>, P extends Place> Agents<A> agents(Class<A> model, Places<P> places,
            Placement placement, int capacity) {
        checkOpen();
        if (model == null || places == null || placement == null) {
            throw new ColonyException("agents(model, places, placement) needs all three");
        }
        if (places.sim != this) {
            throw new ColonyException("these " + places.modelClass().getSimpleName() + " places belong to another "
                    + "simulation; create the agents with the simulation that created the places (a collection is "
                    + "used only by its own simulation)");
        }
        if (capacity < 1) {
            throw new ColonyException("capacity " + capacity + " is not positive; a place holds 1 to "
                    + Integer.MAX_VALUE + " agents of a collection");
        }
        var descriptor = ModelRegistry.descriptor(model);
        var info = descriptor.info();
        if (!info.isAgent() || info.placeClass() != places.modelClass()) {
            throw new ColonyException(model.getSimpleName() + " is not an agent model living on "
                    + places.modelClass().getSimpleName());
        }
        Grid grid = places.grid();
        if (info.dimensions() != 0 && info.dimensions() != grid.dimensions()) {
            throw new ColonyException(model.getSimpleName() + " is written for " + info.dimensions()
                    + "-dimensional grids, but the grid " + grid + " has " + grid.dimensions());
        }
        if (grid.dimensions() < info.minDimensions()) {
            throw new ColonyException(model.getSimpleName() + " needs a grid of at least " + info.minDimensions()
                    + " dimensions, but the grid " + grid + " has " + grid.dimensions());
        }
        for (Agents<?> other : places.residents()) {
            if (other.modelClass() == model) {
                throw new ColonyException("a collection of " + model.getSimpleName() + " agents already lives on these "
                        + "places; one collection per agent class and places");
            }
        }
        if (places.graph() != null) {
            places.graph().checkEdgeAttributes(info.edges(), model);
        }
        cluster.agree("the agents", model.getName() + " on " + places.modelClass().getName() + ", capacity "
                + capacity + ", placement " + placement);
        long epoch = beginCall(placement.isRandom());
        long[] start = placement.resolve(grid, capacity, seed(), epoch, model.getSimpleName());
        if (places.store() instanceof PartitionedPlaces cut) {
            cut.topology().checkReach(info.reach(), model.getSimpleName());
        }
        places.store().ensureReach(info.reach());
        var store = places.store() instanceof PartitionedPlaceStore cut
                ? new PartitionedAgents(backend, descriptor, cut, start, capacity, stores.transport())
                : backend.createAgents(descriptor, places.store(), start, capacity);
        Agents<A> agents = new Agents<>(this, model, descriptor, places, store, capacity);
        places.addResident(agents);
        agentCollections.add(agents);
        bind(places);
        return agents;
    }

    /** Connects every collection on {@code places} with the agent collections its steps iterate. */
    private static void bind(Places<?> places) {
        var placeInfo = places.model();
        for (Agents<?> a : places.residents()) {
            for (int slot = 0; slot < placeInfo.agentClasses().size(); slot++) {
                if (placeInfo.agentClasses().get(slot) == a.modelClass()) {
                    places.bindAgents(slot, a);
                }
            }
            for (Agents<?> b : places.residents()) {
                var classes = a.model().agentClasses();
                for (int slot = 0; slot < classes.size(); slot++) {
                    if (classes.get(slot) == b.modelClass()) {
                        a.bindAgents(slot, b);
                    }
                }
            }
        }
    }

    /**
     * Ends the current time step: advances {@link #time()}, tells the backend that a tick ended, and records how
     * long the step took (from the previous {@code step()}, or from the first call after creation).
     */
    public void step() {
        usage.run("step()", backend::tickEnded);
        long now = System.nanoTime();
        long start = lastStep >= 0 ? lastStep : (firstCall >= 0 ? firstCall : now);
        stepNanos += now - start;
        lastStep = now;
        time++;
    }

    /**
     * Saves the whole simulation to {@code file}: {@code checkpoint(file, Map.of())}.
     *
     * @param file the checkpoint file (by convention {@code .colony}); written atomically
     */
    public void checkpoint(Path file) {
        checkpoint(file, Map.of());
    }

    /**
     * Saves the whole simulation to {@code file}, with the driver's own {@code values} (its loop position, say):
     * every collection with every attribute and shared value, agents with their ids, places, next id and last
     * report, the seed, {@link #epoch()} and {@link #time()}. The file is written atomically (a temporary file,
     * forced to the disk, renamed), versioned, with a CRC-32C of its content; {@link #resume} restores it, bit for bit,
     * on any backend, thread count, partitioning or number of processes. Over MPI ranks every rank calls it and rank 0
     * writes. Take it where no agent has deaths, moves or children asked for and not carried out (after
     * {@code manageAll}, at the end of a tick).
     *
     * @param file the checkpoint file (by convention {@code .colony})
     * @param values the driver's values by name: whole numbers, doubles, booleans, strings, {@code long[]},
     *     {@code double[]}, {@code int[]}
     * @throws ColonyException where a value is of another type, agents have intents pending, or the file cannot be
     *     written (what was at the path is left as it was)
     */
    public void checkpoint(Path file, Map<String, ?> values) {
        checkOpen();
        if (file == null) {
            throw new ColonyException("checkpoint(file) needs a file");
        }
        CheckpointWriter.write(this, file, values, collections, agentCollections);
    }

    /**
     * Restores the checkpoint {@code file} into this simulation, whose collections the driver created as it did
     * when the checkpoint was taken (same models, sizes, capacities and order; any backend, threads, partitions):
     * every attribute, shared value and agent, {@link #epoch()} and {@link #time()}. The whole file is read and
     * checked first; a missing, truncated, corrupt, foreign or mismatched file, or a simulation of another seed, is
     * refused in one line with nothing changed. The run then goes on as the uninterrupted run would have, bit for bit.
     *
     * @param file the checkpoint
     * @return the driver's values saved with it ({@link Checkpoint#values()})
     * @throws ColonyException naming what does not fit
     */
    public Map<String, Object> resume(Path file) {
        checkOpen();
        if (file == null) {
            throw new ColonyException("resume(file) needs a file");
        }
        // Every rank reads the file; all refuse it where one cannot, and all must read the same checkpoint.
        Checkpoint checkpoint = null;
        ColonyException refused = null;
        try {
            checkpoint = Checkpoint.read(file);
        } catch (ColonyException e) {
            refused = e;
        }
        if (cluster.max(refused == null ? 0 : 1) != 0) {
            throw refused != null ? refused : new ColonyException("another MPI rank cannot read the checkpoint "
                    + file + " (on a file system every rank sees?); see its message");
        }
        return resume(checkpoint);
    }

    /**
     * Restores a checkpoint already read and checked ({@link Checkpoint#read}) into this simulation, as
     * {@link #resume(Path)} does, without reading the whole file again to check it (every rank of an MPI run has
     * read it).
     *
     * @param checkpoint the checkpoint
     * @return the driver's values saved with it ({@link Checkpoint#values()})
     * @throws ColonyException naming what does not fit
     */
    public Map<String, Object> resume(Checkpoint checkpoint) {
        checkOpen();
        if (checkpoint == null) {
            throw new ColonyException("resume(checkpoint) needs a checkpoint");
        }
        cluster.agree("the checkpoint resumed", Integer.toHexString(checkpoint.checksum()));
        checkpoint.checkMatches(this, collections, agentCollections);
        CheckpointSections.restore(this, checkpoint, collections, agentCollections);
        time = checkpoint.time();
        epoch = checkpoint.epoch();
        return checkpoint.values();
    }

    /** {@return the number of {@link #step()} calls so far; steps read it with {@code time()}} */
    public long time() {
        return time;
    }

    /** {@return the number of calls of random-drawing steps so far: the random stream the next one will use} */
    public long epoch() {
        return epoch;
    }

    /** {@return the seed of every random draw} */
    public long seed() {
        return config.seed();
    }

    /** {@return the settings} */
    public Config config() {
        return config;
    }

    /**
     * Waits until every call issued so far has finished. On a GPU calls return at once and run later, and the
     * CPU backend may hold the place steps of a large 2-D grid back to run several together; so time a run up
     * to this call (or up to a read, which waits too). Failures of the calls (a division by zero in a step)
     * are reported here at the latest.
     */
    public void synchronize() {
        usage.run("synchronize()", () -> {
            for (Places<?> p : collections) {
                p.store().synchronize();
            }
        });
    }

    /** {@return this process's rank among the MPI ranks that run the simulation together; 0 in a process alone} */
    public int rank() {
        return cluster.rank();
    }

    /** {@return the number of processes (MPI ranks) that run the simulation together; 1 in a process alone} */
    public int ranks() {
        return cluster.size();
    }

    /**
     * {@return the largest of {@code value} over the ranks (every rank calls it): the slowest rank's time, say}
     *
     * @param value this rank's value
     */
    public long slowest(long value) {
        return cluster.max(value);
    }

    /**
     * {@return every rank's {@code value}, by rank (every rank calls it); in a process alone, the value itself}
     *
     * @param value this rank's value
     */
    public long[] perRank(long value) {
        long[] all = new long[cluster.size()];
        all[cluster.rank()] = value;
        return cluster.sum(all);
    }

    /**
     * {@return the bytes this process's partitions have exchanged so far through the simulation's transport (over MPI
     * ranks, those sent to and received from other ranks); 0 where no grid is cut}
     */
    public long exchangedBytes() {
        return stores.transport() == null ? 0 : stores.transport().traffic().bytes();
    }

    /** The processes the simulation runs in. */
    Cluster cluster() {
        return cluster;
    }

    /** {@return one line describing the backend, for reports} */
    public String backendDescription() {
        return backend.description();
    }

    /** {@return the backend's short name} */
    public String backendName() {
        return backend.name();
    }

    /** {@return nanoseconds from creation to the first call of a step} */
    public long initNanos() {
        return (firstCall >= 0 ? firstCall : System.nanoTime()) - created;
    }

    /** {@return total nanoseconds of all completed time steps} */
    public long stepNanos() {
        return stepNanos;
    }

    /**
     * Starts collecting the calls and time of every step, {@code count} and {@code manageAll} from now on:
     * wall-clock time on the JVM and, on a backend that times its work on the device (CUDA), device time.
     * Calling it again returns the profile being collected.
     *
     * @return the profile being collected, which later calls add to
     */
    public StepProfile startProfile() {
        checkOpen();
        if (timer.profile() == null) {
            for (Places<?> c : collections) {
                c.store().synchronize(); // work held back or still running belongs to no call of the profile
            }
            StepProfile p = new StepProfile();
            timer.profile(p);
            backend.timeOnDevice(p::recordDevice);
            profilingChanged();
        }
        return timer.profile();
    }

    /**
     * Stops collecting and returns the profile, with every device timing delivered (on a GPU this waits for
     * the device); null if none was started.
     *
     * @return the profile collected, or null
     */
    public StepProfile stopProfile() {
        checkOpen();
        StepProfile p = timer.profile();
        if (p != null) {
            backend.timeOnDevice(null);
            timer.profile(null);
            profilingChanged();
        }
        return p;
    }

    /** Tells every collection's store that calls are timed from now on, or no longer. */
    private void profilingChanged() {
        for (Places<?> c : collections) {
            c.store().profilingChanged();
        }
    }

    /** Times calls for the profile and JFR. */
    CallTimer timer() {
        return timer;
    }

    /**
     * Starts a call: checks the simulation is open and returns the epoch of its random stream, which
     * advances only for steps that draw random numbers.
     */
    long beginCall(boolean drawsRandom) {
        checkOpen();
        if (firstCall < 0) {
            firstCall = System.nanoTime();
        }
        return drawsRandom ? epoch++ : epoch;
    }

    /** Throws if the simulation is closed, or failed (repeating its first error). */
    void checkOpen() {
        usage.check();
    }

    /** What guards the simulation's calls: one thread at a time, no use after a failure. */
    Usage usage() {
        return usage;
    }

    /** Releases every collection and the backend. Later use throws {@link ColonyException}. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        // Everything is released even when one release fails (a device's sticky error, say, or a heap that ran out:
        // a run's close may come while its model still fills the heap, so nothing here allocates before the backend,
        // whose threads and devices must go whatever else failed); the first failure is thrown, the later suppressed.
        Throwable first = null;
        try {
            usage.close();
        } catch (Throwable t) {
            first = t;
        }
        for (int i = 0; i < agentCollections.size(); i++) {
            try {
                agentCollections.get(i).release();
            } catch (Throwable t) {
                first = Closeables.later(first, t);
            }
        }
        for (int i = 0; i < collections.size(); i++) {
            try {
                collections.get(i).release();
            } catch (Throwable t) {
                first = Closeables.later(first, t);
            }
        }
        first = Closeables.closeAfter(first, stores.transport());
        first = Closeables.closeAfter(first, backend);
        first = Closeables.closeAfter(first, watchdog);
        Closeables.rethrow(first);
    }
}
