package org.colony.cuda.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * Exclusive prefix sums of int arrays on the device: blocks of 1024 values are scanned, their totals
 * scanned recursively, and the block offsets added back. Deterministic: integer sums.
 */
final class DeviceScan {

    private final SupportKernels k;
    private final KernelParams params;

    DeviceScan(SupportKernels kernels, Arena arena) {
        this.k = kernels;
        this.params = new KernelParams(arena, 8, 16);
    }

    /** Writes the exclusive scan of {@code in[0..n)} to {@code out[0..n)} and returns the total. */
    long scan(long in, long out, long n) {
        if (n == 0) {
            return 0;
        }
        List<DeviceBuffer> scratch = new ArrayList<>();
        try {
            scanInto(in, out, n, scratch);
            // total = out[n-1] + in[n-1]
            try (Arena a = Arena.ofConfined()) {
                MemorySegment two = a.allocate(8);
                Driver.copyToHost(two, out + 4 * (n - 1), 4);
                Driver.copyToHost(two.asSlice(4), in + 4 * (n - 1), 4);
                return (long) two.get(ValueLayout.JAVA_INT, 0) + two.get(ValueLayout.JAVA_INT, 4);
            }
        } finally {
            for (DeviceBuffer b : scratch) {
                b.close();
            }
        }
    }

    private void scanInto(long in, long out, long n, List<DeviceBuffer> scratch) {
        long blocks = (n + 1023) / 1024;
        DeviceBuffer totals = DeviceBuffer.zeroed(4 * blocks);
        scratch.add(totals);
        launch("colony_scan_blocks", blocks, 256, p -> p.add(in).add(out).add(n).add(totals.pointer()));
        if (blocks > 1) {
            DeviceBuffer offsets = DeviceBuffer.zeroed(4 * blocks);
            scratch.add(offsets);
            scanInto(totals.pointer(), offsets.pointer(), blocks, scratch);
            launch("colony_scan_add", (n + 255) / 256, 256, p -> p.add(out).add(n).add(offsets.pointer()));
        }
    }

    private void launch(String name, long blocks, int threads, java.util.function.Consumer<KernelParams> args) {
        KernelParams p = params.begin();
        args.accept(p);
        Driver.launch(k.function(name), (int) blocks, 1, 1, threads, 1, 1, 0, 0L, p.pointersWithoutFrame(), name);
    }
}
