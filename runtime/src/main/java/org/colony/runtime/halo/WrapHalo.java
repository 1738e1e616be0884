package org.colony.runtime.halo;

import org.colony.kernel.Layout;

/**
 * Fills the halo of a block that covers a whole wrapping grid with copies of the cells on the far
 * side, so kernels read neighbours across the edge without index arithmetic. (Absent boundaries need
 * nothing: their halo stays zero.)
 */
public final class WrapHalo {

    private WrapHalo() {
    }

    /** Copies wrapped owned cells into every halo cell of {@code column} (a primitive array). */
    public static void fill(Layout l, Object column) {
        int pad = l.pad();
        if (pad == 0) {
            return;
        }
        int s0 = l.stored0();
        int s1 = l.stored1();
        int s2 = l.stored2();
        int sy = l.strideY();
        int sz = l.strideZ();
        boolean y = l.dims() >= 2;
        boolean z = l.dims() >= 3;
        for (int pz = 0; pz < s2; pz++) {
            int lz = z ? pz - pad : 0;
            boolean zHalo = z && (lz < 0 || lz >= l.extent2());
            int sz0 = Math.floorMod(lz, l.extent2());
            for (int py = 0; py < s1; py++) {
                int ly = y ? py - pad : 0;
                boolean yHalo = y && (ly < 0 || ly >= l.extent1());
                int sy0 = Math.floorMod(ly, l.extent1());
                int row = py * sy + pz * sz;
                int source = l.base() + sy0 * sy + sz0 * sz;
                if (zHalo || yHalo) {
                    // The whole row is halo: copy the owned row it wraps to, then its x halo.
                    System.arraycopy(column, source, column, row + pad, l.extent0());
                }
                for (int px = 0; px < pad; px++) {
                    int lx = px - pad;
                    System.arraycopy(column, source + Math.floorMod(lx, l.extent0()), column, row + px, 1);
                    int rx = l.extent0() + pad + px;
                    System.arraycopy(column, source + Math.floorMod(rx - pad, l.extent0()), column, row + rx, 1);
                }
            }
        }
    }
}
