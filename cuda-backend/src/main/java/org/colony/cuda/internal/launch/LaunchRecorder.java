package org.colony.cuda.internal.launch;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.colony.cuda.internal.bind.DeviceWork;

/**
 * Replays a repeated tick of kernel launches as a CUDA graph. One per CUDA context of a backend; the context's
 * kernel launches come here ({@link #hold}), the backend says where a tick ends ({@link #tickEnded}), and
 * every other piece of device work (a copy, a memset, a sync, an event, an allocation, a module load, NCCL)
 * first calls {@link #interruptAll()}, which the driver bindings do by construction: this class installs it as
 * the hook of {@link DeviceWork} when it is loaded, before any recorder can hold a launch.
 *
 * <p>Eager: launches go out at once and are recorded. When {@value #REPEATS} ticks in a row had the same
 * launches (same kernels, grids and blocks, in the same order) with no other device work between them, a graph
 * of one kernel node per launch, each after the one before, is built, and the recorder defers: the next tick's
 * launches are held and matched node by node, and at the tick's end, if every node matched, the graph is
 * launched on the stream of the eager launches, with the nodes' parameters updated where their bytes changed.
 * Executable graphs are kept by their exact parameter bytes ({@value #EXECS} per graph, the least recently used
 * is updated), so a double buffer whose columns swap every tick alternates two of them with no update.
 *
 * <p>A launch that does not match the next node, or other device work while launches are held, first launches
 * the held ones from their copies, in order ({@link #flush}), and the rest of the tick goes out eagerly. Device
 * work after the whole graph was held launches the graph there instead. At the tick's end a graph whose shape
 * the tick did not have is dropped, and the tick counts towards a new one.
 *
 * <p>Thread-safe: the driver's thread calls {@link #hold} and {@link #tickEnded}, any thread may interrupt.
 */
public final class LaunchRecorder implements AutoCloseable {

    /** Ticks in a row with the same launches before they become a graph. */
    static final int REPEATS = 2;
    /** The most launches a tick may have and still become a graph. */
    static final int MAX_NODES = 256;
    /** Executable graphs kept per graph, by parameter values. */
    static final int EXECS = 2;

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

    /** A graph built from a tick, and its executable graphs, most recently used first. */
    private record Graph(long handle, List<Launch> template, long[] nodes, List<Exec> execs) {
    }

