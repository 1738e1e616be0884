package org.colony.cuda.internal.launch;

import static org.colony.cuda.internal.launch.GraphShapes.blocks;
import static org.colony.cuda.internal.launch.GraphShapes.grid;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.colony.cuda.internal.bind.DeviceWork;
import org.colony.cuda.internal.bind.Streams;
import org.colony.cuda.internal.launch.GraphShapes.Prefix;
import org.colony.cuda.internal.launch.GraphShapes.Shape;
import org.colony.cuda.tuning.CudaSwitches;

/**
 * Replays repeated runs of kernel launches as CUDA graphs. One per CUDA context of a backend; the context's kernel
 * launches come here ({@link #hold}), the backend says where a tick ends ({@link #tickEnded}), and every other piece
 * of device work (a copy, a memset, a sync, an event, an allocation, a module load, NCCL) first calls
 * {@link #interruptAll()}, which the driver bindings do by construction: this class installs it as the hook of
 * {@link DeviceWork} when it is loaded, before any recorder can hold a launch.
 *
 * <p>A <em>segment</em> is the launches between two such ends: other device work or the end of a tick. A tick of
 * place steps alone is one segment; an agent tick, whose {@code manageAll} waits for counts, is many (the launches
 * between two waits). When {@value #REPEATS} segments had the same launches (same kernels, grids and blocks, in the
 * same order; any grid of at most {@link #SMALL_BLOCKS} blocks counts as the same, see below), a graph of one kernel
 * node per launch, each after the one before (or, where partitions of one GPU queue their own kernels, each after
 * its partition's launch before it: {@code Branches}), is built and kept by that shape
 * (the {@value #GRAPHS} most recently used shapes are kept); a segment that ends in other device work only where its
 * grids are small ({@link #SMALL_BLOCKS}). A segment whose first launches have the shape of the
 * first nodes of a kept graph is held: each launch is matched against the graphs that still fit, and where the
 * segment ends with every node of one of them matched, that graph is launched on the stream of the eager launches,
 * with the nodes' parameters updated where their bytes changed. Executable graphs are kept by their exact parameter
 * bytes ({@value #EXECS} per graph, the least recently used is updated), so a double buffer whose columns swap every
 * tick alternates two of them with no update.
 *
 * <p>A node's grid is updated as its parameters are, where it is small: the kernels over a collection's agents have
 * a grid that follows the population, which changes every tick where agents are born and die, so a shape that held
 * the grids of small launches made a graph that served the rounds of one tick and was built again the next (StupidModel
 * on 2 partitions instantiated and destroyed about 6 graphs a tick). A launch of more than {@link #SMALL_BLOCKS}
 * blocks keeps its exact grid in the shape: such a segment is held for a graph only where one of those grids was
 * learnt, as before. Once partitions of one GPU mark their launches ({@link Launch#lane()}), every grid counts as
 * small ({@link #smallBlocks}): their branches run side by side only in a graph.
 *
 * <p>A segment of small launches goes out in chunks ({@link CudaSwitches#GRAPH_CHUNK} launches), each a segment of
 * its own that ends as at other device work: where the launches between two waits are many (an agent tick's rounds),
 * the device runs the first chunk while the host holds the next, rather than waiting for the host to have held them
 * all. A segment with a launch of more than {@link #SMALL_BLOCKS} blocks is not cut from there on, as before.
 *
 * <p>A launch that fits no kept graph, or a segment that ends before any graph's last node, first launches the held
 * ones from their copies, in order ({@link #flush}), and the rest of the segment goes out eagerly. The order of the
 * device's work is the order of the calls either way.
 *
 * <p>Thread-safe: the driver's thread calls {@link #hold} and {@link #tickEnded}, any thread may interrupt.
 */
public final class LaunchRecorder implements AutoCloseable {

