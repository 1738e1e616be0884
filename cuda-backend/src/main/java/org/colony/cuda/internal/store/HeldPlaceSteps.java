package org.colony.cuda.internal.store;

import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import org.colony.ColonyException;
import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.device.CudaModule;
import org.colony.cuda.internal.device.DeviceBuffer;
import org.colony.cuda.internal.device.DeviceErrors;
import org.colony.cuda.internal.launch.CudaContext;
import org.colony.cuda.internal.launch.Frames;
import org.colony.cuda.internal.launch.KernelParams;
import org.colony.cuda.internal.launch.ModelKernels;
import org.colony.cuda.tuning.CudaSwitches;
import org.colony.kernel.Call;
import org.colony.kernel.Layout;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.StepInfo;
import org.colony.kernel.cuda.KernelParam;

/**
 * Place steps that a GPU block holds back and runs several at a time (temporal blocking): one kernel, compiled for
 * the run of steps it holds ({@link HeldKernelSource}), in which each block of threads loads a tile of the grid with a
 * halo as wide as the steps reach together into shared memory, runs every step on the tile, each on a region one
 * step's reach narrower than the step before, and writes the middle back. A step's work on a cell is its generated
 * cell function (or strip, interior or bit-sliced function), the very code its own kernel runs, with the tile's
 * columns and stride in place of the grid's, so each cell gets the same arithmetic in the same order and the results
 * are the same bits as the steps run one at a time.
 *
 * <p>Held: calls of place steps that have a cell function ({@code CudaStep.cell}) on a block covering a whole 2-D
 * grid (wrapping or not) of at least {@link CudaSwitches#HOLD_MIN_CELLS} places with no agents on it, with the profile
 * off, except steps that launch a SWAR form and have no bit-sliced one; a partition's block (of a grid or a torus)
 * runs the passes its partitioned collection asks for. A pass writes every attribute it changes to a second column,
 * since other blocks may still be loading the first: the attribute's own second column, or for one written in place a
 * spare column of the held steps', which then takes the first's place. The store runs the held steps before anything
 * else it does (a read, a write, a count, a reduction, another step, its wait) and whenever {@link CudaSwitches#HOLD}
 * are held.
 */
final class HeldPlaceSteps implements AutoCloseable {

    /** The threads of a block of a held pass. */
    static final int THREADS = 256;
    /**
     * The shared memory a block of a tile pass takes where {@code colony.cuda.hold.shared} does not say (or the most
     * the device allows a block): three blocks a multiprocessor on an H100. Measured there, one run, the Heat2D tick
     * held, ms a step in {@code float} at 9000² and 16384² and {@code double} at 9000² and 16384²: 48 KiB 0.1129,
     * 0.3639, 0.1931, 0.6316; 64 KiB 0.1087, 0.4265, 0.1760, 0.5759; 72 KiB 0.1060, 0.3383, 0.1745, 0.5707;
     * 75 KiB 0.1053, 0.3377, 0.1683, 0.5490; with two blocks a multiprocessor (80 KiB and up) slower again.
     */
    static final int SHARED_BYTES = 75 * 1024;
    /**
     * Without {@link CudaSwitches#HOLD}, a pass takes steps while its tile stays this many times as wide as its halo:
     * on an H100 the Heat2D tick ran fastest at 6 steps a pass in {@code float} (tile 66, halo 6) and 4 in
     * {@code double} (tile 47, halo 4), both about 11 times, and slower with 8 and 6 (about 8 and 7 times).
     */
    static final int TILE_PER_HALO = 10;
    /** The most steps a pass holds. */
    static final int MOST = 16;

