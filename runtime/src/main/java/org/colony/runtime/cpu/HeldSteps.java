package org.colony.runtime.cpu;

import java.util.ArrayList;
import java.util.List;
import org.colony.kernel.AgentView;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.Call;
import org.colony.kernel.CpuBlock;
import org.colony.kernel.Layout;
import org.colony.kernel.ModelDescriptor;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.StepInfo;
import org.colony.runtime.storage.BlockStorage;
import org.colony.runtime.spi.StepFailure;

/**
 * Place steps that a CPU block holds back and then runs together, several time steps in one sweep over the
 * grid (temporal blocking). A step of a large plate reads and writes every cell once, so run one after the
 * other the steps stream the whole grid through memory each time; held steps instead run as a wavefront
 * down bands of rows: a window of rows goes through the first step, then the second a few rows behind it,
 * and so on, while the rows are still in the core's cache.
 *
 * <p>The wavefront keeps Java's order of every cell's work: step {@code s} runs on a row only after step
 * {@code s - 1} has run on every row the step reads, and never overwrites a value that an earlier step has
 * still to read. Step {@code s} trails step {@code s - 1} by {@code L(s) = max(reach(s), reach(s - 1))} rows
 * (a step reads {@code reach} rows either side; writes go to the second column of a double-buffered
 * attribute, or in place where no step reads the attribute on other places), so both hold, and the results
 * are those of the steps run one by one, bit for bit. The threads each take a band of rows and leave out
 * the triangles at the bands' seams that need a neighbour band's rows; those are run afterwards.
 *
 * <p>Held: place steps of a 2-D block covering a whole non-wrapping grid with no agents on it, when the
 * grid is large (at least {@code colony.cpu.hold.minCells} places, default 65536) and its rows narrow
 * enough that several of them fit in a core's L2 cache. Everything else that touches the block (reads,
 * writes, counts, reductions, agents, profiling) runs the held steps first. {@code -Dcolony.cpu.hold=false}
 * runs every step at once.
 */
final class HeldSteps {

    /** The most steps held at once. */
    static final int MAX_OPS = 64;

    /**
     * One piece of the wavefront: a step's kernel over rows with the columns it sees, or (with
     * {@code commit >= 0}) copying a boundary step's second column back on the boundary.
     */
    private record Op(StepInfo info, View view, int commit, int reach) {
    }

    /** The columns one held step sees: those current when it was called, given the swaps before it. */
    private static final class View implements CpuBlock {
        final BlockStorage storage;
        final Object[] current;
        final Object[] next;
        final Call call;

        View(BlockStorage storage, Object[] current, Object[] next, Call call) {
            this.storage = storage;
            this.current = current;
            this.next = next;
            this.call = call;
        }

        @Override
        public Layout layout() {
            return storage.layout();
        }

        @Override
        public Object column(int attribute) {
            return current[attribute];
        }

        @Override
        public Object next(int attribute) {
            return next[attribute];
        }

        @Override
        public Object shared(int index) {
            return storage.shared(index);
        }

        @Override
        public Call call() {
            return call;
        }

        @Override
        public AgentView agents(int slot) {
            throw new IllegalStateException("a held step iterates no agents");
        }
    }

    private final ModelDescriptor descriptor;
    private final ModelInfo model;
    private final WorkerPool pool;
    private final List<Call> held = new ArrayList<>();
    /** Rows of the window each step advances by; the most rows the held steps may trail the first by. */
    private final int window;
    private final int maxLag;
    private int ops;
    private int lag;
    private int lastReach;

    private HeldSteps(ModelDescriptor descriptor, WorkerPool pool, int window, int maxLag) {
        this.descriptor = descriptor;
        this.model = descriptor.info();
        this.pool = pool;
        this.window = window;
        this.maxLag = maxLag;
    }

    /**
     * Held steps for a block, or null where holding does not pay or does not apply: a partition, a wrapping
     * or a non-2-D grid, a small grid, narrow cells, rows too wide for a core's cache, or holding switched off.
     */
    static HeldSteps forBlock(ModelDescriptor descriptor, Layout layout, boolean partition, WorkerPool pool,
            HoldSettings settings) {
        if (!settings.enabled() || partition || layout.dims() != 2 || layout.wrap()
                || layout.ownedCells() < settings.minCells()) {
            return null;
        }
        long cellBytes = 0;
        for (AttributeInfo a : descriptor.info().attributes()) {
            cellBytes += (long) a.type().bytes() * a.columns() * (a.doubleBuffered() ? 2 : 1);
        }
        if (cellBytes == 0 || cellBytes < settings.minCellBytes()) {
            return null; // (narrow cells: a step streams few bytes, and one at a time ran faster)
        }
        long rowBytes = cellBytes * layout.stored0();
        long rowsInCache = settings.cacheBytes() / rowBytes;
        // measured on Heat2D 2048² when its tick was three steps (two cores, 1 MiB of L2 each, a shared L3):
        // trailing by up to 1.5 times the rows that fit in L2, in windows of a quarter of them, came out best;
        // more or fewer were slower
        int maxLag = (int) Math.min(256, rowsInCache * 3 / 2);
        int window = (int) Math.max(4, Math.min(256, rowsInCache / 4));
        int reach = Math.max(1, descriptor.info().reach());
        if (maxLag < 2 * reach) {
            return null;
        }
        return new HeldSteps(descriptor, pool, window, maxLag);
    }

