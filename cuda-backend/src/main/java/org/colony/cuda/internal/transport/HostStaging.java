package org.colony.cuda.internal.transport;

import java.lang.foreign.MemorySegment;
import java.util.List;
import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.device.CudaDevice;
import org.colony.runtime.cluster.Staging;

/**
 * Device buffers to and from host memory for messages between MPI ranks that no device-to-device path joins (two
 * ranks on one GPU, no NCCL). Colony's kernels run on each device's legacy default stream, which the synchronous
 * copies here are ordered with: a copy out waits for the kernels that packed the buffer, and kernels launched after
 * a copy in see its data. Before the first copy out of an exchange every device is waited for, since a buffer may
 * belong to any device of this process.
 */
public final class HostStaging implements Staging {

    private final List<CudaDevice> devices;

    /** @param devices the GPUs of this process, whose buffers are staged */
    public HostStaging(List<CudaDevice> devices) {
        this.devices = List.copyOf(devices);
    }

    @Override
    public void toHost(MemorySegment device, MemorySegment host) {
        for (CudaDevice d : devices) {
            d.synchronize();
        }
        devices.getFirst().makeCurrent();
        Driver.copyToHost(host, device.address(), device.byteSize());
    }

    @Override
    public void toDevice(MemorySegment host, MemorySegment device) {
        devices.getFirst().makeCurrent();
        Driver.copyToDevice(device.address(), host, device.byteSize());
    }
}
