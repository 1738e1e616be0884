package org.colony.cuda.internal.launch;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.bind.GraphCalls;
import org.colony.cuda.internal.device.CudaDevice;
import org.colony.cuda.internal.device.DeviceErrors;
import org.colony.cuda.tuning.CudaSwitches;
import org.colony.kernel.ModelDescriptor;
import org.colony.runtime.spi.Closeables;
import org.colony.runtime.spi.DeviceTimings;

/**
 * What every store of one backend on one device shares: the device, the compiler, the loaded kernels, the error
 * record, and the launch recorder through which every kernel launch of the stores goes ({@link #launch}).
 */
public final class CudaContext implements AutoCloseable {

    /** How place steps are held: see {@link #holding}. */
    private final Holding hold;

    private final CudaDevice device;
    private final KernelCompiler compiler;
    private final Map<Class<?>, ModelKernels> models = new HashMap<>();
    private SupportKernels support;
    private final DeviceErrors errors;
    private final LaunchTimer timer;
    private final LaunchRecorder recorder;
    /** Whether this context may replay ticks as CUDA graphs at all (one device, graphs on, a driver that has them). */
    private final boolean graphs;
    private boolean partitioned;
    /** Whether a partition's block runs its side-by-side work on this context's own stream ({@link #claimStream}). */
    private boolean streamClaimed;
    private boolean timed;
    /** Whether launches carry the partition whose own work they are ({@link CudaSwitches#SIDE_BY_SIDE}). */
    private static final boolean SIDE_BY_SIDE = CudaSwitches.SIDE_BY_SIDE.on();
    /** The partition whose own work the launches are now ({@link #lane(int)}); -1 for none. */
    private int lane = -1;
    /** The reads of partitions' counts queued without their events ({@link #awaitingFence}). */
    private final List<Runnable> unfenced = new ArrayList<>();
    /** The kernels launched (or held for a graph) so far, through {@link #launch} and {@link #launchOn}. */
    private long launches;

    /**
     * @param device the GPU
     * @param fast whether kernels may use fused multiply-add and fast math
     * @param graphs whether repeated ticks may be replayed as CUDA graphs (the caller applies
     *     {@code CudaGraphs.allowedNow()}, which reads {@code colony.cuda.graphs}); they are where the driver has them
     */
    public CudaContext(CudaDevice device, boolean fast, boolean graphs) {
        this.device = device;
        this.timer = new LaunchTimer(device);
        this.compiler = new KernelCompiler(device.architecture(), fast);
        device.makeCurrent();
        this.errors = new DeviceErrors();
        this.graphs = graphs && GraphCalls.available();
        this.hold = new Holding((int) CudaSwitches.HOLD.whole(), (int) CudaSwitches.HOLD_TILE.whole(),
                (int) CudaSwitches.HOLD_SHARED.whole(), CudaSwitches.HOLD_MIN_CELLS.whole(),
                CudaSwitches.HOLD_COMPILE.choice().equals("wait"), CudaSwitches.BIT_STORAGE.on());
        this.recorder = new LaunchRecorder(new DriverGraphs(device.context()));
        recorder.setEnabled(this.graphs);
    }

    /**
     * Launches a kernel of this context on its stream, with the context current: at once, or held by the recorder
     * for the tick's graph.
     *
     * @param frame whether the kernel takes {@code params}' frame as its first parameter
     */
    public void launch(long function, int gx, int gy, int gz, int bx, int by, int bz, KernelParams params,
            boolean frame, String name) {
        launch(function, gx, gy, gz, bx, by, bz, 0, params, frame, name);
    }

    /** As {@link #launch(long, int, int, int, int, int, int, KernelParams, boolean, String)}, with dynamic shared memory. */
    public void launch(long function, int gx, int gy, int gz, int bx, int by, int bz, int sharedBytes,
            KernelParams params, boolean frame, String name) {
        launches++;
        if (recorder.enabled() && recorder.hold(new Launch(function, gx, gy, gz, bx, by, bz, sharedBytes,
                frame ? params.frameBytes() : 0, params.snapshot(frame), name, lane))) {
            return;
        }
        Driver.launchInOrder(function, gx, gy, gz, bx, by, bz, sharedBytes, 0L,
                frame ? params.pointers() : params.pointersWithoutFrame(), name);
    }

