package org.colony.cuda.internal.launch;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.function.Consumer;
import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.device.ScratchPool;

/**
 * Exclusive prefix sums of int arrays on the device: blocks of 1024 values are scanned, their totals
 * scanned (by one block up to 16 M values, recursively beyond), and the block offsets added back: three
 * launches beyond 1024 values, one (with the total) up to them. Deterministic: integer sums.
 */
public final class DeviceScan {

    private final CudaContext cx;
    private final SupportKernels k;
    private final KernelParams params;
    private final ScratchPool pool;
    private final MemorySegment total;
    /** The most block totals one block scans (16 chunks of 1024): a scan of up to 16 M values takes three launches. */
    private static final long SMALL = 16 * 1024;
    /**
     * The most values one launch scans with its total ({@code colony_scan_one}, one block of 1024 threads); beyond,
     * one block's runs of values take longer than the three launches (measured on an H100 at 32 K values: 22 us for
     * runs read one value at a time, 13.6 us for runs read 16 bytes at a time, against 8 us for the three launches).
     */
    private static final long ONE_LAUNCH = 1024;

    /** A scanner launching on {@code cx}, its parameters in {@code arena}, its block totals in {@code pool}. */
    public DeviceScan(CudaContext cx, Arena arena, ScratchPool pool) {
        this.cx = cx;
        this.k = cx.support();
        this.params = new KernelParams(arena, 8, 16);
        this.pool = pool;
        this.total = arena.allocate(8);
    }

    /** Writes the exclusive scan of {@code in[0..n)} to {@code out[0..n)} and returns the total (one wait). */
    public long scan(long in, long out, long n) {
        if (n == 0) {
            return 0;
        }
        long sum = pool.get("scan.sum", 8);
        scanOnDevice(in, out, n, 0L, sum);
        Driver.copyToHost(total, sum, 8);
        return total.get(ValueLayout.JAVA_LONG, 0);
    }

    /**
     * Writes the exclusive scan of {@code in[0..n)} to {@code out[0..n)} and its total to the device, as an
     * int at {@code total32} and/or a long at {@code total64} (0 for neither), without waiting for the device.
     */
    public void scanOnDevice(long in, long out, long n, long total32, long total64) {
        if (n > 0 && n <= ONE_LAUNCH) {
            launch("colony_scan_one", 1, 1024, p -> p.add(in).add(out).add(n).add(total32).add(total64));
            return;
        }
        boolean written = n > 0 && scanInto(in, out, n, 0, total32, total64);
        if (!written && (total32 != 0 || total64 != 0)) {
            launch("colony_scan_total", 1, 32, p -> p.add(in).add(out).add(n).add(total32).add(total64));
        }
    }

    /**
     * Scans blocks of 1024 values, then their totals (in one block where there are at most {@link #SMALL} of
     * them, else recursively), then adds the block offsets back, writing the total with them at level 0 where
     * asked for. Returns whether the total was written.
     */
    private boolean scanInto(long in, long out, long n, int level, long total32, long total64) {
        long blocks = (n + 1023) / 1024;
        long totals = pool.get("scan.totals." + level, 4 * blocks);
        launch("colony_scan_blocks", blocks, 256, p -> p.add(in).add(out).add(n).add(totals));
        if (blocks == 1) {
            return false;
        }
        long offsets = pool.get("scan.offsets." + level, 4 * blocks);
        if (blocks <= SMALL) {
            launch("colony_scan_small", 1, 256, p -> p.add(totals).add(offsets).add(blocks));
        } else {
            scanInto(totals, offsets, blocks, level + 1, 0L, 0L);
        }
        if (total32 != 0 || total64 != 0) {
            launch("colony_scan_add_total", (n + 255) / 256, 256, p -> p.add(out).add(n).add(offsets).add(in)
                    .add(total32).add(total64));
            return true;
        }
        launch("colony_scan_add", (n + 255) / 256, 256, p -> p.add(out).add(n).add(offsets));
        return false;
    }

    private void launch(String name, long blocks, int threads, Consumer<KernelParams> args) {
        KernelParams p = params.begin();
        args.accept(p);
        cx.launch(k.function(name), (int) blocks, 1, 1, threads, 1, 1, p, false, name);
    }
}
