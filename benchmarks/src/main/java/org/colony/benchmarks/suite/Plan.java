package org.colony.benchmarks.suite;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.colony.benchmarks.cuda.Gpu;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The JMH runs of a scope and target, each with its own settings and result file. On the CPU each run holds
 * Colony's benchmark and MASON's of one model and measure, so the two are measured in the same run with the
 * same settings; on the GPU each run is one model and measure of the CUDA backend.
 */
public final class Plan {

    /** One JMH run: a name (also its result file's) and its options. */
    public record Run(String name, Options options) {
    }

    private Plan() {
    }

    /** The runs of {@code target} ({@code cpu} or {@code gpu}) at {@code scope}, writing JSON under {@code results}. */
    public static List<Run> runs(Scope scope, String target, Path results) {
        List<Run> runs = new ArrayList<>();
        if (target.equals("cpu")) {
            String[][] models = {{"heat2d", "heat.Heat2DBenchmark", "mason.MasonHeat2DBenchmark"},
                {"gameoflife", "life.GameOfLifeBenchmark", "mason.MasonGameOfLifeBenchmark"},
                {"sugarscape", "sugarscape.SugarScapeBenchmark", "mason.MasonSugarScapeBenchmark"},
                {"stupidmodel", "stupid.StupidModelBenchmark", "mason.MasonStupidModelBenchmark"}};
            for (String[] m : models) {
                // SugarScape and StupidModel change as they run: batches of ticks of a fresh model
                boolean sugar = m[0].equals("sugarscape") || m[0].equals("stupidmodel");
                boolean stupid = m[0].equals("stupidmodel");
                for (String measure : new String[] {"step", "init", "total"}) {
                    ChainedOptionsBuilder b = base(scope, results, m[0] + "-" + measure)
                            .include(pattern(measure, m[1], m[2]))
                            .param("threads", strings(scope.threads()));
                    // StupidModel: 004's 256 x 128 habitat (and twice its side in the full scope)
                    List<Integer> stupidSizes = scope.name().equals("full") ? List.of(256, 512) : List.of(256);
                    configure(b, scope, measure, sugar,
                            stupid ? stupidSizes : sugar ? scope.sugarSizes() : scope.gridSizes(),
                            stupid ? List.of(256) : sugar ? scope.shotSugarSizes() : scope.shotGridSizes(),
                            steps(scope, m[0]));
                    runs.add(new Run(m[0] + "-" + measure, b.build()));
                }
            }
        } else if (target.equals("gpu")) {
            int gpus = Gpu.count();
            String[][] models = {{"heat2d", "cuda.Heat2DCudaBenchmark"}, {"gameoflife", "cuda.GameOfLifeCudaBenchmark"},
                {"sugarscape", "cuda.SugarScapeCudaBenchmark"}};
            for (String[] m : models) {
                boolean sugar = m[0].equals("sugarscape");
                List<Integer> sizes = sugar ? scope.cudaSugarSizes() : scope.cudaGridSizes();
                for (String measure : new String[] {"step", "init", "total"}) {
                    ChainedOptionsBuilder b = base(scope, results, "cuda-" + m[0] + "-" + measure)
                            .include(pattern(measure, m[1]));
                    configure(b, scope, measure, sugar, sizes, List.of(sizes.getLast()), steps(scope, m[0]));
                    if (measure.equals("step") && !sugar && gpus > 1) {
                        // The grid over 1, 2, 4, ... GPUs of this machine: the scaling plot.
                        List<Integer> counts = new ArrayList<>();
                        for (int d = 1; d <= gpus; d *= 2) {
                            counts.add(d);
                        }
                        b.param("devices", strings(counts));
                    }
                    runs.add(new Run("cuda-" + m[0] + "-" + measure, b.build()));
                }
            }
        } else {
            throw new IllegalArgumentException("--target=" + target + " is not a target; use cpu or gpu");
        }
        return runs;
    }

    private static int steps(Scope scope, String model) {
        return switch (model) {
            case "heat2d" -> scope.heatSteps();
            case "gameoflife" -> scope.lifeSteps();
            default -> scope.sugarSteps();
        };
    }

    private static ChainedOptionsBuilder base(Scope scope, Path results, String name) {
        return new OptionsBuilder().forks(scope.forks()).shouldFailOnError(false)
                .resultFormat(ResultFormatType.JSON).result(results.resolve(name + ".json").toString());
    }

    private static void configure(ChainedOptionsBuilder b, Scope scope, String measure, boolean sugar,
            List<Integer> stepSizes, List<Integer> shotSizes, int steps) {
        switch (measure) {
            case "step" -> {
                b.param("size", strings(stepSizes));
                if (sugar) {
                    b.warmupIterations(scope.sugarWarmup()).warmupBatchSize(scope.sugarBatch())
                            .measurementIterations(scope.sugarMeasure()).measurementBatchSize(scope.sugarBatch());
                } else {
                    b.warmupIterations(scope.stepWarmup()).warmupTime(TimeValue.seconds(1))
                            .measurementIterations(scope.stepMeasure()).measurementTime(TimeValue.seconds(1));
                }
            }
            case "init" -> b.param("size", strings(shotSizes)).warmupIterations(scope.initWarmup())
                    .measurementIterations(scope.initMeasure());
            default -> b.param("size", strings(shotSizes)).param("steps", Integer.toString(steps))
                    .warmupIterations(1).measurementIterations(scope.totalMeasure());
        }
    }

    /** A regular expression matching exactly the method {@code measure} of the given classes. */
    static String pattern(String measure, String... classes) {
        return "^org\\.colony\\.benchmarks\\.(" + String.join("|", List.of(classes)).replace(".", "\\.") + ")\\."
                + measure + "$";
    }

    private static String[] strings(List<Integer> values) {
        return values.stream().map(String::valueOf).toArray(String[]::new);
    }
}
