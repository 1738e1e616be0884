package org.colony.cuda;

import org.colony.ColonyException;
import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.device.CudaDevice;

/**
 * What tools and benchmarks may ask of this machine's GPUs without opening a backend: how many there are, what each
 * is, how much memory is free on one. Each call needs the CUDA driver ({@link CudaBackendProvider#unavailableReason}
 * says whether it is there).
 */
public final class CudaDevices {

    private CudaDevices() {
    }

    /**
     * {@return the CUDA devices the driver lists}
     *
     * @throws ColonyException where the driver cannot be loaded or initialised
     */
    public static int count() {
        Driver.init();
        return Driver.deviceCount();
    }

    /**
     * {@return one line naming device {@code ordinal}: its name, ordinal and architecture ({@code NVIDIA H100 (device
     * 0, sm_90)})}
     *
     * @param ordinal the device's CUDA ordinal, 0 to {@link #count()} - 1
     */
    public static String describe(int ordinal) {
        try (CudaDevice device = CudaDevice.open(ordinal)) {
            return device.toString();
        }
    }

    /**
     * {@return the bytes of memory free on device {@code ordinal} now}
     *
     * @param ordinal the device's CUDA ordinal, 0 to {@link #count()} - 1
     */
    public static long freeMemory(int ordinal) {
        try (CudaDevice device = CudaDevice.open(ordinal)) {
            return device.freeMemory();
        }
    }
}
