package org.colony.benchmarks.suite;

import java.util.List;
import java.util.Locale;

/**
 * How much a suite run measures. {@code quick} measures the target sizes and one smaller size with
 * short JMH settings and finishes in well under 10 minutes on 2 cores; {@code full} sweeps sizes with longer
 * settings, two forks and the benchmark descriptions' step counts for total time.
 *
 * @param name {@code quick} or {@code full}
 * @param gridSizes Heat2D and GameOfLife sides for per-step time on the CPU
 * @param sugarSizes SugarScape sides for per-step time on the CPU
 * @param shotGridSizes Heat2D and GameOfLife sides for init and total time
 * @param shotSugarSizes SugarScape sides for init and total time
 * @param threads CPU thread counts
 * @param forks JMH forks per benchmark
 * @param stepWarmup warm-up iterations of 1 s for per-step time
 * @param stepMeasure measured iterations of 1 s for per-step time
 * @param sugarBatch SugarScape ticks per measured batch (from a fresh landscape)
 * @param sugarWarmup SugarScape warm-up batches
 * @param sugarMeasure SugarScape measured batches
 * @param initWarmup, initMeasure single shots of init
 * @param totalMeasure single shots of total (after one warm-up shot)
 * @param heatSteps, lifeSteps, sugarSteps time steps of a total run
 * @param largestHeap the {@code -Xmx} of the largest-size search
 * @param cudaGridSizes Heat2D and GameOfLife sides on the GPU
 * @param cudaSugarSizes SugarScape sides on the GPU
 * @param gpuBenchmarkArgs the arguments of {@code GpuBenchmark}
 */
public record Scope(String name, List<Integer> gridSizes, List<Integer> sugarSizes, List<Integer> shotGridSizes,
        List<Integer> shotSugarSizes, List<Integer> threads, int forks, int stepWarmup, int stepMeasure,
        int sugarBatch, int sugarWarmup, int sugarMeasure, int initWarmup, int initMeasure, int totalMeasure,
        int heatSteps, int lifeSteps, int sugarSteps, String largestHeap, List<Integer> cudaGridSizes,
        List<Integer> cudaSugarSizes, List<String> gpuBenchmarkArgs) {

    /** The quick scope. */
    public static final Scope QUICK = new Scope("quick", List.of(512, 2048), List.of(250, 1000), List.of(2048),
            List.of(1000), List.of(1, 2), 1, 2, 4, 10, 3, 4, 2, 3, 2, 100, 100, 20, "2g", List.of(3000, 9000),
            List.of(1000, 3000), List.of("3000", "9000"));

    /** The full scope. */
    public static final Scope FULL = new Scope("full", List.of(256, 512, 1024, 2048, 4096), List.of(250, 500, 1000, 2000),
            List.of(512, 2048), List.of(500, 1000), List.of(1, 2), 2, 5, 10, 20, 6, 10, 3, 5, 2, 3000, 1000, 1000,
            "12g", List.of(1000, 3000, 9000, 16384), List.of(1000, 3000, 10000), List.of("--largest"));

    /** The scope of a name. */
    public static Scope named(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "quick" -> QUICK;
            case "full" -> FULL;
            default -> throw new IllegalArgumentException("--scope=" + name + " is not a scope; use quick or full");
        };
    }
}
