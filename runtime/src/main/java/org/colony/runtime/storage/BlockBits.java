package org.colony.runtime.storage;

import java.util.concurrent.atomic.LongAdder;
import org.colony.kernel.BitRows;
import org.colony.kernel.Layout;
import org.colony.kernel.StepInfo;

/**
 * The {@code boolean} attributes of a two-dimensional block kept as bits ({@link BitRows}) between the calls of its
 * bit-sliced steps, so that those calls neither pack the columns into words nor unpack the words back: a bit-sliced
 * step on the CPU spent about 40% of its time doing that ({@code docs/measurements.md}).
 *
 * <p>Which form holds an attribute's values: after a call on bits, the bits alone (the column's owned cells are
 * stale). Anything that takes the column ({@link BlockStorage#column(int)}, {@code next}) first gets the bits unpacked
 * into it, and from then on the bits are stale (the taker may write), so that the next call on bits packs them
 * again. The block's owner decides which calls run on bits and turns them on and off on its own thread
 * ({@link #begin}, {@link #end}); the kernels of such a call read and write them. Kernels on the columns take them
 * from their threads only after the owner made them current ({@link #toColumns}), so that no unpack runs beside a
 * kernel (the lock in {@link #unpack} is a second guard, not the mechanism).
 */
public final class BlockBits {

    private static final LongAdder CALLS = new LongAdder();
    private static final LongAdder PACKS = new LongAdder();
    private static final LongAdder UNPACKS = new LongAdder();

    private final Layout layout;
    /** Per attribute, its bits and the second bits of a double-buffered one; null until a call on bits needs them. */
    private final long[][] bits;
    private final long[][] next;
    /** Per attribute, whether its bits hold its values. */
    private final boolean[] fresh;
    /** Per attribute, whether only its bits do (the column's owned cells are stale). */
    private final boolean[] alone;
    /** Whether the call under way runs on bits. */
    private boolean on;
    /** The attributes the call on bits under way writes (as its kernel offered). */
    private int[] writing = new int[0];

    BlockBits(Layout layout, int attributes) {
        this.layout = layout;
        this.bits = new long[attributes][];
        this.next = new long[attributes][];
        this.fresh = new boolean[attributes];
        this.alone = new boolean[attributes];
    }

    /** {@return the calls run on bits in this process (for tests and benchmarks)} */
    public static long calls() {
        return CALLS.sum();
    }

    /** {@return the columns packed into bits in this process} */
    public static long packs() {
        return PACKS.sum();
    }

    /** {@return the bits unpacked into columns in this process} */
    public static long unpacks() {
        return UNPACKS.sum();
    }

    /**
     * Starts a call of {@code step} on bits: the bits of the attributes it reads or writes hold their values (packed
     * from the columns where they do not), and the second bits of those it buffers are there to write.
     */
    void begin(StepInfo step, int[] reads, int[] writes, Object[] columns) {
        writing = writes;
        for (int a : reads) {
            toBits(a, columns);
        }
        for (int a : writes) {
            toBits(a, columns);
            if (step.buffers(a) && next[a] == null) {
                next[a] = new long[BitRows.length(layout)];
            }
        }
        on = true;
        CALLS.increment();
    }

    private void toBits(int a, Object[] columns) {
        if (bits[a] == null) {
            bits[a] = new long[BitRows.length(layout)];
        }
        if (!fresh[a]) {
            BitRows.pack((boolean[]) columns[a], layout, bits[a]);
            fresh[a] = true;
            PACKS.increment();
        }
    }

    /**
     * Ends the call on bits; where it ran to its end ({@code done}), what it wrote is held by the bits alone (the
     * second bits of a buffered attribute made current). Where it failed, an attribute written in place is held by its
     * bits alone too, partly written, as a call on the columns leaves its column.
     */
    void end(StepInfo step, boolean done) {
        on = false;
        for (int a : writing) {
            if (!done) {
                alone[a] |= !step.buffers(a);
                continue;
            }
            if (step.buffers(a)) {
                long[] t = bits[a];
                bits[a] = next[a];
                next[a] = t;
            }
            fresh[a] = true;
            alone[a] = true;
        }
    }

    /**
     * Lets go of the bits that do not alone hold an attribute's values (after {@link #begin} found no memory for
     * them: the calls run on the columns); bits that alone hold values stay until something unpacks them.
     */
    void drop() {
        on = false;
        for (int a = 0; a < bits.length; a++) {
            if (!alone[a]) {
                bits[a] = null;
                next[a] = null;
                fresh[a] = false;
            }
        }
    }

    /** {@return whether the bits of every attribute in {@code attributes} hold its values (a call needs no pack)} */
    boolean hold(int[] attributes) {
        for (int a : attributes) {
            if (!fresh[a]) {
                return false;
            }
        }
        return true;
    }

    /** {@return the bits of an attribute while a call runs on them, else null} */
    long[] bits(int attribute) {
        return on ? bits[attribute] : null;
    }

    /** {@return the second bits of a buffered attribute while a call runs on bits, else null} */
    long[] nextBits(int attribute) {
        return on ? next[attribute] : null;
    }

    /**
     * Makes {@code column} (the attribute's current column) hold its values before it is handed out, and the bits
     * stale: whoever takes the column may write it.
     */
    void handOut(int attribute, Object column) {
        if (alone[attribute]) {
            unpack(attribute, column);
        }
        fresh[attribute] = false;
    }

    /** Unpacks what the bits alone hold into the columns, before a call on the columns (on the owner's thread). */
    void toColumns(Object[] columns) {
        for (int a = 0; a < alone.length; a++) {
            if (alone[a]) {
                unpack(a, columns[a]);
            }
        }
    }

    /**
     * Unpacks an attribute's bits into its column, and lets go of them: whoever takes the column may write it (so the
     * bits go stale anyway), and a reader's copy of a grid that just fits the heap needs the room (the next call on
     * bits makes them again).
     */
    private synchronized void unpack(int attribute, Object column) {
        if (alone[attribute]) {
            BitRows.unpack(bits[attribute], layout, (boolean[]) column);
            alone[attribute] = false;
            fresh[attribute] = false;
            bits[attribute] = null;
            next[attribute] = null;
            UNPACKS.increment();
        }
    }
}
