/**
 * The CUDA backend's internals: bindings to the driver API, NVRTC and NCCL through {@code java.lang.foreign},
 * device memory, the kernel cache, the stores of places and agents on a GPU, and the transport between the
 * GPUs of a process. Not an API.
 */
package org.colony.cuda.internal;
