/**
 * GPU benchmarks: the models on the CUDA backend under JMH, and {@link org.colony.benchmarks.cuda.GpuBenchmark}
 * (kernels against hand-written CUDA, the copy bandwidth, the largest sizes). Without a usable GPU the JMH
 * benchmarks stop in their set-up with the backend's one-line reason, and {@code ./mass bench} skips them.
 */
package org.colony.benchmarks.cuda;
