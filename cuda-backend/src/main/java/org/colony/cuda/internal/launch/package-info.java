/**
 * Kernels and their launches on the CUDA backend: compiling, loading, the parameters and frames kernels take, the
 * context every launch of a device goes through, and the recorder that replays a repeated tick as a CUDA graph.
 * Not an API.
 *
 * <p>Class map:
 * <ul>
 *   <li>The context: {@code CudaContext} (device, compiler, kernels, error record and launch recorder of one
 *       backend on one device).
 *   <li>Kernels: {@code KernelCompiler} (NVRTC with a disk cache), {@code ModelKernels} (a model's generated
 *       kernels), {@code SupportKernels} (the runtime's own, {@code support.cu}), {@code DeviceScan} (prefix sums),
 *       {@code Grids} (one-dimensional launch shapes).
 *   <li>Parameters: {@code KernelParams} (one launch's values), {@code Frames} (the {@code colony::Frame} every
 *       kernel takes first).
 *   <li>CUDA graphs: {@code LaunchRecorder} (holds and replays repeated ticks), {@code Launch} (one launch as it
 *       keeps it), {@code GraphDevice} and {@code DriverGraphs} (what it asks of the device, and the driver's
 *       answer), {@code KernelNodeParams} ({@code CUDA_KERNEL_NODE_PARAMS_v2}).
 *   <li>Timing: {@code LaunchTimer} (device time of step calls for {@code --profile}), {@code GpuTimer} (for
 *       benchmarks).
 * </ul>
 */
package org.colony.cuda.internal.launch;
