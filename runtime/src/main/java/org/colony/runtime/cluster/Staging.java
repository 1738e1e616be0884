package org.colony.runtime.cluster;

import java.lang.foreign.MemorySegment;

/**
 * How a transport of device memory moves a message through host memory to or from another process, where no
 * device-to-device path serves (two ranks on one GPU, no NCCL): the backend copies between its device buffers and
 * host buffers, ordered after the work that filled the device buffer and before the work that reads it.
 */
public interface Staging {

    /**
     * Copies {@code device} (a device buffer of this process) into {@code host}, after the work that filled it.
     *
     * @param device a device buffer of this process
     * @param host a host buffer of the same size
     */
    void toHost(MemorySegment device, MemorySegment host);

    /**
     * Copies {@code host} into {@code device}, before any later work of this process reads it.
     *
     * @param device a device buffer of this process
     * @param host a host buffer of the same size
     */
    void toDevice(MemorySegment host, MemorySegment device);
}