    /** Segments with the same launches before they become a graph. */
    static final int REPEATS = 2;
    /** The most launches a segment may have and still become a graph. */
    static final int MAX_NODES = 256;
    /** Executable graphs kept per graph, by parameter values. */
    static final int EXECS = 2;
    /**
     * Graphs kept, by shape: the least recently used goes when another is built. StupidModel on 2 partitions of a GPU
     * has more than 64 shapes in its rotation: with 64 it built (and instantiated and destroyed) a graph every other
     * tick, with 256 one every 9 ticks (1,500 ticks, one H100).
     */
    static final int GRAPHS = 256;
    /** Segment shapes counted towards a graph: the least recently seen is forgotten. */
    static final int SHAPES = 512;
    /**
     * The most blocks a launch of a segment that ends in other device work may have for the segment to become a
     * graph: held launches start only when the segment ends, so a graph pays where launching costs more than the
     * device's work (small grids), not where the device works for longer than the host takes to launch
     * ({@link CudaSwitches#GRAPH_BLOCKS}; unless it is set, 1,024 until the recorder holds a partition's launch, see
     * {@link #smallBlocks}).
     */
    static final long SMALL_BLOCKS = CudaSwitches.GRAPH_BLOCKS.whole() == 0 ? 1024 : CudaSwitches.GRAPH_BLOCKS.whole();
    /** Whether {@link CudaSwitches#GRAPH_BLOCKS} is left to the recorder: any grid is small once it sees lanes. */
    private static final boolean BLOCKS_BY_LANES = CudaSwitches.GRAPH_BLOCKS.whole() == 0;

    private static final LaunchRecorder[] NONE = {};
    private static final Object REGISTRY = new Object();
    /** The recorders that are on: the ones other device work may have to interrupt. */
    private static volatile LaunchRecorder[] active = NONE;
    private static final MethodHandle INTERRUPT_ALL;