    /** An executable graph and the parameter bytes each of its nodes has now. */
    private record Exec(long handle, byte[][] params) {
        boolean runs(List<Launch> launches) {
            for (int i = 0; i < params.length; i++) {
                if (!launches.get(i).hasParams(params[i])) {
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

    // This tick.
    /** Its launches, while it may still become a graph (or, deferring, the launches held). */
    private final List<Launch> tick = new ArrayList<>();
    private int launches;
    /** Its leading launches that have the shape of the graph's nodes. */
    private int matched;
    /** How many launches it had when other device work first came after a launch; -1: none yet. */
    private int interruptedAt = -1;
    /** Whether its launches are being held for the graph (none has gone out yet). */
    private boolean deferring;

    // Across ticks.
    private List<Launch> previous;
    private int repeats;
    private Graph graph;

    private long built;
    private long replayed;
    private long updated;
    private long instantiated;
    private long flushed;

    /** A recorder, off until {@link #setEnabled}. */
    public LaunchRecorder(GraphDevice device) {
        this.device = device;
    }

    /**
     * Makes every recorder that is on ready for device work other than its launches: launches it holds go out
     * first (as a graph when the whole graph is held), and a tick with launches on both sides of the work does not
     * become a graph.
     */
    public static void interruptAll() {
        for (LaunchRecorder r : active) {
            r.interrupt();
        }
    }

    /** Whether launches are recorded. */
    public boolean enabled() {
        return enabled;
    }

    /**
     * Turns recording on or off. Off, launches held go out first, the graph is dropped and every launch goes out
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
                    dropGraph();
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
     * Takes a launch of this context, with the context current. Returns true when the launch is held for the
     * graph; false when the caller must launch it now (anything held has then gone out before it).
     */
    public synchronized boolean hold(Launch launch) {
        if (!enabled) {
            return false;
        }
        int i = launches;
        if (launches <= MAX_NODES) {
            launches++; // counts up to one past the limit: a driver that never ends a tick cannot overflow it
        }
        if (graph != null && matched == i && i < graph.nodes().length && graph.template().get(i).sameShape(launch)) {
            matched++;
        }
        if (deferring) {
            if (matched == launches) {
                tick.add(launch);
                return true;
            }
            flush();
        }
        if (interruptedAt >= 0 || i >= MAX_NODES) {
            tick.clear(); // launches on both sides of other work, or too many: this tick will not become a graph
        } else {
            tick.add(launch);
        }
        return false;
    }

    private void interrupt() {
        if (!enabled) {
            return;
        }
        synchronized (this) {
            if (!enabled || launches == 0) {
                return; // work before a tick's first launch needs no order with it
            }
            if (interruptedAt < 0) {
                interruptedAt = launches;
            }
            if (deferring) {
                boolean whole = matched == graph.nodes().length;
                device.inContext(whole ? this::replay : this::flush);
            }
        }
    }

    /**
     * Ends a tick, with the context current: launches the graph where the tick matched it, drops it where it did
     * not, and builds one when the tick repeats the one before.
     */
    public synchronized void tickEnded() {
        if (!enabled) {
            return;
        }
        try {
            if (launches == 0) {
                return; // an empty tick changes nothing
            }
            boolean same = graph != null && matched == launches && launches == graph.nodes().length;
            if (deferring) {
                if (same) {
                    replay();
                } else {
                    flush();
                }
            }
            if (graph != null && !same) {
                dropGraph();
            }
            if (graph == null) {
                learn();
            }
        } catch (RuntimeException e) {
            fail();
            throw e;
        } finally {
            startTick();
        }
    }

    /** Counts a tick with no graph towards one, and builds it after {@value #REPEATS} alike. */
    private void learn() {
        boolean capturable = launches <= MAX_NODES && (interruptedAt < 0 || interruptedAt == launches);
        if (!capturable) {
            previous = null;
            repeats = 0;
            return;
        }
        if (previous != null && sameShapes(previous, tick)) {
            repeats++;
        } else {
            previous = List.copyOf(tick);
            repeats = 1;
        }
        if (repeats >= REPEATS) {
            long[] nodes = new long[tick.size()];
            long handle = device.createGraph(tick, nodes);
            graph = new Graph(handle, List.copyOf(tick), nodes, new ArrayList<>());
            built++;
            BUILT.increment();
        }
    }

    private static boolean sameShapes(List<Launch> one, List<Launch> other) {
        if (one.size() != other.size()) {
            return false;
        }
        for (int i = 0; i < one.size(); i++) {
            if (!one.get(i).sameShape(other.get(i))) {
                return false;
            }
        }
        return true;
    }

    /** Launches the graph with the held launches' parameters. */
    private void replay() {
        deferring = false;
        try {
            Exec exec = null;
            List<Exec> execs = graph.execs();
            for (int e = 0; e < execs.size() && exec == null; e++) {
                if (execs.get(e).runs(tick)) {
                    exec = execs.remove(e);
                }
            }
            if (exec == null) {
                if (execs.size() < EXECS) {
                    byte[][] params = new byte[tick.size()][];
                    for (int i = 0; i < params.length; i++) {
                        params[i] = graph.template().get(i).params();
                    }
                    exec = new Exec(device.instantiate(graph.handle()), params);
                    instantiated++;
                    INSTANTIATED.increment();
                } else {
                    exec = execs.remove(execs.size() - 1);
                }
                execs.add(0, exec);
                for (int i = 0; i < tick.size(); i++) {
                    Launch l = tick.get(i);
                    if (!l.hasParams(exec.params()[i])) {
                        device.update(exec.handle(), graph.nodes()[i], l);
                        exec.params()[i] = l.params();
                        updated++;
                        UPDATED.increment();
                    }
                }
            } else {
                execs.add(0, exec);
            }
            device.launchGraph(exec.handle());
        } catch (RuntimeException e) {
            // The held launches have not gone out: send them eagerly, so the tick's work is done if the device can.
            try {
                for (Launch l : tick) {
                    device.launch(l);
                }
            } catch (RuntimeException again) {
                e.addSuppressed(again);
            }
            fail();
            throw e;
        }
        replayed++;
        REPLAYED.increment();
    }

    /** Launches the held launches from their copies, in order; the rest of the tick goes out at once. */
    private void flush() {
        deferring = false;
        for (Launch l : tick) {
            device.launch(l);
        }
        flushed++;
        FLUSHED.increment();
    }

    private void dropGraph() {
        Graph g = graph;
        if (g == null) {
            return;
        }
        graph = null;
        deferring = false;
        for (Exec e : g.execs()) {
            device.destroyExec(e.handle());
        }
        g.execs().clear();
        device.destroyGraph(g.handle());
    }

    /** After a failed graph call: no graph, nothing learnt, every launch from now on at once. */
    private void fail() {
        try {
            dropGraph();
        } catch (RuntimeException ignored) {
            // the first failure is the one reported
        }
        forget();
        failed = true;
        enabled = false;
        unregister(this);
    }

    private void forget() {
        graph = null;
        previous = null;
        repeats = 0;
        startTick();
    }

    private void startTick() {
        tick.clear();
        launches = 0;
        matched = 0;
        interruptedAt = -1;
        deferring = graph != null;
    }

    /**
     * What recorders have done (the API reports it as {@code CudaGraphs.Counts}).
     *
     * @param built graphs built from a repeated tick
     * @param replayed ticks that ran as a graph launch
     * @param updated graph nodes whose parameters were changed before a launch
     * @param instantiated executable graphs made
     * @param flushed ticks whose held launches went out one by one instead
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
