package org.colony.cuda.internal.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import org.colony.cuda.internal.device.DeviceBuffer;
import org.colony.cuda.internal.launch.ModelKernels;
import org.colony.cuda.tuning.CudaSwitches;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.Layout;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.ScalarType;
import org.colony.kernel.cuda.KernelParam;
import org.colony.runtime.grid.Region;
import org.colony.runtime.spi.Closeables;

/**
 * The boolean attributes a block keeps in device memory as bits, one a cell, between the bit-sliced passes of its held
 * steps ({@link HeldBitsSource}): row {@code y} of the owned cells in the 32-bit words {@code y * rw} to {@code y * rw
 * + rw - 1}, {@code rw = ceil(extent0 / 32)}, bit {@code j} of word {@code w} the cell {@code 32 w + j} of the row (no
 * halo: a pass loads the cells off a grid as false and those across a torus's seams from the other side). Two such
 * columns an attribute, since a pass writes what it changes to the second.
 *
 * <p>Every other kernel, and the host, reads and writes a byte a cell. So the block keeps two forms and knows which are
 * current: after a pass only the bits are, and the byte columns of these attributes are freed (a grid of them takes an
 * eighth of the memory); anything else the block does first makes the bytes current again ({@link #toBytes}: new
 * columns, the bits unpacked into them), and the next pass packs them where anything may have written them since
 * ({@link #toBits}). The values are the same either way: packing and unpacking move bits, and a pass computes the bits a
 * pass over bytes would.
 *
 * <p>Stored so: the boolean attributes the bit-sliced steps of a model read or write (GameOfLife's {@code alive}), on a
 * block holding a whole 2-D grid (wrapping or not) that holds its steps, or a partition's block of a 2-D grid, unless
 * {@link CudaSwitches#BIT_STORAGE} is off. A partition's block keeps its byte columns too: their halo is what the
 * exchange fills (a pass loads the halo's cells from it, the owned cells from the bits), and a box it sends is read from
 * the bits where they alone hold the values ({@code colony_copy_from_bits}, {@code colony_pack_from_bits}). A block
 * whose places agents live on (which stops holding) keeps bytes. A step without a
 * bit-sliced form that reads or writes them (GameOfLife's {@code seed}) runs on the bytes, made current for it, and the
 * next pass packs them again.
 */
public final class BitColumns implements AutoCloseable {

    private static final LongAdder PACKS = new LongAdder();
    private static final LongAdder UNPACKS = new LongAdder();
    private static final LongAdder PASSES = new LongAdder();

    /** The attributes stored as bits, ascending. */
    private final int[] attributes;
    private final boolean[] stores;
    private final ExchangeKernels kernels;
    /** By attribute, its current bits and its second column of bits (null where not stored, or not yet made). */
    private final DeviceBuffer[] bits;
    private final DeviceBuffer[] second;
    /** Whether the bits hold the values (else only the byte columns do). */
    private boolean bitsCurrent;
    /**
     * Whether the byte columns' owned cells hold the values (else only the bits do, and the byte columns are freed, or
     * on a partition's block keep only their halo).
     */
    private boolean bytesCurrent = true;
    /** Whether the byte columns stay (a partition's block: its halo is bytes, exchanged as before). */
    private final boolean keepBytes;

    private BitColumns(ModelInfo model, int[] attributes, ExchangeKernels kernels, boolean keepBytes) {
        this.keepBytes = keepBytes;
        this.attributes = attributes;
        this.kernels = kernels;
        this.stores = new boolean[model.attributes().size()];
        for (int a : attributes) {
            stores[a] = true;
        }
        this.bits = new DeviceBuffer[stores.length];
        this.second = new DeviceBuffer[stores.length];
    }

    /**
     * The bit columns of a block of {@code model}, or null where none of its attributes is stored as bits or
     * {@code on} ({@link CudaSwitches#BIT_STORAGE}, as the context read it) is false: call only for a block holding a
     * whole grid that holds its steps, or a partition's block ({@code partition}: its byte columns stay for the halo).
     */
    static BitColumns of(ModelInfo model, ModelKernels steps, ExchangeKernels kernels, boolean on,
            boolean partition) {
        if (!on) {
            return null;
        }
        boolean[] touched = new boolean[model.attributes().size()];
        for (int s = 0; s < model.steps().size(); s++) {
            if (steps.steps().get(s).bits()) {
                for (int a : attributesOf(steps, s)) {
                    touched[a] = true;
                }
            }
        }
        List<Integer> stored = new ArrayList<>();
        for (int a = 0; a < touched.length; a++) {
            AttributeInfo info = model.attributes().get(a);
            if (touched[a] && (info.type() != ScalarType.BOOLEAN || info.columns() != 1)) {
                return null; // (a bit-sliced step takes boolean values alone: not expected)
            }
            if (touched[a]) {
                stored.add(a);
            }
        }
        return stored.isEmpty() ? null
                : new BitColumns(model, stored.stream().mapToInt(Integer::intValue).toArray(), kernels, partition);
    }

    /** {@return the attributes whose columns the kernel of step {@code s} takes} */
    private static List<Integer> attributesOf(ModelKernels steps, int s) {
        List<Integer> out = new ArrayList<>();
        for (KernelParam p : steps.params(s)) {
            if (p.kind() == KernelParam.Kind.COLUMN || p.kind() == KernelParam.Kind.NEXT) {
                out.add(p.index());
            }
        }
        return out;
    }

