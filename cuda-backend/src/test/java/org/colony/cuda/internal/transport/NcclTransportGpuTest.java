package org.colony.cuda.internal.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.bind.Probe;
import org.colony.cuda.internal.device.CudaDevice;
import org.colony.cuda.tools.NcclCheck;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The NCCL transport on two GPUs of this machine, every byte checked. Runs where two GPUs and NCCL are
 * present; elsewhere each test is skipped with the reason.
 */
@Tag("gpu")
class NcclTransportGpuTest {

    private static void requireGpus(int n) {
        String driver = Probe.driver();
        assumeTrue(driver == null, () -> "no GPU to run on: " + driver);
        int count = Driver.deviceCount();
        assumeTrue(count >= n, () -> "needs " + n + " GPUs, this machine has " + count);
    }

    @Test
    void makeCurrent_switchesBetweenDevicesOnOneThread() {
        requireGpus(2);
        try (CudaDevice a = CudaDevice.open(0); CudaDevice b = CudaDevice.open(1)) {
            for (CudaDevice d : List.of(a, b, a, b, b, a)) {
                d.makeCurrent();
                assertEquals(d.context(), Driver.currentContext(), d.toString());
            }
        }
    }

    @Test
    void ncclCheck_onTwoGpus_deliversEveryByte() {
        requireGpus(2);
        String nccl = Probe.nccl();
        assumeTrue(nccl == null, () -> "no NCCL: " + nccl);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        List<String> failures;
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            failures = NcclCheck.run(2, 16L << 20, false, out);
        }
        String log = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(List.of(), failures, log);
        assertEquals(true, log.contains("\nPASS: "), log);
    }
}
