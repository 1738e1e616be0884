package org.colony.runtime.storage;

import java.util.Arrays;
import org.colony.ColonyException;
import org.colony.kernel.AgentView;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.Call;
import org.colony.kernel.CpuBlock;
import org.colony.kernel.GraphRows;
import org.colony.kernel.Layout;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.SharedInfo;
import org.colony.kernel.StepInfo;

/**
 * The columns of one block on the CPU: for every attribute one Java array over the block's padded
 * cells (one per element for array attributes, so element k of all cells is contiguous), a second one
 * for double-buffered attributes, and the shared values. Halo cells start at zero.
 */
public final class BlockStorage implements CpuBlock {

    /** The largest Java array Colony allocates. */
    public static final int MAX_CELLS = Integer.MAX_VALUE - 8;

    private final ModelInfo model;
    private final Layout layout;
    private final Object[] current;
    private final Object[] next;
    private final Object[] shared;
    private Call call;
    private AgentView[] agents = new AgentView[0];
    /** The edges of a graph model's vertices; null for a grid. */
    private GraphRows graph;
    /** Per iterated agent class, the agents of it each place asked for in the last step that asked (null before). */
    private int[][] creates;
    /** The booleans kept as bits between calls of bit-sliced steps; null until a call runs on them. */
    private BlockBits bits;
    /** Per step, what its kernel offered to run on bits ({@link #offerBits}); null where it offered nothing. */
    private final BitOffer[] offers;

    /** What a step's kernel offered: the {@code boolean} attributes it reads and those it writes. */
    public record BitOffer(int[] reads, int[] writes) {
    }

    /**
     * Allocates the columns.
     *
     * @param shared the shared values, shared by all blocks of a collection
     * @throws ColonyException if the padded block has more cells than a Java array holds
     */
    public BlockStorage(ModelInfo model, Layout layout, Object[] shared) {
        this.model = model;
        this.layout = layout;
        long cells = layout.storedCells();
        if (cells > MAX_CELLS) {
            throw new ColonyException("a block of " + layout.extent0() + "x" + layout.extent1() + "x" + layout.extent2()
                    + " places needs " + cells + " cells of storage; the CPU backend holds at most " + MAX_CELLS
                    + " per block");
        }
        int n = (int) cells;
        int count = model.attributes().size();
        this.current = new Object[count];
        this.next = new Object[count];
        for (int a = 0; a < count; a++) {
            AttributeInfo info = model.attributes().get(a);
            current[a] = info.newColumn(n);
            if (info.doubleBuffered()) {
                next[a] = info.newColumn(n);
            }
        }
        this.shared = shared;
        this.offers = new BitOffer[model.steps().size()];
    }

    /** Makes the counts of agents of iterated class {@code slot} asked for zero, for a step that asks for some. */
    public void prepareCreates(int slot) {
        if (creates == null) {
            creates = new int[model.agentClasses().size()][];
        }
        if (creates[slot] == null) {
            creates[slot] = new int[(int) layout.storedCells()];
        } else {
            Arrays.fill(creates[slot], 0);
        }
    }

    @Override
    public int[] creates(int slot) {
        return creates[slot];
    }

    /**
     * {@return the global place of every agent of iterated class {@code slot} the owned places asked for, a place as
     * often as it asked, in global index order}
     */
    public long[] created(int slot) {
        return Creations.ofCells(creates[slot], layout, graph == null ? null : graph.ids(),
                model.modelClass().getSimpleName(), model.agentClasses().get(slot).getSimpleName());
    }

    /** {@return bytes a block with this layout takes for the model's columns} */
    public static long bytes(ModelInfo model, Layout layout) {
        long perCell = 0;
        for (AttributeInfo a : model.attributes()) {
            perCell += (long) a.type().bytes() * a.columns() * (a.doubleBuffered() ? 2 : 1);
        }
        return perCell * layout.storedCells();
    }

    /** {@return a zeroed array per shared attribute (length 1 for scalars)} */
    public static Object[] newShared(ModelInfo model) {
        Object[] values = new Object[model.shared().size()];
        for (int i = 0; i < values.length; i++) {
            SharedInfo s = model.shared().get(i);
            values[i] = s.type().newArray(Math.max(1, s.length()));
        }
        return values;
    }

    /** {@return the model} */
    public ModelInfo model() {
        return model;
    }

    @Override
    public Layout layout() {
        return layout;
    }

    @Override
    public Object column(int attribute) {
        if (bits != null) {
            bits.handOut(attribute, current[attribute]);
        }
        return current[attribute];
    }

    /** {@return the current column of one element of an attribute (the column itself for scalars)} */
    public Object column(int attribute, int element) {
        Object c = column(attribute);
        return model.attributes().get(attribute).isArray() ? ((Object[]) c)[element] : c;
    }

    @Override
    public Object next(int attribute) {
        if (bits != null) {
            bits.handOut(attribute, current[attribute]);
        }
        return next[attribute];
    }

    @Override
    public long[] bits(int attribute) {
        return bits == null ? null : bits.bits(attribute);
    }

    @Override
    public long[] nextBits(int attribute) {
        return bits == null ? null : bits.nextBits(attribute);
    }