    private final CudaContext cx;
    private final ModelInfo model;
    private final ModelKernels kernels;
    private final DeviceErrors errors;
    private final int depth;
    private final int tileOverride;
    /** The shared memory a block of a tile pass may take ({@link CudaSwitches#HOLD_SHARED}). */
    private final int sharedBytes;
    /** The calls held, as their steps see them ({@code Call.seenBy}), with copies of their arguments. */
    private final List<Call> held = new ArrayList<>();
    /** The run of no steps, from which every run of steps is reached a step at a time. */
    private final Run none;
    /** The run of the steps of the calls held. */
    private Run heldRun;
    /** The passes whose modules are loaded. */
    private final List<Pass> loaded = new ArrayList<>();
    /** By step, whether the pass of it called again and again is compiled (then the step is held). */
    private final boolean[] ready;
    /**
     * By step, the pass of it called again and again as it is worked out, written and compiled on a thread of its own;
     * null until the step is called {@value #CALLS_BEFORE_COMPILE} times.
     */
    private final CompletableFuture<?>[] preparing;
    /** Whether a step is held before its pass's kernel is compiled ({@link CudaSwitches#HOLD_COMPILE}). */
    private final boolean wait;
    /** The calls of a step after which the kernel of its pass is compiled (a step called fewer times runs at once). */
    static final int CALLS_BEFORE_COMPILE = 3;
    /** By step, its calls so far, until its pass's kernel is being compiled. */
    private final int[] callCounts;
    /** By step, whether it runs at once on this block: a pass of it would be one step, or its kernel failed. */
    private final boolean[] alone;
    /**
     * Whether the grid wraps: a block holding the whole torus loads across the seams itself, a partition's from its
     * halo (exchanged), and the cells past a seam run as the cells they copy.
     */
    private final boolean wrap;
    /** Runs a call at once (a block's own kernel), where a pass cannot run; null on a partition's block. */
    private final Consumer<Call> atOnce;
    /**
     * On a block holding a whole torus, the halo its bit-sliced passes load as a grid's, once the block's halo is that
     * wide ({@link #torusPad}) and filled with the cells across the seams ({@link #fillTorus}, before each pass);
     * 0 elsewhere.
     */
    private final int torusPad;
    /** Whether {@link #torusPad} answered already: the block widens its halo at most once. */
    private boolean torusAsked;
    /** Fills the wrapped halo of the named attributes where it is stale (the block's; null on a partition's). */
    private final Consumer<Set<Integer>> fillTorus;
    /** The block's shared values on the host, by index, as set so far (the store's own arrays). */
    private final Object[] shared;
    /**
     * Where NVRTC compiles passes: daemon threads, so that a compilation under way never keeps a process alive (the
     * exit waits for one inside NVRTC, {@code ExitGate}, and refuses those queued), at most {@value #COMPILERS} at
     * once however many passes are asked for.
     */
    private static final ExecutorService COMPILER = Executors.newFixedThreadPool(HeldPlaceSteps.COMPILERS, r -> {
        Thread t = new Thread(r, "colony-held-nvrtc");
        t.setDaemon(true);
        return t;
    });
    /** The most passes NVRTC compiles at once. */
    static final int COMPILERS = 2;
    /** Per attribute written in place (no second column), the column a pass writes it to; null until one does. */
    private DeviceBuffer[] spare;
    /**
     * A partition's block: the stream of its own its passes run on, beside the other partitions' of the device (a
     * pass of a partition may fill only part of the device: GameOfLife's at 9000², 306 blocks on 2 partitions); null
     * on a whole grid's block.
     */
    private final SideStream beside;
    private final Arena arena = Arena.ofShared();
    private final KernelParams params = new KernelParams(arena, Frames.BYTES, 256);
    /**
     * The boolean attributes the block keeps as bits between bit-sliced passes, which load and write those; null where
     * it keeps bytes.
     */
    private final BitColumns bits;

    /**
     * A compiled pass: its module and kernel, its tile, the dynamic shared memory a block of it takes and its name in
     * errors and profiles.
     */
    private record Pass(CudaModule module, long function, HeldKernelSource.Plan plan, int sharedBytes, String name) {
    }

    /**
     * A run of steps in the order a pass holds them, and what is known of a pass of them, each worked out once: held
     * steps are looked up a step at a time, with no key built per call (a run's first ticks run in the interpreter).
     */
    private final class Run {
        /** The steps, in order. */
        final int[] steps;
        /** The runs of these steps and one more, by that step. */
        private final Run[] then;
        /** The plan of a pass of them, empty where they do not fit one; null until worked out. */
        private Optional<HeldKernelSource.Plan> plan;
        /** The pass's CUBIN, compiled or being compiled by NVRTC on a thread of its own; null until asked for. */
        private CompletableFuture<byte[]> cubin;
        /** The pass, its module loaded; null until it first runs. */
        private Pass pass;