    /**
     * Marks the launches from now on as partition {@code partition}'s own work, which touches only its memory (-1: work
     * that may touch any partition's, the default): a graph of the launches runs each partition's own after its
     * launch before, beside the others' ({@link Launch#lane()}). Partitions of one GPU are driven by one thread, which
     * marks a partition's calls and restores the mark before after them ({@link CudaSwitches#SIDE_BY_SIDE}).
     *
     * @return the mark before
     */
    public int lane(int partition) {
        int before = lane;
        lane = SIDE_BY_SIDE ? partition : -1;
        return before;
    }

    /**
     * {@return whether launches may be held for a graph now: partitions of one GPU then keep their own work in one run of
     * launches ({@link #lane(int)}); where they exchange over NCCL or MPI every launch goes out at once}
     */
    public boolean holdsLaunches() {
        return recorder.enabled();
    }

    /** {@return the partition whose own work the launches are now, -1 for none ({@link #lane(int)})} */
    public int lane() {
        return lane;
    }

    /**
     * Notes a read queued without its event ({@code fence} records it): partitions of the device queue the copies of
     * their counts as kernels of their own, and the first read records every event ({@link #fenceQueued}).
     */
    public void awaitingFence(Runnable fence) {
        unfenced.add(fence);
    }

    /**
     * Records the events of every read queued without one ({@link #awaitingFence}), after the work queued so far: before
     * a partition's read of its counts, and before work that the reads need not wait for (a deferred round's finish
     * queued ahead of them).
     */
    public void fenceQueued() {
        for (int i = 0; i < unfenced.size(); i++) { // (a fence records an event: it adds none; run twice, it does nothing)
            unfenced.get(i).run();
        }
        unfenced.clear();
    }

    /** Runs {@code work} with its launches marked as partition {@code partition}'s own ({@link #lane(int)}). */
    public void inLane(int partition, Runnable work) {
        int before = lane(partition);
        try {
            work.run();
        } finally {
            lane = before;
        }
    }

    /** {@return what {@code work} returns, run with its launches marked as partition {@code partition}'s own} */
    public <T> T inLane(int partition, Supplier<T> work) {
        int before = lane(partition);
        try {
            return work.get();
        } finally {
            lane = before;
        }
    }

    /**
     * Launches on {@code stream}, a stream of the caller's beside the context's own (which the caller orders it against
     * with events): a partition's pass or step, beside the other partitions' of the device. Like any device work other
     * than the context's own launches, it lets the launches the recorder holds go out first.
     */
    public void launchOn(long stream, long function, int gx, int gy, int gz, int bx, int by, int bz, int sharedBytes,
            KernelParams params, String name) {
        launches++;
        Driver.launch(function, gx, gy, gz, bx, by, bz, sharedBytes, stream, params.pointers(), name);
    }

    /**
     * {@return the kernels launched on this context so far} Device memory that only kernels write (and the host
     * through calls of its own) is as it was while this number stays the same, as the thread that launches on one block
     * sees it: the side threads of partitions add to it without synchronizing, and no partition reads it.
     */
    public long launches() {
        return launches;
    }

    /**
     * How place steps are held ({@code HeldPlaceSteps}), as the switches said when the context was made.
     *
     * @param steps the steps a pass runs, 0 for the rule, 1 for none ({@link CudaSwitches#HOLD})
     * @param tile the tile's side, 0 for the largest ({@link CudaSwitches#HOLD_TILE})
     * @param sharedBytes the shared memory a tile pass's block takes, 0 for the default ({@link CudaSwitches#HOLD_SHARED})
     * @param minCells the fewest places held ({@link CudaSwitches#HOLD_MIN_CELLS})
     * @param waitForCompile whether a pass waits for its kernel ({@link CudaSwitches#HOLD_COMPILE})
     * @param bitStorage whether bit-sliced passes keep booleans as bits in device memory
     *     ({@link CudaSwitches#BIT_STORAGE})
     */
    public record Holding(int steps, int tile, int sharedBytes, long minCells, boolean waitForCompile,
            boolean bitStorage) {
    }

