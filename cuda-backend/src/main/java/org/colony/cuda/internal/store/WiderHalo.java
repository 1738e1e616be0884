package org.colony.cuda.internal.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.colony.cuda.internal.device.DeviceBuffer;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.Layout;
import org.colony.kernel.ModelInfo;
import org.colony.runtime.grid.Region;
import org.colony.runtime.spi.Closeables;

/** A block's columns, made for a layout, and moved to a wider halo on the device ({@code CudaPlaceStore.ensureReach}). */
final class WiderHalo {

    private WiderHalo() {
    }

    /**
     * The columns of a block of {@code model} laid out by {@code l}, zeroed: each attribute's, then its second where it
     * is double-buffered (null where not); {@code words}: each a whole number of 32-bit words (a SWAR kernel loads the
     * aligned word around a column's last byte). Where one is refused, those made are freed and the error goes on.
     */
    static DeviceBuffer[][] columns(ModelInfo model, Layout l, boolean words) {
        return columns(model, l, words, IntStream.range(0, model.attributes().size()).toArray());
    }

    /**
     * As {@link #columns(ModelInfo, Layout, boolean)}, for {@code attributes} alone (the others' entries null): those
     * whose columns a block made again ({@link BitColumns#toBytes}).
     */
    static DeviceBuffer[][] columns(ModelInfo model, Layout l, boolean words, int[] attributes) {
        int n = model.attributes().size();
        DeviceBuffer[] current = new DeviceBuffer[n];
        DeviceBuffer[] next = new DeviceBuffer[n];
        try {
            for (int a : attributes) {
                AttributeInfo info = model.attributes().get(a);
                long bytes = columnBytes(info, l, words);
                current[a] = DeviceBuffer.zeroed(bytes);
                if (info.doubleBuffered()) {
                    next[a] = DeviceBuffer.zeroed(bytes);
                }
            }
        } catch (RuntimeException e) {
            List<AutoCloseable> made = new ArrayList<>(Arrays.asList(current));
            made.addAll(Arrays.asList(next));
            Closeables.closeAll(made);
            throw e;
        }
        return new DeviceBuffer[][] {current, next};
    }

    /**
     * {@return the bytes of a column of attribute {@code info} laid out by {@code l}; {@code words}: a whole number of
     * 32-bit words}
     */
    private static long columnBytes(AttributeInfo info, Layout l, boolean words) {
        long bytes = (long) info.type().bytes() * info.columns() * l.storedCells();
        return words ? (bytes + 3L) & ~3L : bytes;
    }

    /** {@return {@code l} with a halo {@code reach} wide} */
    static Layout of(Layout l, int reach) {
        return new Layout(l.dims(), l.size0(), l.size1(), l.size2(), l.origin0(), l.origin1(), l.origin2(),
                l.extent0(), l.extent1(), l.extent2(), reach, l.wrap());
    }

    /**
     * Copies the owned cells of every attribute's column from {@code old} (laid out by {@code from}) to {@code wider}
     * (laid out by {@code to}) on the device, one kernel an element column ({@code colony_copy_}): no copy of the grid
     * on the host, and no driver call a row. The halo is left as the new columns have it (zero); it is stale.
     */
    static void copyOwned(ModelInfo model, ExchangeKernels exchange, Layout from, DeviceBuffer[] old, Layout to,
            DeviceBuffer[] wider) {
        Region owned = new Region(new int[3], new int[] {from.extent0(), from.extent1(), from.extent2()});
        for (int a = 0; a < wider.length; a++) {
            AttributeInfo info = model.attributes().get(a);
            int size = info.type().bytes();
            for (int k = 0; k < info.columns(); k++) {
                exchange.copy(old[a].pointer() + (long) k * from.storedCells() * size, size, from, from.storedCells(),
                        owned, wider[a].pointer() + (long) k * to.storedCells() * size, to, owned);
            }
        }
    }
}