        Run(int[] steps) {
            this.steps = steps;
            this.then = new Run[model.steps().size()];
        }

        /** {@return the run of these steps and {@code step} after them} */
        Run then(int step) {
            Run r = then[step];
            if (r == null) {
                int[] s = Arrays.copyOf(steps, steps.length + 1);
                s[steps.length] = step;
                r = then[step] = new Run(s);
            }
            return r;
        }

        /** The plan of a pass of these steps; null where they do not fit one. */
        HeldKernelSource.Plan plan() {
            if (plan == null) {
                plan = Optional.ofNullable(planOf(steps));
            }
            return plan.orElse(null);
        }

        /** Whether a pass of these steps may run: it fits, and by the rule its tile stays wide enough. */
        boolean fits() {
            return wideEnough(plan());
        }

        /** Whether a pass of these steps is as long as it should be: one more of the last would not join it. */
        boolean full() {
            int n = steps.length;
            return n >= MOST || (depth > 0 ? n >= depth : !then(steps[n - 1]).fits());
        }
    }

    /**
     * The pass of a step called again and again, worked out beside the run: the plans of the step {@code 1, 2, ...}
     * times, as far as they were needed to find how many join the pass ({@code steps}), and its CUBIN (null where
     * fewer than two join it, or NVRTC refused it).
     */
    private record Repeated(HeldKernelSource.Plan[] plans, int steps, byte[] cubin) {
    }

    private HeldPlaceSteps(CudaContext cx, ModelInfo model, ModelKernels kernels, DeviceErrors errors, int depth,
            int tileOverride, int sharedBytes, boolean wait, boolean wrap, Consumer<Call> atOnce, Object[] shared,
            SideStream beside, Consumer<Set<Integer>> fillTorus, BitColumns bits) {
        this.sharedBytes = sharedBytes;
        this.bits = bits;
        this.beside = beside;
        this.cx = cx;
        this.wrap = wrap;
        this.model = model;
        this.kernels = kernels;
        this.errors = errors;
        this.depth = depth;
        this.tileOverride = tileOverride;
        this.ready = new boolean[model.steps().size()];
        this.preparing = new CompletableFuture<?>[model.steps().size()];
        this.alone = new boolean[model.steps().size()];
        this.callCounts = new int[model.steps().size()];
        this.wait = wait;
        this.atOnce = atOnce;
        this.fillTorus = fillTorus;
        int reach = 0;
        for (int s = 0; s < model.steps().size(); s++) {
            reach = kernels.steps().get(s).bits() ? Math.max(reach, model.steps().get(s).reach()) : reach;
        }
        // (a pass holds at most MOST steps, or the steps colony.cuda.hold sets, each reaching at most that far)
        this.torusPad = wrap && atOnce != null && bits == null ? (depth > 0 ? Math.min(depth, MOST) : MOST) * reach : 0;
        this.shared = shared;
        this.none = new Run(new int[0]);
        this.heldRun = none;
    }

