package org.colony.cuda.internal.store;

import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.device.DeviceBuffer;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.Layout;
import org.colony.kernel.ModelInfo;

/** A block's columns moved to a wider halo on the device ({@code CudaPlaceStore.ensureReach}). */
final class WiderHalo {

    private WiderHalo() {
    }

    /** {@return {@code l} with a halo {@code reach} wide} */
    static Layout of(Layout l, int reach) {
        return new Layout(l.dims(), l.size0(), l.size1(), l.size2(), l.origin0(), l.origin1(), l.origin2(),
                l.extent0(), l.extent1(), l.extent2(), reach, l.wrap());
    }

    /**
     * Copies the owned cells of every attribute's column from {@code old} (laid out by {@code from}) to {@code wider}
     * (laid out by {@code to}), a row at a time on the device: no copy of the grid on the host. The halo is left as
     * the new columns have it (zero); it is stale.
     */
    static void copyOwned(ModelInfo model, Layout from, DeviceBuffer[] old, Layout to, DeviceBuffer[] wider) {
        for (int a = 0; a < wider.length; a++) {
            AttributeInfo info = model.attributes().get(a);
            long size = info.type().bytes();
            for (int k = 0; k < info.columns(); k++) {
                for (int z = 0; z < from.extent2(); z++) {
                    for (int y = 0; y < from.extent1(); y++) {
                        long src = old[a].pointer() + ((long) k * from.storedCells() + from.base()
                                + (long) y * from.strideY() + (long) z * from.strideZ()) * size;
                        long dst = wider[a].pointer() + ((long) k * to.storedCells() + to.base()
                                + (long) y * to.strideY() + (long) z * to.strideZ()) * size;
                        Driver.copyOnDevice(dst, src, from.extent0() * size);
                    }
                }
            }
        }
    }
}
