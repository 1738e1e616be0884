package org.colony.benchmarks.cuda;

import java.util.ServiceLoader;
import org.colony.cuda.CudaDevices;
import org.colony.runtime.Config;
import org.colony.runtime.Simulation;
import org.colony.runtime.spi.BackendProvider;

/** Opening the CUDA backend for benchmarks, and saying why it cannot be opened here. */
public final class Gpu {

    private Gpu() {
    }

    /**
     * Null when the CUDA backend can run here, otherwise one line saying why not (no driver, no GPU, no
     * NVRTC, or the backend module missing from the class path).
     */
    public static String unavailableReason() {
        for (BackendProvider p : ServiceLoader.load(BackendProvider.class, Gpu.class.getClassLoader())) {
            if (p.name().equals("cuda")) {
                return p.unavailableReason();
            }
        }
        return "the CUDA backend (colony-cuda-backend) is not on the class path";
    }

    /**
     * A simulation on the CUDA backend.
     *
     * @throws org.colony.ColonyException naming why, where there is no usable GPU
     */
    static Simulation simulation() {
        return simulation(1);
    }

    /** A simulation on the CUDA backend over {@code devices} GPUs, one partition on each. */
    static Simulation simulation(int devices) {
        return Simulation.create(Config.defaults().withBackend("cuda").withDevices(devices));
    }

    /** The GPUs of this machine, 0 where the CUDA backend cannot run. */
    public static int count() {
        if (unavailableReason() != null) {
            return 0;
        }
        return CudaDevices.count();
    }
}