    /**
     * Held steps for a block, or null where none can be held: a grid that is not 2-D or is small, a model without cell
     * functions, or holding switched off. A partition's block (of a grid of at least as many places) runs the passes
     * its partitioned collection asks for ({@link #verdict}, {@link #runPass}) and holds nothing itself.
     *
     * @param atOnce runs a call with the block's own kernel (for a whole grid's block, where a pass cannot run)
     * @param shared the block's shared values on the host, by index (its own arrays, which {@code setShared} fills)
     * @param beside a partition's stream of its own, which its passes run on (null on a whole grid's block)
     * @param fillTorus fills the wrapped halo of the attributes named where it is stale (a whole torus's block)
     * @param bits the booleans the block keeps as bits between bit-sliced passes (null: none); taken only where steps
     *     are held
     */
    static HeldPlaceSteps forBlock(CudaContext cx, ModelInfo model, ModelKernels kernels, DeviceErrors errors,
            Layout layout, boolean partition, Consumer<Call> atOnce, Object[] shared, SideStream beside,
            Consumer<Set<Integer>> fillTorus, BitColumns bits) {
        CudaContext.Holding holding = cx.holding();
        boolean whole = layout.extent0() == layout.size0() && layout.extent1() == layout.size1();
        if (holding.steps() == 1 || layout.dims() != 2 || layout.wrap() && !partition && !whole
                || (long) layout.size0() * layout.size1() < holding.minCells()) {
            return null;
        }
        boolean any = false;
        for (int s = 0; s < model.steps().size(); s++) {
            any |= kernels.hasCell(s);
        }
        int most = cx.device().sharedPerBlock();
        if (holding.sharedBytes() > most) {
            throw new ColonyException("colony.cuda.hold.shared=" + holding.sharedBytes() + " is more shared memory "
                    + "than " + cx.device() + " lets a block take (" + most + " bytes); set at most " + most
                    + ", or 0 for the default");
        }
        // A partition's block takes as much as a whole grid's: where the partitions' devices differ, the partitioned
        // store runs the passes every block (and every rank) can ({@code PlaceBlock.holds}).
        int sharedBytes = holding.sharedBytes() > 0 ? holding.sharedBytes() : Math.min(SHARED_BYTES, most);
        return any ? new HeldPlaceSteps(cx, model, kernels, errors, holding.steps(), holding.tile(),
                sharedBytes, holding.waitForCompile(), layout.wrap(), partition ? null : atOnce, shared,
                beside, partition ? null : fillTorus, bits) : null;
    }

    /**
     * The halo a block holding a whole torus takes (its block widens to it where memory allows) for the bit-sliced
     * passes of {@code step} to load every tile as on a grid, the first time a step with a bit-sliced form asks: 0
     * after that, where the step has no bit-sliced form, or the block is a partition's or a grid's. (A tile across a
     * seam loading its cells from the other side made GameOfLife on a 9000² torus 26% slower than on a grid; 2
     * partitions of the torus, loading from their halos, were not.)
     */
    int torusPad(int step) {
        if (torusPad == 0 || torusAsked || !kernels.steps().get(step).bits()) {
            return 0;
        }
        torusAsked = true; // (once: where memory refused the wider halo, every later call would ask the driver again)
        return torusPad;
    }

    /** Whether no call is held. */
    boolean isEmpty() {
        return held.isEmpty();
    }

    /**
     * Holds a call, running the held ones first where this one does not fit their pass, and after it where the pass is
     * full: {@link CudaSwitches#HOLD} steps where set, else as many as keep the tile at least {@value #TILE_PER_HALO}
     * times as wide as its halo (at most {@value #MOST}).
     *
     * @param next the block's second columns (null where an attribute has none)
     * @return false when the call cannot be held (the caller runs it, after {@link #run})
     */
    boolean hold(Call call, Layout layout, DeviceBuffer[] current, DeviceBuffer[] next, boolean[] dirty) {
        int step = call.step();
        if (!holdable(step) || held.isEmpty() && !ready(step)) {
            return false;
        }
        Run with = heldRun.then(step);
        if (!held.isEmpty() && !with.fits()) {
            run(layout, current, next, dirty); // (which leaves heldRun none)
            with = heldRun.then(step);
        }
        if (with.plan() == null) {
            return false;
        }
        Call seen = call.seenBy(model.steps().get(step));
        held.add(new Call(step, seen.args().clone(), seen.seed(), seen.epoch(), seen.time()));
        heldRun = with;
        if (with.full()) {
            run(layout, current, next, dirty);
        }
        return true;
    }

    /**
     * How {@code calls} would run as one pass, as {@code PlaceBlock.holds} says: -1 where they cannot, 0 where more
     * may join them, 1 where the pass is full. The same for every block of a model on one kind of device, whatever its
     * size.
     */
    int verdict(List<Call> calls) {
        Run r = none;
        for (Call call : calls) {
            if (!holdable(call.step())) {
                return -1;
            }
            r = r.then(call.step());
            if (r.plan() == null) {
                return -1;
            }
        }
        return r.full() ? 1 : 0;
    }