    @Override
    public void offerBits(int[] reads, int[] writes) {
        int step = call.step();
        if (offers[step] == null) {
            offers[step] = new BitOffer(reads, writes);
        }
    }

    /** {@return what the kernel of {@code step} offered to run on bits, or null} */
    public BitOffer offer(int step) {
        return offers[step];
    }

    /** {@return whether the bits hold what a call on bits as {@code offer} reads: it would pack none of that} */
    public boolean bitsHold(BitOffer offer) {
        return bits != null && bits.hold(offer.reads());
    }

    /**
     * Starts a call of {@code step} on bits, as its kernel offered ({@link #offer}): kernels see the bits
     * ({@link #bits(int)}) until {@link #endBits}.
     */
    public void beginBits(StepInfo step, BitOffer offer) {
        if (bits == null) {
            bits = new BlockBits(layout, current.length);
        }
        bits.begin(step, offer.reads(), offer.writes(), current);
    }

    /** Lets go of the bits that do not alone hold values, where {@link #beginBits} found no memory for them. */
    public void dropBits() {
        if (bits != null) {
            bits.drop();
        }
    }

    /** Ends a call on bits; {@code done}: it ran to its end, and what it wrote is held by the bits alone. */
    public void endBits(StepInfo step, boolean done) {
        bits.end(step, done);
    }

    /** Makes the columns hold every value, before kernels that read them run (on the owner's thread). */
    public void toColumns() {
        if (bits != null) {
            bits.toColumns(current);
        }
    }

    /** Makes the second column current, after a step that wrote it. */
    public void swap(int attribute) {
        Object t = current[attribute];
        current[attribute] = next[attribute];
        next[attribute] = t;
    }

    /**
     * Makes the second column current on the grid's boundary places of this block, after a step that changes
     * nothing elsewhere ({@link org.colony.kernel.StepInfo#boundaryOnly()}) and so wrote the second
     * column on the boundary alone: the values are copied back, and both columns stay where they are.
     */
    public void commitBoundary(int attribute) {
        copyBoundary(layout, next[attribute], current[attribute], 0, layout.rows());
    }

    /**
     * Copies the owned cells on the grid's boundary in rows {@code [row0, row1)} of a block with layout {@code l}
     * from one column to another: whole rows at the y and z edges, else the x edges. One element column each
     * ({@code double[]}), or the arrays of an array attribute's element columns ({@code double[][]}).
     */
    public static void copyBoundary(Layout l, Object from, Object to, int row0, int row1) {
        if (from instanceof Object[] fromElements) {
            Object[] toElements = (Object[]) to;
            for (int k = 0; k < fromElements.length; k++) {
                copyBoundary(l, fromElements[k], toElements[k], row0, row1);
            }
            return;
        }
        boolean first = l.origin0() == 0;
        boolean last = l.origin0() + l.extent0() == l.size0();
        for (int r = row0; r < row1; r++) {
            int ly = r % l.extent1();
            int lz = r / l.extent1();
            int gy = l.origin1() + ly;
            int gz = l.origin2() + lz;
            int start = l.storageIndex(0, ly, lz);
            if (l.dims() >= 2 && (gy == 0 || gy == l.size1() - 1) || l.dims() >= 3 && (gz == 0 || gz == l.size2() - 1)) {
                System.arraycopy(from, start, to, start, l.extent0());
                continue;
            }
            if (first) {
                System.arraycopy(from, start, to, start, 1);
            }
            if (last) {
                System.arraycopy(from, start + l.extent0() - 1, to, start + l.extent0() - 1, 1);
            }
        }
    }

    @Override
    public Object shared(int index) {
        return shared[index];
    }

    /** Sets the edges of the block's vertices (a graph model). */
    public void graph(GraphRows rows) {
        this.graph = rows;
    }

    @Override
    public GraphRows graph() {
        if (graph == null) {
            throw new IllegalStateException("the block of " + model.modelClass().getSimpleName() + " has no graph");
        }
        return graph;
    }

    @Override
    public Call call() {
        return call;
    }

    /** Sets the call the next kernels run. */
    public void prepare(Call call) {
        this.call = call;
    }

    /** Sets the agent collections the next call's step iterates, by slot. */
    public void agents(AgentView[] views) {
        this.agents = views;
    }

    @Override
    public AgentView agents(int slot) {
        return agents[slot];
    }

    /** Copies the owned cells of every current column of {@code from} (same extents, another halo) into this. */
    public void copyOwned(BlockStorage from) {
        Layout a = from.layout;
        Layout b = layout;
        for (int attr = 0; attr < current.length; attr++) {
            AttributeInfo info = model.attributes().get(attr);
            for (int k = 0; k < info.columns(); k++) {
                Object src = from.column(attr, k);
                Object dst = column(attr, k);
                for (int z = 0; z < a.extent2(); z++) {
                    for (int y = 0; y < a.extent1(); y++) {
                        System.arraycopy(src, a.storageIndex(0, y, z), dst, b.storageIndex(0, y, z), a.extent0());
                    }
                }
            }
        }
    }
}
