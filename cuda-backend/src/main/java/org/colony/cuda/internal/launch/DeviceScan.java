package org.colony.cuda.internal.launch;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.function.Consumer;
import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.device.ScratchPool;

/**
 * Exclusive prefix sums of int arrays on the device, in one launch: up to 1024 values by one block
 * ({@code colony_scan_one}), beyond in a single pass over chunks of 1024 with decoupled look-back
 * ({@code colony_scan_pass}). Deterministic: integer sums.
 */
public final class DeviceScan {

    private final CudaContext cx;
    private final SupportKernels k;
    private final KernelParams params;
    private final ScratchPool pool;
    private final MemorySegment total;
    /**
     * The most values one block scans with its total ({@code colony_scan_one}, 1024 threads); beyond, one block's
     * runs of values take longer than the single pass over many blocks (measured on an H100 at 32 K values: 22 us
     * for runs read one value at a time, 13.6 us for runs read 16 bytes at a time, against 8 us for three launches).
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
        if (n == 0) {
            if (total32 != 0 || total64 != 0) {
                launch("colony_scan_total", 1, 32, p -> p.add(in).add(out).add(n).add(total32).add(total64));
            }
            return;
        }
        long chunks = (n + 1023) / 1024;
        // The counters and a word a chunk, zero between scans (each scan's last block clears them).
        long status = pool.cleared("scan.status", 8 * (2 + chunks));
        launch("colony_scan_pass", chunks, 256, p -> p.add(in).add(out).add(n).add(status).add(total32)
                .add(total64));
    }

    private void launch(String name, long blocks, int threads, Consumer<KernelParams> args) {
        KernelParams p = params.begin();
        args.accept(p);
        cx.launch(k.function(name), (int) blocks, 1, 1, threads, 1, 1, p, false, name);
    }
}
