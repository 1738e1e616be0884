package org.colony.benchmarks.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonParser;
import java.util.List;
import org.junit.jupiter.api.Test;

class JmhResultsTest {

    @Test
    void parse_averageTime_keepsMillisecondsAndParams() {
        List<Measurement> m = JmhResults.parse(JsonParser.parseString(Samples.file(Samples.jmh(
                "org.colony.benchmarks.heat.Heat2DBenchmark.step", "avgt", "\"size\": \"2048\", \"threads\": \"2\"", 5.25,
                0.5, "ms/op", 1))));
        assertEquals(List.of(new Measurement("heat2d", "colony-cpu", "step", 2048, 2, 0, 0, 5.25, 0.5,
                "Heat2DBenchmark.step")), m);
        assertEquals("Colony CPU 2T", m.getFirst().series());
        assertEquals(2048L * 2048, m.getFirst().places());
    }

    @Test
    void parse_singleShotBatch_dividesByTheBatchSize_andConvertsSeconds() {
        List<Measurement> m = JmhResults.parse(JsonParser.parseString(Samples.file(
                Samples.jmh("org.colony.benchmarks.mason.MasonSugarScapeBenchmark.step", "ss", "\"size\": \"1000\"", 4000,
                        800, "ms/op", 10),
                Samples.jmh("org.colony.benchmarks.life.GameOfLifeBenchmark.total", "ss",
                        "\"size\": \"2048\", \"threads\": \"1\", \"steps\": \"100\"", 1.5, Double.NaN, "s/op", 1))));
        assertEquals(new Measurement("sugarscape", "mason", "step", 1000, 1, 0, 0, 400, 80,
                "MasonSugarScapeBenchmark.step"), m.get(0));
        Measurement total = m.get(1);
        assertEquals(1500, total.ms(), 1e-9);
        assertEquals(100, total.steps());
        assertTrue(Double.isNaN(total.errorMs()));
    }

    @Test
    void parse_cudaBenchmarks_countOneDevice_andOtherClassesAreSkipped() {
        List<Measurement> m = JmhResults.parse(JsonParser.parseString(Samples.file(
                Samples.jmh("org.colony.benchmarks.cuda.Heat2DCudaBenchmark.step", "avgt", "\"size\": \"9000\"", 0.5, 0.01,
                        "ms/op", 1),
                Samples.jmh("org.colony.benchmarks.cpu.Heat2DKernelBenchmark.colonyTick", "avgt",
                        "\"size\": \"2048\"", 3, 0.1, "ms/op", 1))));
        assertEquals(1, m.size());
        assertEquals("Colony CUDA 1 GPU", m.getFirst().series());
        assertEquals(1, m.getFirst().devices());
    }

    @Test
    void parse_aThroughputScore_isRefused() {
        var doc = JsonParser.parseString(Samples.file(Samples.jmh("org.colony.benchmarks.heat.Heat2DBenchmark.step",
                "thrpt", "\"size\": \"64\"", 10, 1, "ops/ms", 1)));
        assertThrows(IllegalArgumentException.class, () -> JmhResults.parse(doc));
    }
}