    /** {@return the 32-bit words of a bit column of a block laid out as {@code layout}} */
    static long words(Layout layout) {
        return (long) ((layout.extent0() + 31) >> 5) * layout.extent1();
    }

    /** Whether the bits alone hold the owned cells' values (a whole grid's byte columns are freed). */
    boolean bitsAlone() {
        return !bytesCurrent;
    }

    /** Whether attribute {@code a}'s owned cells are in its bits alone (its byte columns' are stale or freed). */
    boolean onlyBits(int a) {
        return stores[a] && !bytesCurrent;
    }

    /** Whether {@code region} (a block's local coordinates) holds owned cells of a 2-D block alone. */
    static boolean owned(Region region, Layout layout) {
        int[] lo = region.lo();
        int[] hi = region.hi();
        return layout.dims() == 2 && lo[0] >= 0 && lo[1] >= 0 && hi[0] <= layout.extent0() && hi[1] <= layout.extent1();
    }

    /**
     * Makes the bits current before a pass: packs the byte columns where they may have changed since the bits were
     * (the bit columns made on the first call).
     */
    void toBits(Layout layout, DeviceBuffer[] current) {
        if (bitsCurrent) {
            return;
        }
        long bytes = 4 * Math.max(1, words(layout));
        for (int a : attributes) {
            if (bits[a] == null) { // both or neither (where the device lacks the memory, the bytes keep the values)
                DeviceBuffer first = DeviceBuffer.zeroed(bytes);
                try {
                    second[a] = DeviceBuffer.zeroed(bytes);
                } catch (RuntimeException e) {
                    first.close();
                    throw e;
                }
                bits[a] = first;
            }
            kernels.packBits(current[a].pointer(), bits[a].pointer(), layout);
            PACKS.increment();
        }
        bitsCurrent = true;
    }

    /** {@return the device address of attribute {@code a}'s current bits} */
    long in(int a) {
        return bits[a].pointer();
    }

    /** {@return the device address of the bits a pass writes attribute {@code a} to} */
    long out(int a) {
        return second[a].pointer();
    }

    /**
     * After a pass that wrote {@code written} to their second bits: those become current, and the byte columns of every
     * stored attribute are freed (the bits alone hold the values now).
     */
    void passed(Set<Integer> written, DeviceBuffer[] current, DeviceBuffer[] next) {
        for (int a : written) {
            DeviceBuffer t = bits[a];
            bits[a] = second[a];
            second[a] = t;
        }
        PASSES.increment();
        if (bytesCurrent && keepBytes) {
            bytesCurrent = false; // (the owned cells of the byte columns are stale; their halo is still exchanged)
        } else if (bytesCurrent) {
            bytesCurrent = false; // (first: a failure the free reports leaves the bits holding the values)
            List<AutoCloseable> free = new ArrayList<>();
            for (int a : attributes) {
                free.add(current[a]);
                free.add(next[a]);
                current[a] = null;
                next[a] = null;
            }
            Closeables.closeAll(free);
        }
    }

    /**
     * Makes the byte columns current before anything but a pass touches the block: where only the bits are, new zeroed
     * columns (a second where the attribute is double-buffered; a partition's block keeps its own) get the bits
     * unpacked into their owned cells, and their halos are marked stale.
     *
     * @param swar whether the columns are whole 32-bit words (as the block's others: a SWAR kernel loads by words)
     */
    void toBytes(ModelInfo model, Layout layout, DeviceBuffer[] current, DeviceBuffer[] next, boolean[] dirty,
            boolean swar) {
        if (bytesCurrent) {
            return;
        }
        // (all or none: where the device lacks the memory, the bits keep the values; a partition keeps its own)
        DeviceBuffer[][] made = keepBytes ? null : WiderHalo.columns(model, layout, swar, attributes);
        for (int a : attributes) {
            if (made != null) {
                current[a] = made[0][a];
                next[a] = made[1][a];
            }
            kernels.unpackBits(bits[a].pointer(), current[a].pointer(), layout);
            dirty[a] = true;
            UNPACKS.increment();
        }
        bytesCurrent = true;
    }

    /**
     * Notes that the byte columns of {@code written} may have been written: where one of them is stored as bits, the
     * bits are stale until the next pass packs them.
     */
    void bytesWritten(Set<Integer> written) {
        for (int a : written) {
            if (stores[a] && bytesCurrent) {
                bitsCurrent = false;
                return;
            }
        }
    }

    /** {@return the bytes of device memory of the bit columns} */
    long bytes() {
        long b = 0;
        for (int a : attributes) {
            b += bits[a] == null ? 0 : bits[a].bytes() + second[a].bytes();
        }
        return b;
    }

    /** {@return how many passes of held steps ran on bits in device memory in this process (for tests)} */
    public static long passesOnBits() {
        return PASSES.sum();
    }

    /** {@return how many bit columns were packed from bytes in this process (for tests)} */
    public static long packs() {
        return PACKS.sum();
    }

    /** {@return how many bit columns were unpacked into bytes in this process (for tests)} */
    public static long unpacks() {
        return UNPACKS.sum();
    }

    @Override
    public void close() {
        List<AutoCloseable> all = new ArrayList<>(Arrays.asList(bits));
        all.addAll(Arrays.asList(second));
        Closeables.closeAll(all);
    }
}
