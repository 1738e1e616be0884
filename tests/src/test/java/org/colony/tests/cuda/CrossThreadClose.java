package org.colony.tests.cuda;

import java.util.concurrent.atomic.AtomicReference;
import org.colony.cuda.internal.device.CudaDevice;
import org.colony.examples.sugarscape.SugarScape;
import org.colony.runtime.Config;
import org.colony.runtime.Simulation;

/**
 * A driver for {@link SweepGpuTest}, run with per-thread streams in a JVM of its own: a simulation driven on one thread
 * and closed on another gives its device memory back; prints {@code freed} with the memory before and after, or the
 * failure.
 */
public final class CrossThreadClose {

    private CrossThreadClose() {
    }

    /**
     * Runs the check.
     *
     * @param args none
     * @throws Exception where a thread fails
     */
    public static void main(String[] args) throws Exception {
        long before;
        try (CudaDevice probe = CudaDevice.open(0)) {
            before = probe.freeMemory();
        }
        AtomicReference<Simulation> made = new AtomicReference<>();
        Thread driver = new Thread(() -> {
            Simulation sim = Simulation.create(Config.defaults().withBackend("cuda").withSeed(5));
            SugarScape m = new SugarScape(sim, 1500);
            for (int t = 0; t < 20; t++) {
                m.tick();
            }
            made.set(sim); // left open, with its work queued on this thread's stream
        }, "driver");
        driver.start();
        driver.join();
        made.get().close(); // on the main thread
        long after;
        try (CudaDevice probe = CudaDevice.open(0)) {
            after = probe.freeMemory();
        }
        System.out.println((after >= before - (64L << 20) ? "freed" : "kept") + " " + (before >> 20) + " MiB free "
                + "before, " + (after >> 20) + " MiB after");
    }
}