    static {
        try {
            INTERRUPT_ALL = MethodHandles.lookup().findStatic(LaunchRecorder.class, "interruptAll",
                    MethodType.methodType(void.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
        // Before any recorder exists, so before any launch can be held: every binding of device work calls it first.
        DeviceWork.runFirst(INTERRUPT_ALL);
    }

    private static final LongAdder BUILT = new LongAdder();
    private static final LongAdder REPLAYED = new LongAdder();
    private static final LongAdder UPDATED = new LongAdder();
    private static final LongAdder INSTANTIATED = new LongAdder();
    private static final LongAdder FLUSHED = new LongAdder();
    private static final LongAdder INTERRUPTIONS = new LongAdder();

    /** A graph built from a segment of {@code shape}, and its executable graphs, most recently used first. */
    private record Graph(Shape shape, long handle, List<Launch> template, long[] nodes, List<Exec> execs) {
    }

    /** An executable graph and the parameter bytes and grid ({@link GraphShapes#grid}) each of its nodes has now. */
    private record Exec(long handle, byte[][] params, long[] grids) {
        boolean runs(List<Launch> launches) {
            for (int i = 0; i < params.length; i++) {
                if (!launches.get(i).hasParams(params[i]) || grid(launches.get(i)) != grids[i]) {
                    return false;
                }
            }
            return true;
        }
    }

    private final GraphDevice device;
    private volatile boolean enabled;
    /** Whether a graph call failed: recording stays off for good. */
    private boolean failed;

    // This segment.
    /** Its launches (while deferring, the launches held), while it may still become a graph. */
    private final List<Launch> segment = new ArrayList<>();
    /** Whether it had more launches than a graph may have. */
    private boolean tooLong;
    /** Whether every launch of it had at most {@link #smallBlocks} blocks. */
    private boolean small = true;
    /** Whether its launches are being held for a graph (none has gone out yet). */
    private boolean deferring;
    /**
     * While deferring: where the launches held lead in the tree of the kept graphs' shapes ({@link Prefix}), a node
     * at or below which a graph ends.
     */
    private Prefix<Graph> at;

    // Across segments.
    /** The graphs kept, by shape, least recently used first. */
    private final LinkedHashMap<Shape, Graph> graphs = new LinkedHashMap<>(16, 0.75f, true);
    /** The kept graphs' shapes as a tree: a segment's launches walk down it, one step a launch. */
    private final Prefix<Graph> root = new Prefix<>(null);
    /** How often each shape without a graph was seen, least recently seen first. */
    private final LinkedHashMap<Shape, Integer> seen = new LinkedHashMap<>(16, 0.75f, true);

    /** The thread that created the recorder: with per-thread streams, the only one that drives its context. */
    private final Thread owner;
    /**
     * The most launches held before they go out as a graph of their own (a chunk of the segment, which ends there
     * as at other device work) while all its launches are small ({@link #SMALL_BLOCKS}); 0 for none.
     */
    private final int chunk;
    /**
     * The most blocks a launch may have for its grid to change in a kept graph ({@link #SMALL_BLOCKS}); unless
     * {@link CudaSwitches#GRAPH_BLOCKS} is set, any once a partition's launch came ({@link Launch#lane()}): the
     * partitions' kernels then run as branches of a graph side by side, which eager launches on one stream cannot,
     * and the grids of their agent kernels follow populations that change every tick (StupidModel with a million
     * bugs on 2 partitions of an H100: faster in 6 of 7 runs in turn, by about 11% on the mean; one block, which
     * keeps the bound, ran up to 10% slower without it; docs/gpu.md, "Launches and CUDA graphs").
     */
    private long smallBlocks = SMALL_BLOCKS;
    /** Whether a launch came since the last end of a segment by other device work or by a tick. */
    private boolean launched;
    private long built;
    private long replayed;
    private long updated;
    private long instantiated;
    private long flushed;

    /** A recorder, off until {@link #setEnabled}, with the chunks of {@link CudaSwitches#GRAPH_CHUNK}. */
    public LaunchRecorder(GraphDevice device) {
        this(device, (int) CudaSwitches.GRAPH_CHUNK.whole());
    }

    /** A recorder whose graphs hold at most {@code chunk} launches (0: a whole segment). */
    LaunchRecorder(GraphDevice device, int chunk) {
        this.device = device;
        this.owner = Thread.currentThread();
        this.chunk = chunk;
    }

    /**
     * Makes every recorder that is on ready for device work other than its launches: the segment each holds ends
     * there (its launches go out first, as a graph where they match one whole).
     */
    public static void interruptAll() {
        Thread me = Thread.currentThread();
        for (LaunchRecorder r : active) {
            // With per-thread streams work orders only with the launches of its own thread's stream: another
            // thread's held launches stay with it (sent out here they would land on this thread's stream).
            if (!Streams.PER_THREAD || r.owner == me) {
                r.interrupt();
            }
        }
    }

    /** Whether launches are recorded. */
    public boolean enabled() {
        return enabled;
    }

    /**
     * Turns recording on or off. Off, launches held go out first, the graphs are dropped and every launch goes out
     * at once ({@link #hold} returns false). After a failed graph call it stays off.
     */
    public synchronized void setEnabled(boolean on) {
        if (on == enabled || on && failed) {
            return;
        }
        if (!on) {
            try {
                device.inContext(() -> {
                    if (deferring) {
                        flush();
                    }
                    dropGraphs();
                });
            } finally {
                forget();
                enabled = false;
                unregister(this);
            }
        } else {
            enabled = true;
            register(this);
        }
    }

    /**
     * Takes a launch of this context, with the context current. Returns true when the launch is held for a
     * graph; false when the caller must launch it now (anything held has then gone out before it).
     */
    public synchronized boolean hold(Launch launch) {
        if (!enabled) {
            return false;
        }
        launched = true;
        if (BLOCKS_BY_LANES && launch.lane() >= 0 && smallBlocks != Long.MAX_VALUE) {
            anyGrid();
        }
        int i = segment.size();
        if (tooLong || i >= MAX_NODES) {
            if (deferring) {
                flush();
            }
            tooLong = true; // launches beyond what a graph may have: this segment will not become one
            segment.clear();
            return false;
        }
        if (i == 0) {
            at = root.next(launch, smallBlocks);
            deferring = at != null;
        } else if (deferring) {
            at = at.next(launch, smallBlocks);
            if (at == null) {
                flush();
            }
        }
        small &= blocks(launch) <= smallBlocks;
        segment.add(launch);
        if (chunk > 0 && segment.size() == chunk && small) {
            // the chunk goes out now (as a graph where it matches one), and the next launch starts another: the
            // device runs it while the host prepares the next
            boolean held = deferring;
            end(true);
            return held;
        }
        return deferring;
    }

    /**
     * Lets a kept graph take any grid from now on ({@link #smallBlocks}): what is held goes out first, and the graphs
     * and shapes learnt with the old bound go.
     */
    private void anyGrid() {
        if (deferring) {
            flush();
        }
        dropGraphs();
        seen.clear();
        smallBlocks = Long.MAX_VALUE;
        small = true;
    }

    private void interrupt() {
        if (!enabled) {
            return;
        }
        synchronized (this) {
            if (enabled && launched) {
                INTERRUPTIONS.increment();
            }
            launched = false;
            if (!enabled || segment.isEmpty() && !tooLong) {
                return; // work between two segments needs no order with either
            }
            try {
                device.inContext(() -> endSegment(true));
            } catch (RuntimeException e) {
                fail();
                throw e;
            }
        }
    }

    /** Ends a tick, with the context current: it ends a segment too. */
    public synchronized void tickEnded() {
        launched = false;
        if (!enabled) {
            return;
        }
        end(false);
    }

    /** Ends the segment ({@link #endSegment}); a failure there stops the recording for good. */
    private void end(boolean interrupted) {
        try {
            endSegment(interrupted);
        } catch (RuntimeException e) {
            fail();
            throw e;
        }
    }

    /**
     * Ends the segment: launches the graph it matched whole, or sends its held launches one by one; counts its shape
     * towards a graph and builds one after {@value #REPEATS} alike, where it ended a tick or its launches are small
     * ({@link #SMALL_BLOCKS}).
     *
     * @param interrupted whether other device work ends it (else the end of a tick)
     */
    private void endSegment(boolean interrupted) {
        try {
            Graph whole = null;
            if (deferring) {
                whole = at.graph();
                if (whole != null) {
                    replay(whole);
                } else {
                    flush();
                }
            }
            if (whole == null && !tooLong && !segment.isEmpty() && (small || !interrupted)) {
                learn();
            }
        } finally {
            segment.clear();
            at = null;
            deferring = false;
            tooLong = false;
            small = true;
        }
    }

    /** Counts the segment's shape towards a graph, and builds it after {@value #REPEATS} alike. */
    private void learn() {
        Shape shape = Shape.of(segment, smallBlocks);
        if (graphs.get(shape) != null) {
            return;
        }
        int times = seen.merge(shape, 1, Integer::sum);
        if (times < REPEATS) {
            if (seen.size() > SHAPES) {
                Iterator<Shape> oldest = seen.keySet().iterator();
                oldest.next();
                oldest.remove();
            }
            return;
        }
        seen.remove(shape);
        long[] nodes = new long[segment.size()];
        long handle = device.createGraph(segment, nodes);
        Graph graph = new Graph(shape, handle, List.copyOf(segment), nodes, new ArrayList<>());
        graphs.put(shape, graph);
        root.add(graph, graph.template(), smallBlocks);
        built++;
        BUILT.increment();
        if (graphs.size() > GRAPHS) {
            Iterator<Graph> oldest = graphs.values().iterator();
            Graph g = oldest.next();
            oldest.remove();
            root.remove(g.template(), smallBlocks);
            destroy(g);
        }
    }

    /** Launches {@code graph} with the held launches' parameters. */
    private void replay(Graph graph) {
        deferring = false;
        try {
            Exec exec = null;
            List<Exec> execs = graph.execs();
            for (int e = 0; e < execs.size() && exec == null; e++) {
                if (execs.get(e).runs(segment)) {
                    exec = execs.remove(e);
                }
            }
            if (exec == null) {
                if (execs.size() < EXECS) {
                    byte[][] params = new byte[segment.size()][];
                    long[] grids = new long[segment.size()];
                    for (int i = 0; i < params.length; i++) {
                        params[i] = graph.template().get(i).params();
                        grids[i] = grid(graph.template().get(i));
                    }
                    exec = new Exec(device.instantiate(graph.handle()), params, grids);
                    instantiated++;
                    INSTANTIATED.increment();
                } else {
                    exec = execs.remove(execs.size() - 1);
                }
                execs.add(0, exec);
                for (int i = 0; i < segment.size(); i++) {
                    Launch l = segment.get(i);
                    if (!l.hasParams(exec.params()[i]) || grid(l) != exec.grids()[i]) {
                        device.update(exec.handle(), graph.nodes()[i], l);
                        exec.params()[i] = l.params();
                        exec.grids()[i] = grid(l);
                        updated++;
                        UPDATED.increment();
                    }
                }
            } else {
                execs.add(0, exec);
            }
            graphs.get(graph.shape()); // (most recently used)
            device.launchGraph(exec.handle());
        } catch (RuntimeException e) {
            // The held launches have not gone out: send them eagerly, so the segment's work is done if the device can.
            try {
                for (Launch l : segment) {
                    device.launch(l);
                }
            } catch (RuntimeException again) {
                e.addSuppressed(again);
            }
            throw e;
        }
        replayed++;
        REPLAYED.increment();
    }

    /** Launches the held launches from their copies, in order; the rest of the segment goes out at once. */
    private void flush() {
        deferring = false;
        at = null;
        for (Launch l : segment) {
            device.launch(l);
        }
        flushed++;
        FLUSHED.increment();
    }

    private void destroy(Graph g) {
        for (Exec e : g.execs()) {
            device.destroyExec(e.handle());
        }
        g.execs().clear();
        device.destroyGraph(g.handle());
    }

    private void dropGraphs() {
        List<Graph> all = new ArrayList<>(graphs.values());
        graphs.clear();
        root.clear();
        at = null;
        deferring = false;
        RuntimeException first = null;
        for (Graph g : all) {
            try {
                destroy(g);
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    /** After a failed graph call: no graph, nothing learnt, every launch from now on at once. */
    private void fail() {
        try {
            dropGraphs();
        } catch (RuntimeException ignored) {
            // the first failure is the one reported
        }
        forget();
        failed = true;
        enabled = false;
        unregister(this);
    }

    private void forget() {
        graphs.clear();
        root.clear();
        seen.clear();
        segment.clear();
        at = null;
        deferring = false;
        tooLong = false;
        small = true;
    }

    /**
     * What recorders have done (the API reports it as {@code CudaGraphs.Counts}).
     *
     * @param built graphs built from a repeated segment of launches
     * @param replayed segments that ran as a graph launch
     * @param updated graph nodes whose parameters were changed before a launch
     * @param instantiated executable graphs made
     * @param flushed segments whose held launches went out one by one instead
     */
    public record Tally(long built, long replayed, long updated, long instantiated, long flushed) {

        /** The counts since {@code before}. */
        public Tally since(Tally before) {
            return new Tally(built - before.built, replayed - before.replayed, updated - before.updated,
                    instantiated - before.instantiated, flushed - before.flushed);
        }
    }

    /** What this recorder has done. */
    public synchronized Tally counts() {
        return new Tally(built, replayed, updated, instantiated, flushed);
    }

    /** {@return the segments of launches that other device work (a wait, a copy) ended, in every recorder so far} */
    public static long interruptions() {
        return INTERRUPTIONS.sum();
    }

    /** What every recorder of this JVM has done. */
    public static Tally totals() {
        return new Tally(BUILT.sum(), REPLAYED.sum(), UPDATED.sum(), INSTANTIATED.sum(), FLUSHED.sum());
    }

    /** Launches what is held, destroys the graph and stops recording. */
    @Override
    public void close() {
        setEnabled(false);
    }

    private static void register(LaunchRecorder r) {
        synchronized (REGISTRY) {
            LaunchRecorder[] now = Arrays.copyOf(active, active.length + 1);
            now[now.length - 1] = r;
            active = now;
        }
    }

    private static void unregister(LaunchRecorder r) {
        synchronized (REGISTRY) {
            active = Arrays.stream(active).filter(x -> x != r).toArray(LaunchRecorder[]::new);
        }
    }
}
