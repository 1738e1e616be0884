/**
 * The bottom floor of the CUDA backend: bindings to the native libraries through {@code java.lang.foreign}, one
 * static final method handle per function, every call checked by one helper that throws a
 * {@link org.colony.cuda.internal.bind.CudaException} naming the function and the error. Nothing here knows the floors above:
 * ordering device work after held launches is a hook ({@link org.colony.cuda.internal.bind.DeviceWork}) that the
 * launch floor installs. Not an API.
 *
 * <p>Class map:
 * <ul>
 *   <li>CUDA driver: {@code Driver} (contexts, memory, copies, modules, launches, events; {@code check} and
 *       {@code rethrow}, the checking helper), {@code GraphCalls} (CUDA graph nodes), {@code PoolCalls} (the
 *       stream-ordered memory pool), {@code DeviceWork} (the hook every binding of device work calls first).
 *   <li>Other libraries: {@code Nvrtc} (the runtime compiler), {@code Nccl} (GPU-to-GPU communication).
 *   <li>Availability: {@code Probe} (whether the driver, a GPU, NVRTC and NCCL are usable, in one line).
 * </ul>
 */
package org.colony.cuda.internal.bind;
