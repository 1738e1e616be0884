package org.colony.benchmarks.report;

/**
 * One measured figure, normalised: milliseconds per operation of one model, implementation and size.
 *
 * @param model {@code heat2d}, {@code gameoflife} or {@code sugarscape}
 * @param implementation {@code colony-cpu}, {@code colony-cuda} or {@code mason}
 * @param measure {@code step}, {@code init} or {@code total}
 * @param size the grid's side
 * @param threads CPU threads (1 where the implementation has no thread count)
 * @param devices GPUs (0 on the CPU)
 * @param steps the time steps a {@code total} ran (0 otherwise)
 * @param ms the mean milliseconds per operation (per time step for {@code step})
 * @param errorMs JMH's 99.9% confidence half-width, in the same unit (NaN where unknown)
 * @param source the benchmark it came from
 */
public record Measurement(String model, String implementation, String measure, int size, int threads, int devices,
        int steps, double ms, double errorMs, String source) {

    /** Places on the grid. */
    public long places() {
        return (long) size * size;
    }

    /** A label for the implementation and its thread or device count: {@code Colony CPU 2T}, {@code MASON 1T}. */
    public String series() {
        return switch (implementation) {
            case "colony-cpu" -> "Colony CPU " + threads + "T";
            case "colony-cuda" -> "Colony CUDA " + Math.max(1, devices) + (devices > 1 ? " GPUs" : " GPU");
            case "mason" -> "MASON " + threads + "T";
            default -> implementation;
        };
    }
}
