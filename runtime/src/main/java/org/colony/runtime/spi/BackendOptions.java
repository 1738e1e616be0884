package org.colony.runtime.spi;

/**
 * What a backend is opened with: the settings of the run ({@code Config}) that backends read, named as the
 * command line names them so that a backend's messages can point at the option at fault.
 *
 * @param threads worker threads of the CPU backend ({@code --threads})
 * @param device the first GPU ({@code --device})
 * @param devices how many GPUs, from {@code device} on ({@code --devices})
 * @param fast whether backends may trade bit-identical results for speed ({@code --mode fast})
 */
public record BackendOptions(int threads, int device, int devices, boolean fast) {
}
