/**
 * Device resources of the CUDA backend, over the bindings: GPUs and their contexts, device memory, loaded modules,
 * the error record kernels report to, and the helpers that own several of them. Not an API.
 *
 * <p>Class map:
 * <ul>
 *   <li>The device: {@code CudaDevice} (one GPU with its primary context), {@code CudaModule} (a loaded CUBIN).
 *   <li>Memory: {@code DeviceBuffer} (a block of device memory), {@code MemoryPool} (the stream-ordered pool, and
 *       what an allocation does when the device is full), {@code ScratchPool} (named buffers reused from call to
 *       call), {@code UploadStage} (page-locked host memory uploads go through without waiting).
 *   <li>Failures: {@code DeviceErrors} (the record kernels write when a step fails, and its messages); owners of
 *       several resources close them with the runtime's {@code Closeables}, whatever happens to each.
 * </ul>
 */
package org.colony.cuda.internal.device;