    /** Runs {@code calls} as one pass (a partition's, its halo filled as wide as they reach together). */
    void runPass(List<Call> calls, Layout layout, DeviceBuffer[] current, DeviceBuffer[] next, boolean[] dirty) {
        held.clear();
        heldRun = none;
        for (Call call : calls) {
            held.add(call.seenBy(model.steps().get(call.step())));
            heldRun = heldRun.then(call.step());
        }
        run(layout, current, next, dirty);
    }

    /** Whether a call of {@code step} may be held at all. */
    private boolean holdable(int step) {
        // A SWAR form (four byte cells a thread) ran GameOfLife 2.1 to 2.7 times as fast as passes of its cell
        // function: such a step is held only where it also has a bit-sliced form (32 cells a thread).
        return kernels.hasCell(step) && (kernels.steps().get(step).bits() || !kernels.swar(step))
                && !model.steps().get(step).predicate() && !cx.timer().on();
    }

    /** Whether a pass of this plan may run: it fits, and by the rule its tile stays wide enough. */
    private boolean wideEnough(HeldKernelSource.Plan plan) {
        return plan != null && (depth > 0 || Math.min(plan.tileX(), plan.tileY()) >= TILE_PER_HALO * plan.halo());
    }

    /** The plan of a pass of {@code steps} (from any thread); null where they do not fit one. */
    private HeldKernelSource.Plan planOf(int[] steps) {
        return HeldKernelSource.plan(model, kernels.steps(), steps, tileOverride, sharedBytes, wrap);
    }

    /**
     * Runs the held calls in one pass, leaving in {@code current} and {@code next} the columns as running them one by
     * one would (each written attribute's values in the column that was its second).
     */
    void run(Layout layout, DeviceBuffer[] current, DeviceBuffer[] next, boolean[] dirty) {
        if (held.isEmpty()) {
            return;
        }
        List<Call> calls = List.copyOf(held);
        Run run = heldRun;
        held.clear();
        heldRun = none;
        if (calls.size() == 1 && atOnce != null) { // one step alone: its own kernel is faster than a pass
            atOnce.accept(calls.get(0));
            return;
        }
        int[] steps = run.steps;
        Pass pass = run.pass;
        if (pass == null && atOnce != null && !wait && !compile(run).isDone()) {
            // A pass of steps not seen together before (one cut short by a read, or by the run's end) is compiled
            // beside the run, as the first is; until then they run one at a time, with the same results, instead of
            // the host waiting a compilation (0.3 to 1 s of NVRTC) in the middle of a step.
            calls.forEach(atOnce);
            return;
        }
        try {
            if (pass == null) {
                pass = load(run);
            }
            if ((layout.extent1() + pass.plan().tileY() - 1) / pass.plan().tileY() > 65535) {
                throw new ColonyException("a grid of " + layout.extent1() + " rows is too tall for passes of tiles of "
                        + pass.plan().tileY() + " rows");
            }
            if (bits != null && pass.plan().bits()) {
                bits.toBits(layout, current); // (where it packs, the bytes hold the values: they run at once)
            }
        } catch (RuntimeException e) {
            if (atOnce == null) {
                throw e;
            }
            for (int step : steps) {
                alone[step] = true; // no pass of them again: the same results, one step at a time
            }
            calls.forEach(atOnce);
            return;
        }
        HeldKernelSource.Plan plan = pass.plan();
        boolean onBits = bits != null && plan.bits();
        if (!onBits && bits != null) { // a pass over bytes (with a step that has no bit-sliced form) may write them
            bits.toBytes(model, layout, current, next, dirty, kernels.anySwar());
            bits.bytesWritten(plan.written());
        }
        if (!onBits && plan.bits() && fillTorus != null && layout.pad() >= plan.halo()) {
            fillTorus.accept(plan.attributes()); // then every tile loads as on a grid (HeldBitsSource)
        }
        KernelParams p = params.begin();
        Call first = calls.get(0);
        Frames.write(p.frame(), layout, first.seed(), first.epoch(), first.time(), errors.pointer(), layout.rows(),
                layout.storedCells(), 0, 1, kernels.who(steps[0]));
        for (int i = 0; i < steps.length; i++) {
            Call seen = calls.get(i);
            p.add(seen.seed()).add(seen.epoch()).add(seen.time()).addInt(kernels.who(steps[i]));
        }
        for (int a : plan.attributes()) {
            if (onBits) {
                p.add(bits.in(a));
                if (plan.written().contains(a)) {
                    p.add(bits.out(a));
                }
                if (atOnce == null) {
                    p.add(current[a].pointer()); // a partition's halo, as the exchange filled it
                }
                continue;
            }
            p.add(current[a].pointer());
            if (plan.written().contains(a)) {
                p.add(second(a, next, current[a].bytes()).pointer());
            }
        }
        for (int i = 0; i < steps.length; i++) {
            StepInfo info = model.steps().get(steps[i]);
            Object[] args = calls.get(i).args();
            for (KernelParam param : kernels.params(steps[i])) {
                if (param.kind() == KernelParam.Kind.ARGUMENT) {
                    p.add(args[param.index()], info.params().get(param.index()).type());
                }
            }
        }
        int gx = (layout.extent0() + plan.tileX() - 1) / plan.tileX();
        int gy = (layout.extent1() + plan.tileY() - 1) / plan.tileY();
        int bytes = pass.sharedBytes();
        if (beside != null) {
            beside.launch(cx, pass.function(), gx, gy, THREADS, 1, bytes, p, pass.name());
        } else {
            cx.launch(pass.function(), gx, gy, 1, THREADS, 1, 1, bytes, p, true, pass.name());
        }
        HeldKernelSource.launched(bytes);
        if (onBits) {
            bits.passed(plan.written(), current, next);
        } else {
            for (int a : plan.written()) {
                DeviceBuffer t = current[a];
                if (next[a] != null) {
                    current[a] = next[a];
                    next[a] = t;
                } else {
                    current[a] = spare[a];
                    spare[a] = t;
                }
            }
        }
        for (int a : plan.written()) {
            dirty[a] = true;
        }
    }