    /** Whether a step may be held: a place step iterating no agents. */
    static boolean holds(StepInfo s) {
        return !s.predicate() && s.iterates().isEmpty() && s.remoteAgents().isEmpty() && s.remoteAgentRows().isEmpty();
    }

    /** Whether no call is held. */
    boolean isEmpty() {
        return held.isEmpty();
    }

    /**
     * Holds a call, running the held ones first when this one would make the wavefront trail too far.
     *
     * @return false when the call cannot be held (the caller runs it, after {@link #run})
     */
    boolean hold(BlockStorage storage, Call call) {
        StepInfo s = model.steps().get(call.step());
        if (!holds(s)) {
            return false;
        }
        int extra = 1;
        int added = Math.max(s.reach(), held.isEmpty() ? 0 : lastReach);
        int reachAfter = s.reach();
        if (s.boundaryOnly() && buffersAny(s)) {
            extra = 2;
            added += s.reach(); // the copy-back trails the step by its reach
            reachAfter = 0;
        }
        if (!held.isEmpty() && (lag + added > maxLag || ops + extra > MAX_OPS)) {
            run(storage);
            added = s.reach() + (extra == 2 ? s.reach() : 0);
        }
        held.add(call);
        ops += extra;
        lag += added;
        lastReach = reachAfter;
        return true;
    }

    private static boolean buffersAny(StepInfo s) {
        for (int a : s.writes()) {
            if (s.buffers(a)) {
                return true;
            }
        }
        return false;
    }

    /** Runs the held calls on {@code storage}, leaving its columns as running them one by one would. */
    void run(BlockStorage storage) {
        if (held.isEmpty()) {
            return;
        }
        List<Call> calls = List.copyOf(held);
        held.clear();
        ops = 0;
        lag = 0;
        lastReach = 0;
        int attributes = model.attributes().size();
        Object[] current = new Object[attributes];
        Object[] next = new Object[attributes];
        for (int a = 0; a < attributes; a++) {
            current[a] = storage.column(a);
            next[a] = storage.next(a);
        }
        List<Op> plan = new ArrayList<>();
        for (Call c : calls) {
            StepInfo s = model.steps().get(c.step());
            View view = new View(storage, current.clone(), next.clone(), c);
            plan.add(new Op(s, view, -1, s.reach()));
            for (int a : s.writes()) {
                if (s.buffers(a) && s.boundaryOnly()) {
                    plan.add(new Op(s, view, a, 0));
                } else if (s.buffers(a)) {
                    Object t = current[a];
                    current[a] = next[a];
                    next[a] = t;
                    storage.swap(a);
                }
            }
        }
        runPlan(storage.layout(), plan);
    }

    private void runPlan(Layout layout, List<Op> plan) {
        int steps = plan.size();
        int[] offset = new int[steps]; // how many rows step s trails step 0
        for (int s = 1; s < steps; s++) {
            offset[s] = offset[s - 1] + Math.max(plan.get(s).reach(), plan.get(s - 1).reach());
        }
        int rows = layout.rows();
        int width = layout.extent0();
        int span = offset[steps - 1];
        int bands = Math.max(1, pool.parallelism());
        while (bands > 1 && rows / bands < 2 * span + 2 * maxReach(plan) + window) {
            bands--;
        }
        int nb = bands;
        pool.run(nb, b -> {
            int m0 = (int) ((long) rows * b / nb);
            int m1 = (int) ((long) rows * (b + 1) / nb);
            for (int j = m0; j < m1 + span; j += window) {
                for (int s = 0; s < steps; s++) {
                    int lo = b == 0 ? 0 : m0 + offset[s];
                    int hi = b == nb - 1 ? rows : m1 - offset[s];
                    int from = Math.max(lo, j - offset[s]);
                    int to = Math.min(hi, j + window - offset[s]);
                    if (from < to) {
                        runOp(plan.get(s), from, to, width);
                    }
                }
            }
        });
        if (nb > 1) {
            pool.run(nb - 1, i -> {
                int m = (int) ((long) rows * (i + 1) / nb);
                for (int s = 1; s < steps; s++) {
                    int from = Math.max(0, m - offset[s]);
                    int to = Math.min(rows, m + offset[s]);
                    if (from < to) {
                        runOp(plan.get(s), from, to, width);
                    }
                }
            });
        }
    }

    private static int maxReach(List<Op> plan) {
        int r = 0;
        for (Op op : plan) {
            r = Math.max(r, op.reach());
        }
        return r;
    }

    private void runOp(Op op, int row0, int row1, int width) {
        try {
            if (op.commit() >= 0) {
                BlockStorage.copyBoundary(op.view().layout(), op.view().next(op.commit()), op.view().column(op.commit()),
                        row0, row1);
            } else {
                descriptor.run(op.view(), row0, row1, 0, width);
            }
        } catch (RuntimeException e) {
            throw StepFailure.of(descriptor, op.info(), e);
        }
    }
}
