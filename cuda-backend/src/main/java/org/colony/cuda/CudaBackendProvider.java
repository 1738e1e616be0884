package org.colony.cuda;

import org.colony.cuda.internal.bind.Probe;
import org.colony.cuda.internal.device.EarlyContext;
import org.colony.runtime.spi.Backend;
import org.colony.runtime.spi.BackendOptions;
import org.colony.runtime.spi.BackendProvider;

/** Provides the CUDA backend where a CUDA driver, a GPU and NVRTC are present; {@code --backend auto} prefers it. */
public final class CudaBackendProvider implements BackendProvider {

    private static volatile String reason;
    private static volatile boolean probed;

    /** For {@link java.util.ServiceLoader}. */
    public CudaBackendProvider() {
    }

    @Override
    public String name() {
        return "cuda";
    }

    @Override
    public int priority() {
        return 10;
    }

    @Override
    public String unavailableReason() {
        if (!probed) {
            synchronized (CudaBackendProvider.class) {
                if (!probed) {
                    String why = Probe.driver();
                    reason = why != null ? why : Probe.nvrtc();
                    probed = true;
                }
            }
        }
        return reason;
    }

    /** Starts the CUDA driver and the device's context on a thread of their own ({@link EarlyContext}). */
    @Override
    public void prepare(int device) {
        EarlyContext.start(device);
    }

    /** Waits up to two seconds for {@link EarlyContext}'s thread. */
    @Override
    public void settle() {
        EarlyContext.await(2000);
    }

    @Override
    public Backend open(BackendOptions options) {
        return new CudaBackend(options);
    }
}