    /**
     * The column a pass writes attribute {@code a} to: its second where it has one, else a spare column of this block's
     * (one written in place: other blocks may still be loading the first).
     */
    private DeviceBuffer second(int a, DeviceBuffer[] next, long bytes) {
        if (next[a] != null) {
            return next[a];
        }
        if (spare == null) {
            spare = new DeviceBuffer[model.attributes().size()];
        }
        if (spare[a] == null || spare[a].bytes() != bytes) {
            if (spare[a] != null) {
                spare[a].close();
            }
            spare[a] = DeviceBuffer.zeroed(bytes);
        }
        return spare[a];
    }

    /** Loads the module of the pass of {@code run}, waiting for its compilation where it is due. */
    private Pass load(Run run) {
        byte[] cubin;
        try {
            cubin = compile(run).join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
        CudaModule module = new CudaModule(cubin);
        for (int i = 0; i < shared.length; i++) { // its own constant memory: the shared values set so far
            kernels.uploadShared(i, shared[i], module);
        }
        long function = module.function(HeldKernelSource.NAME);
        HeldKernelSource.Plan plan = run.plan();
        int bytes = HeldKernelSource.sharedBytes(model, plan);
        if (bytes > HeldKernelSource.STATIC_SHARED) {
            try {
                Driver.allowDynamicShared(function, bytes);
            } catch (RuntimeException e) {
                module.close();
                throw e;
            }
        }
        Pass pass = new Pass(module, function, plan, bytes,
                model.modelClass().getSimpleName() + " (" + run.steps.length + " held steps)");
        loaded.add(pass);
        run.pass = pass;
        return pass;
    }

    /**
     * The CUBIN of the pass of {@code run}: its source written here and compiled by NVRTC (through the kernel cache)
     * on a thread of its own.
     */
    private CompletableFuture<byte[]> compile(Run run) {
        if (run.cubin == null) {
            String source = source(run.steps, run.plan());
            run.cubin = CompletableFuture.supplyAsync(() -> nvrtc(source), COMPILER);
        }
        return run.cubin;
    }

    /** {@return the source of a pass of {@code steps}: the model's, and the pass's kernel} (any thread) */
    private String source(int[] steps, HeldKernelSource.Plan plan) {
        return kernels.source() + "\n" + HeldKernelSource.kernel(model, kernels.steps(), steps, plan, THREADS,
                atOnce == null, bits != null);
    }

    /** {@return the CUBIN of a pass's source} (any thread; through the kernel cache) */
    private byte[] nvrtc(String source) {
        String name = model.modelClass().getSimpleName();
        return cx.compiler().compile(source, name + ".cu", name + " (held steps)");
    }

    /**
     * Whether the pass this block would make of {@code step} called again and again is compiled, starting its
     * compilation where it is not: until it is, the step runs at once, so a run's first ticks do not wait for NVRTC.
     * The pass is worked out (how many steps join it, by the rule), written and compiled on a thread of its own, which
     * took a run's third tick about 10 ms on the host where it ran on the calling thread (in the interpreter).
     */
    private boolean ready(int step) {
        if (alone[step]) {
            return false;
        }
        if (ready[step] || wait) {
            return true;
        }
        if (preparing[step] == null) {
            if (++callCounts[step] < CALLS_BEFORE_COMPILE) {
                return false; // a step called once or twice (a model's set-up) is not worth a compilation
            }
            preparing[step] = CompletableFuture.supplyAsync(() -> prepare(step), COMPILER);
        }
        if (!preparing[step].isDone()) {
            return false;
        }
        Repeated done;
        try {
            done = (Repeated) preparing[step].join();
        } catch (CompletionException e) { // working out or writing the pass failed: a Colony bug, as on this thread
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
        Run r = none;
        for (HeldKernelSource.Plan plan : done.plans()) {
            r = r.then(step);
            if (r.plan == null) {
                r.plan = Optional.ofNullable(plan);
            }
        }
        if (done.steps() < 2 || done.cubin() == null) {
            alone[step] = true; // a pass of one step costs more than the step's own kernel; or NVRTC refused it
            return false; // (either way the step runs at once, with the same results)
        }
        Run pass = none;
        for (int i = 0; i < done.steps(); i++) {
            pass = pass.then(step);
        }
        if (pass.cubin == null) {
            pass.cubin = CompletableFuture.completedFuture(done.cubin());
        }
        return ready[step] = true;
    }

    /**
     * The pass {@link #hold} would make of {@code step} called again and again, as many as join it by the rule, and
     * its CUBIN (any thread: it reads only what the block never changes).
     */
    private Repeated prepare(int step) {
        List<HeldKernelSource.Plan> plans = new ArrayList<>();
        int n = 0;
        while (n < MOST) {
            HeldKernelSource.Plan plan = planOf(repeated(step, n + 1));
            plans.add(plan);
            if (plan == null || !(depth > 0 ? n < depth : n == 0 || wideEnough(plan))) {
                break;
            }
            n++;
        }
        byte[] cubin = null;
        if (n >= 2) {
            String source = source(repeated(step, n), plans.get(n - 1));
            try {
                cubin = nvrtc(source);
            } catch (RuntimeException e) {
                cubin = null; // NVRTC refused the pass (or the process is exiting)
            }
        }
        return new Repeated(plans.toArray(HeldKernelSource.Plan[]::new), n, cubin);
    }

    /** {@return {@code step} {@code n} times} */
    private static int[] repeated(int step, int n) {
        int[] steps = new int[n];
        Arrays.fill(steps, step);
        return steps;
    }

    /** Copies a shared value just set into the constant memory of every pass's module. */
    void sharedChanged(int index) {
        for (Pass p : loaded) {
            kernels.uploadShared(index, shared[index], p.module());
        }
    }

    /** {@return the bytes of device memory of the spare columns} */
    long bytes() {
        long b = 0;
        if (spare != null) {
            for (DeviceBuffer d : spare) {
                b += d == null ? 0 : d.bytes();
            }
        }
        return b;
    }

    @Override
    public void close() {
        for (Pass p : loaded) {
            p.module().close();
        }
        if (spare != null) {
            for (DeviceBuffer b : spare) {
                if (b != null) {
                    b.close();
                }
            }
        }
        loaded.clear();
        arena.close();
    }
}
