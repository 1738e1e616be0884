package org.colony.benchmarks.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.options.Options;

class PlanTest {

    private static Options run(List<Plan.Run> runs, String name) {
        return runs.stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow().options();
    }

    @Test
    void quickCpu_measuresColonyAndMasonInTheSameRun_atTheTargetSizes() {
        List<Plan.Run> runs = Plan.runs(Scope.QUICK, "cpu", Path.of("out"));
        assertEquals(List.of("heat2d-step", "heat2d-init", "heat2d-total", "gameoflife-step", "gameoflife-init",
                "gameoflife-total", "sugarscape-step", "sugarscape-init", "sugarscape-total", "stupidmodel-step",
                "stupidmodel-init", "stupidmodel-total"), runs.stream().map(Plan.Run::name).toList());
        Options heat = run(runs, "heat2d-step");
        String include = heat.getIncludes().getFirst();
        assertTrue("org.colony.benchmarks.heat.Heat2DBenchmark.step".matches(include), include);
        assertTrue("org.colony.benchmarks.mason.MasonHeat2DBenchmark.step".matches(include), include);
        assertTrue(!"org.colony.benchmarks.heat.Heat2DBenchmark.init".matches(include), include);
        assertEquals(List.of("512", "2048"), List.copyOf(heat.getParameter("size").get()));
        assertEquals(List.of("1", "2"), List.copyOf(heat.getParameter("threads").get()));
        assertEquals(Path.of("out", "heat2d-step.json").toString(), heat.getResult().get());
        Options sugar = run(runs, "sugarscape-step");
        assertEquals(List.of("250", "1000"), List.copyOf(sugar.getParameter("size").get()));
        assertEquals(10, sugar.getMeasurementBatchSize().get());
        Options total = run(runs, "sugarscape-total");
        assertEquals(List.of("1000"), List.copyOf(total.getParameter("size").get()));
        assertEquals(List.of("20"), List.copyOf(total.getParameter("steps").get()));
        Options stupid = run(runs, "stupidmodel-step");
        String both = stupid.getIncludes().getFirst();
        assertTrue("org.colony.benchmarks.stupid.StupidModelBenchmark.step".matches(both), both);
        assertTrue("org.colony.benchmarks.mason.MasonStupidModelBenchmark.step".matches(both), both);
        assertEquals(List.of("256"), List.copyOf(stupid.getParameter("size").get()), "004's 256 x 128");
        assertEquals(10, stupid.getMeasurementBatchSize().get());
    }

    @Test
    void gpu_runsOnlyTheCudaBenchmarks() {
        List<Plan.Run> runs = Plan.runs(Scope.FULL, "gpu", Path.of("out"));
        assertEquals(9, runs.size());
        for (Plan.Run r : runs) {
            assertTrue(r.options().getIncludes().getFirst().contains("Cuda"), r.name());
        }
        assertEquals(List.of("1000", "3000", "9000", "16384"),
                List.copyOf(run(runs, "cuda-heat2d-step").getParameter("size").get()));
        assertEquals(2, run(runs, "cuda-heat2d-step").getForkCount().get());
    }

    @Test
    void unknownScopeOrTarget_isRefusedWithTheChoices() {
        assertEquals("--scope=huge is not a scope; use quick or full",
                assertThrows(IllegalArgumentException.class, () -> Scope.named("huge")).getMessage());
        assertEquals("--target=tpu is not a target; use cpu or gpu",
                assertThrows(IllegalArgumentException.class, () -> Plan.runs(Scope.QUICK, "tpu", Path.of("out")))
                        .getMessage());
    }
}
