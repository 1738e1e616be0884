/**
 * The CUDA backend's internals, in floors that import only downwards. Not an API.
 *
 * <ul>
 *   <li>{@code bind}: bindings to the CUDA driver, NVRTC and NCCL through {@code java.lang.foreign}.
 *   <li>{@code device}: GPUs, device memory, modules and the error record, over the bindings.
 *   <li>{@code launch}: compiling and launching kernels, the per-device context and CUDA graphs.
 *   <li>{@code store}: places and agents on a GPU, and {@code manageAll} on a block and on a partition.
 *   <li>{@code transport}: the transports between partitions on GPUs (beside {@code store}, over {@code device}).
 * </ul>
 */
package org.colony.cuda.internal;
