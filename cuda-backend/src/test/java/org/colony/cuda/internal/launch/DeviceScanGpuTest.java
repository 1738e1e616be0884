package org.colony.cuda.internal.launch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;
import org.colony.cuda.internal.bind.Probe;
import org.colony.cuda.internal.device.CudaDevice;
import org.colony.cuda.internal.device.DeviceBuffer;
import org.colony.cuda.internal.device.ScratchPool;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The device's exclusive scans against a plain prefix sum, with their totals, on either side of each way of
 * scanning (one block up to 1024 values, a single pass with look-back beyond, one chunk or thousands of them),
 * unaligned and in place too, and scan after scan on one status buffer (each scan leaves it zero for the next).
 * Runs where a GPU is present.
 */
@Tag("gpu")
class DeviceScanGpuTest {

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 31, 32, 1023, 1024, 1025, 2048, 4000, 32767, 32768, 32769, 70_001, 16_777_217})
    void scans_matchAPlainPrefixSum_withTheirTotals(int n) {
        String driver = Probe.driver();
        assumeTrue(driver == null, () -> "no GPU to run on: " + driver);
        int[] values = new SplittableRandom(n).ints(n, 0, 5).toArray();
        int[] expect = new int[n];
        int sum = 0;
        for (int i = 0; i < n; i++) {
            expect[i] = sum;
            sum += values[i];
        }
        try (CudaContext cx = new CudaContext(CudaDevice.open(0), false, false); Arena arena = Arena.ofConfined();
                DeviceBuffer in = DeviceBuffer.zeroed(4L * n + 16); DeviceBuffer out = DeviceBuffer.zeroed(4L * n + 16);
                DeviceBuffer totals = DeviceBuffer.zeroed(16)) {
            ScratchPool pool = new ScratchPool();
            DeviceScan scan = new DeviceScan(cx, arena, pool);
            MemorySegment host = arena.allocate(4L * n + 16, 16);
            // aligned, with the totals on the device
            MemorySegment.copy(values, 0, host, ValueLayout.JAVA_INT, 0, n);
            in.upload(host.asSlice(0, 4L * n), 0);
            scan.scanOnDevice(in.pointer(), out.pointer(), n, totals.pointer(), totals.pointer() + 8);
            out.download(host, 0, 4L * n);
            assertArrayEquals(expect, host.asSlice(0, 4L * n).toArray(ValueLayout.JAVA_INT), "aligned");
            totals.download(host, 0, 16);
            assertEquals(sum, host.get(ValueLayout.JAVA_INT, 0), "total32");
            assertEquals(sum, host.get(ValueLayout.JAVA_LONG, 8), "total64");
            // unaligned output
            assertEquals(sum, scan.scan(in.pointer(), out.pointer() + 4, n));
            out.download(host, 0, 4L * n + 4);
            assertArrayEquals(expect, host.asSlice(4, 4L * n).toArray(ValueLayout.JAVA_INT), "unaligned");
            // in place
            scan.scanOnDevice(in.pointer(), in.pointer(), n, 0L, 0L);
            in.download(host, 0, 4L * n);
            assertArrayEquals(expect, host.asSlice(0, 4L * n).toArray(ValueLayout.JAVA_INT), "in place");
            // scan after scan, the status left by each
            for (int round = 0; round < 5; round++) {
                int[] next = new SplittableRandom(31L * n + round).ints(n, 0, 9).toArray();
                MemorySegment.copy(next, 0, host, ValueLayout.JAVA_INT, 0, n);
                in.upload(host.asSlice(0, 4L * n), 0);
                int running = 0;
                for (int i = 0; i < n; i++) {
                    expect[i] = running;
                    running += next[i];
                }
                assertEquals(running, scan.scan(in.pointer(), out.pointer(), n), "total, round " + round);
                out.download(host, 0, 4L * n);
                assertArrayEquals(expect, host.asSlice(0, 4L * n).toArray(ValueLayout.JAVA_INT), "round " + round);
            }
            pool.close();
        }
    }

    /**
     * Values over the whole int range: the sums wrap as Java's do, the int total is the wrapped sum and the long total
     * its 32 bits zero-extended (as the host reads counts); then scans that grow and shrink on one status buffer.
     */
    @Test
    void fullRangeValues_wrapAsJavaInts_andScansOfEverySizeShareOneStatusBuffer() {
        String driver = Probe.driver();
        assumeTrue(driver == null, () -> "no GPU to run on: " + driver);
        int most = 16_777_217;
        try (CudaContext cx = new CudaContext(CudaDevice.open(0), false, false); Arena arena = Arena.ofConfined();
                DeviceBuffer in = DeviceBuffer.zeroed(4L * most + 16); DeviceBuffer out = DeviceBuffer.zeroed(4L * most);
                DeviceBuffer totals = DeviceBuffer.zeroed(16)) {
            ScratchPool pool = new ScratchPool();
            DeviceScan scan = new DeviceScan(cx, arena, pool);
            MemorySegment host = arena.allocate(4L * most, 16);
            for (int n : new int[] {2048, most, 5000, 1025, most, 70_001}) {
                int[] values = new SplittableRandom(n + 1L).ints(n).toArray();
                int[] expect = new int[n];
                int sum = 0;
                for (int i = 0; i < n; i++) {
                    expect[i] = sum;
                    sum += values[i];
                }
                MemorySegment.copy(values, 0, host, ValueLayout.JAVA_INT, 0, n);
                in.upload(host.asSlice(0, 4L * n), 0);
                scan.scanOnDevice(in.pointer(), out.pointer(), n, totals.pointer(), totals.pointer() + 8);
                out.download(host, 0, 4L * n);
                assertArrayEquals(expect, host.asSlice(0, 4L * n).toArray(ValueLayout.JAVA_INT), "n=" + n);
                totals.download(host, 0, 16);
                assertEquals(sum, host.get(ValueLayout.JAVA_INT, 0), "total32, n=" + n);
                assertEquals(Integer.toUnsignedLong(sum), host.get(ValueLayout.JAVA_LONG, 8), "total64, n=" + n);
                assertEquals(Integer.toUnsignedLong(sum), scan.scan(in.pointer(), out.pointer(), n), "scan, n=" + n);
            }
            pool.close();
        }
    }
}