    /** {@return how place steps are held} */
    public Holding holding() {
        return hold;
    }

    /**
     * {@return whether the calling partition's block may run the work it runs beside the other partitions' on this
     * context's own stream: true for one block at a time (the first to launch such work, until it gives the stream
     * back)}
     */
    public synchronized boolean claimStream() {
        if (streamClaimed) {
            return false;
        }
        streamClaimed = true;
        return true;
    }

    /** Gives the stream {@link #claimStream} lent back (the block closed). */
    public synchronized void releaseStream() {
        streamClaimed = false;
    }

    /** Ends a tick: a repeated tick's launches go out as a graph. */
    public void tickEnded() {
        if (recorder.enabled()) {
            device.makeCurrent();
            recorder.tickEnded();
        }
    }

    /**
     * Notes that a grid on this device is cut into partitions whose exchanges leave the device or the process (NCCL,
     * MPI): work the recorder cannot see runs between the launches, so it holds none (no graphs). Partitions that all
     * live on one GPU of one process exchange inside the device (a grid's place halos by a copy kernel a column, the
     * rest by pack and unpack kernels through the receiver's buffer, all of which the recorder sees) and keep their
     * graphs.
     */
    public void partitioned() {
        partitioned = true;
        updateGraphs();
    }

    /**
     * Starts timing step calls on the device for {@code --profile}, or with null delivers the pending timings and
     * stops; no graphs while timing (events between the launches).
     */
    public void timeOnDevice(DeviceTimings timings) {
        device.makeCurrent();
        if (timings != null) {
            timed = true;
            updateGraphs();
            timer.deliverTo(timings);
        } else {
            timer.deliverTo(null);
            timed = false;
            updateGraphs();
        }
    }

    private void updateGraphs() {
        device.makeCurrent();
        recorder.setEnabled(graphs && !partitioned && !timed);
    }

    /** The error record every kernel on this device reports to. */
    public DeviceErrors errors() {
        return errors;
    }

    /**
     * Queues a copy of the error record to {@code dst} ({@link DeviceErrors#BYTES}) behind the work queued so far, so
     * that the host reads it with counts it waits for anyway and passes it to {@link DeviceErrors#check}: a kernel, not
     * a copy, so that it joins the launches before it in their graph.
     *
     * @param params the parameter list to launch with (begun here)
     */
    public void copyErrorsTo(long dst, KernelParams params) {
        KernelParams p = params.begin();
        p.add(errors.pointer()).add(dst).add(DeviceErrors.BYTES);
        launch(support().function("colony_copy_bytes"), Grids.blocks(DeviceErrors.BYTES), 1, 1, Grids.THREADS, 1, 1, p,
                false, "colony_copy_bytes");
    }

    /** The GPU. */
    public CudaDevice device() {
        return device;
    }

    /** The compiler. */
    public KernelCompiler compiler() {
        return compiler;
    }

    /** The kernels of a model, compiled and loaded on first use. */
    public ModelKernels kernels(ModelDescriptor model) {
        device.makeCurrent();
        return models.computeIfAbsent(model.info().modelClass(), c -> new ModelKernels(model, compiler, errors));
    }

    /** The runtime's own kernels, compiled and loaded on first use. */
    public SupportKernels support() {
        device.makeCurrent();
        if (support == null) {
            support = new SupportKernels(compiler);
        }
        return support;
    }

    /** Device time of step calls for {@code --profile}; off unless the runtime asks for it. */
    public LaunchTimer timer() {
        return timer;
    }

    @Override
    public void close() {
        device.makeCurrentToRelease();
        List<AutoCloseable> all = new ArrayList<>(List.of(recorder, timer));
        all.addAll(models.values());
        all.add(support);
        all.add(errors);
        all.add(device);
        Closeables.closeAll(all);
    }
}
