package org.colony.cuda.internal.device;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.colony.cuda.internal.bind.Probe;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Uploads through page-locked memory arrive whole and in order: small and large ones, more than the space holds
 * between two waits (the stage waits and reuses it), one larger than the space (the stage grows), and the same
 * with ordinary copies where page-locked memory is refused. Runs where a GPU is present; elsewhere it is skipped
 * with the reason.
 */
@Tag("gpu")
class UploadStageGpuTest {

    @ParameterizedTest(name = "page-locked={0}")
    @ValueSource(booleans = {true, false})
    void uploads_arriveWholeAndInOrder(boolean pageLocked) {
        String driver = Probe.driver();
        assumeTrue(driver == null, () -> "no GPU to run on: " + driver);
        try (CudaDevice device = CudaDevice.open(0)) {
            device.makeCurrent();
            int n = 50_000;
            try (DeviceBuffer ints = DeviceBuffer.zeroed(4L * n); DeviceBuffer longs = DeviceBuffer.zeroed(8L * n);
                    UploadStage stage = new UploadStage(4096, pageLocked)) {
                int[] expectInts = new int[n];
                long[] expectLongs = new long[n];
                // 1000 small uploads of 50 values each: many times the 4 KiB space between two waits
                for (int i = 0; i < n; i += 50) {
                    int[] chunk = new int[50];
                    for (int k = 0; k < 50; k++) {
                        chunk[k] = (i + k) * 7 + 1;
                        expectInts[i + k] = chunk[k];
                    }
                    stage.upload(ints.pointer() + 4L * i, chunk);
                }
                // then one upload larger than the space, overwriting the first half: it must land after the small ones
                int[] half = new int[n / 2];
                for (int k = 0; k < half.length; k++) {
                    half[k] = -k;
                    expectInts[k] = -k;
                }
                stage.upload(ints.pointer(), half);
                for (int k = 0; k < n; k++) {
                    expectLongs[k] = (long) k << 33 | k;
                }
                stage.upload(longs.pointer(), expectLongs);
                try (Arena a = Arena.ofConfined()) {
                    MemorySegment bytes = a.allocate(24, 8);
                    for (int k = 0; k < 3; k++) {
                        bytes.setAtIndex(ValueLayout.JAVA_LONG, k, 1000 + k);
                    }
                    stage.upload(longs.pointer() + 8L * 10, bytes, 8, 16); // values 1001 and 1002 at 10 and 11
                    expectLongs[10] = 1001;
                    expectLongs[11] = 1002;
                    MemorySegment host = a.allocate(8L * n, 8);
                    ints.download(host, 0, 4L * n);
                    stage.deviceWaited();
                    assertArrayEquals(expectInts, host.asSlice(0, 4L * n).toArray(ValueLayout.JAVA_INT));
                    longs.download(host, 0, 8L * n);
                    assertArrayEquals(expectLongs, host.toArray(ValueLayout.JAVA_LONG));
                }
            }
        }
    }
}
