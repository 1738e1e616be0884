/**
 * The CUDA backend's internals: bindings to the driver API and NVRTC through {@code java.lang.foreign},
 * device memory, the kernel cache, and the stores of places and agents on a GPU. Not an API.
 */
package org.colony.cuda.internal;
