package org.colony.benchmarks.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportWriterTest {

    private static String step(String cls, int size, int threads, double ms) {
        return Samples.jmh("org.colony.benchmarks." + cls + ".step", "avgt",
                "\"size\": \"" + size + "\", \"threads\": \"" + threads + "\"", ms, ms / 10, "ms/op", 1);
    }

    private static Path results(Path dir) throws Exception {
        Path cpu = Files.createDirectories(dir.resolve("results/cpu"));
        Files.writeString(cpu.resolve("heat2d-step.json"), Samples.file(
                step("heat.Heat2DBenchmark", 512, 1, 0.6), step("heat.Heat2DBenchmark", 512, 2, 0.35),
                step("heat.Heat2DBenchmark", 2048, 1, 10), step("heat.Heat2DBenchmark", 2048, 2, 5),
                step("mason.MasonHeat2DBenchmark", 512, 1, 0.9), step("mason.MasonHeat2DBenchmark", 512, 2, 0.5),
                step("mason.MasonHeat2DBenchmark", 2048, 1, 16), step("mason.MasonHeat2DBenchmark", 2048, 2, 8)));
        Files.writeString(cpu.resolve("sugarscape-step.json"), Samples.file(
                Samples.jmh("org.colony.benchmarks.sugarscape.SugarScapeBenchmark.step", "ss",
                        "\"size\": \"1000\", \"threads\": \"2\"", 400, 40, "ms/op", 10),
                Samples.jmh("org.colony.benchmarks.mason.MasonSugarScapeBenchmark.step", "ss", "\"size\": \"1000\"", 4000,
                        100, "ms/op", 10)));
        Files.writeString(cpu.resolve("machine.json"), """
                {"kind": "machine", "target": "cpu", "scope": "quick", "date": "2026-01-01", "cpu": "Test CPU",
                 "cores": "2", "memory": "24 GiB", "java": "OpenJDK 25", "duration": "6.0 min",
                 "load": "0.10 at start, 1.90 at end"}""");
        Files.writeString(cpu.resolve("largest.json"), """
                {"kind": "largest", "rows": [{"model": "heat2d", "implementation": "colony-cpu", "size": 10000,
                 "heapGiB": 2.0, "bytesPerPlace": 16.0, "initMs": 400, "stepMs": 250, "note": "bytes as Colony counts them"}]}""");
        Files.writeString(cpu.resolve("profile.json"), """
                {"kind": "profile", "rows": [{"model": "heat2d", "size": 2048, "threads": 2, "step": "HeatCell.tick",
                 "calls": 200, "meanMs": 3.8, "share": 0.632}]}""");
        Path gpu = Files.createDirectories(dir.resolve("results/gpu"));
        Files.writeString(gpu.resolve("status.json"), """
                {"kind": "status", "target": "gpu", "message": "no GPU: no CUDA driver (libcuda.so.1 cannot be loaded)"}""");
        return dir.resolve("results");
    }

    @Test
    void write_givesSameRunRatiosTheTargetAndPublishedFigures(@TempDir Path dir) throws Exception {
        String md = new ReportWriter(Results.read(results(dir))).write(dir.resolve("img"), "img", "./mass bench");
        assertTrue(md.startsWith("# Benchmarks\n"), md);
        assertTrue(md.contains("| 2048² | 4.19 M | 10.0 ± 1.00 | 5.00 ± 0.500 | 16.0 ± 1.60 | 8.00 ± 0.800 | 1.60x | 1.60x |"),
                md);
        assertTrue(md.contains("| 1000² | 1.00 M | 40.0 ± 4.00 | 400 ± 10.0 | - | 10.00x |"), md);
        assertTrue(md.contains("| Heat2D 2048² | 5.00 | 16.0 | 8.00 | 3.20x | 1.60x | not met (53% of 3x) |"), md);
        assertTrue(md.contains("| SugarScape 1000² | 40.0 | 400 | 400 | 10.00x | 10.00x | met |"), md);
        assertTrue(md.contains("| Heat2D 2048², 2T | HeatCell.tick | 200 | 3.80 | 63.2% |"), md);
        assertTrue(md.contains("* Skipped: gpu: no GPU: no CUDA driver"), md);
        assertTrue(md.contains("are in [measurements.md](measurements.md)."), "the hand-written page is linked: " + md);
        assertTrue(md.contains("| Heat2D | 9.00 M | 1.42 | 2.87 | - | - |"), md);
        assertTrue(md.contains("| Heat2D | colony-cpu | 10000² | 100 M | 2.0 | 16.0 | 400 | 250 |"), md);
        assertTrue(md.contains("| `./mass bench --scope quick --target cpu` | 2026-01-01 | Test CPU | 2 | 24 GiB | - | OpenJDK 25 | 6.0 min | 0.10 at start, 1.90 at end |"), md);
        assertTrue(md.contains("![Heat2D: time per step against places](img/heat2d-step.png)"), md);
        assertTrue(md.contains("![Speed-up against CPU threads](img/scaling-threads.png)"), md);
        assertTrue(!md.contains("img/gameoflife-step.png"), "no GameOfLife results, no plot");
    }

    /**
     * The published page is what the writer makes of the stored results, so that a figure typed into it is caught here
     * (it would be lost at the next {@code ./mass bench --report}): figures measured outside the suite go to
     * {@code docs/measurements.md}, which the page links to.
     */
    @Test
    void thePublishedPage_isWhatTheWriterMakesOfTheStoredResults(@TempDir Path dir) throws Exception {
        Path module = Path.of("").toAbsolutePath();
        Path page = module.resolveSibling("docs").resolve("benchmarks.md");
        Path stored = module.resolve("results");
        String md = new ReportWriter(Results.read(stored)).write(dir.resolve("img"), "img", "./mass bench --report");
        assertEquals(Files.readString(page), md, "docs/benchmarks.md is not what ./mass bench --report writes from "
                + "benchmarks/results: run it, and put figures measured outside the suite in docs/measurements.md");
    }

    @Test
    void write_drawsReadablePngPlots(@TempDir Path dir) throws Exception {
        new ReportWriter(Results.read(results(dir))).write(dir.resolve("img"), "img", "./mass bench");
        String[] files = dir.resolve("img").toFile().list();
        Arrays.sort(files);
        assertArrayEquals(new String[] {"heat2d-step.png", "scaling-threads.png", "sugarscape-step.png"}, files);
        BufferedImage image = ImageIO.read(dir.resolve("img/heat2d-step.png").toFile());
        assertEquals(900, image.getWidth());
        assertEquals(600, image.getHeight());
        long colours = Arrays.stream(image.getRGB(0, 0, 900, 600, null, 0, 900)).distinct().count();
        assertTrue(colours > 10, "the plot has lines and text, not a blank page: " + colours + " colours");
    }

    @Test
    void read_anUnknownFile_isNamedInTheError(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("notes.json"), "{\"hello\": 1}");
        var e = assertThrows(IllegalArgumentException.class, () -> Results.read(dir));
        assertTrue(e.getMessage().startsWith("notes.json is neither a JMH result file"), e.getMessage());
    }

    @Test
    void read_gpuBenchmarkFiles_fromAnotherMachine(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("gpu-benchmark.json"), """
                {"kind": "gpu-benchmark", "device": "NVIDIA H200 (device 0, sm_90), 132 SMs, 143000 MiB", "rows": [
                 {"what": "heat2d float diffuse", "size": 9000, "colonyMs": 0.202, "referenceMs": 0.285, "note": ""}]}""");
        String md = new ReportWriter(Results.read(dir)).write(dir.resolve("img"), "img", "./mass bench --report");
        assertTrue(md.contains("| heat2d float diffuse | 9000² | 0.202 | 0.285 | 1.41x |  |"), md);
        assertTrue(md.contains("Measured on: NVIDIA H200"), md);
    }

    @Test
    void scalingRows_becomeATableWithTheMachine(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("scaling.json"), """
                {"kind": "scaling", "machine": "4 x NVIDIA H200 (device 0, sm_90)", "date": "2026-11-22", "rows": [
                 {"what": "strong: heat2d float diffuse", "size": "32768^2", "devices": 1, "ms": 2.55, "speedup": 1.0,
                  "note": ""},
                 {"what": "strong: heat2d float diffuse", "size": "32768^2", "devices": 4, "ms": 0.70, "speedup": 3.64,
                  "note": ""},
                 {"what": "identical", "size": "2048^2", "devices": 4, "ms": 0, "speedup": null, "note": "PASS"}]}""");
        String md = new ReportWriter(Results.read(dir)).write(dir.resolve("img"), "img", "./mass bench --report");
        assertTrue(md.contains("### One grid over several GPUs"), md);
        assertTrue(md.contains("| strong: heat2d float diffuse | 32768^2 | 4 | 0.700 | 3.64x |  |"), md);
        assertTrue(md.contains("| identical | 2048^2 | 4 | - | - | PASS |"), md);
        assertTrue(md.contains("Measured on: 4 x NVIDIA H200"), md);
    }

    @Test
    void mpiRows_becomeATableOfRunsAgainstTheirReference(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("mpi.json"), """
                {"kind": "mpi", "machine": "2 x NVIDIA H100 80GB HBM3, 32 cores", "date": "2026-11-25", "rows": [
                 {"group": "two GPUs", "what": "heat2d 16000", "ranks": "2", "ms": 2.520, "reference":
                  "1 process --devices 2", "referenceMs": 2.557, "sameChecksum": true},
                 {"group": "cpu", "what": "heat2d 2048", "ranks": "4", "ms": 4.0, "reference": "1 process",
                  "referenceMs": 6.0, "sameChecksum": false}]}""");
        String md = new ReportWriter(Results.read(dir)).write(dir.resolve("img"), "img", "./mass bench --report");
        assertTrue(md.contains("## One simulation over MPI ranks"), md);
        assertTrue(md.contains("| two GPUs | heat2d 16000 | 2 | 2.52 | 1 process --devices 2 | 2.56 | 1.01x | same |"),
                md);
        assertTrue(md.contains("| cpu | heat2d 2048 | 4 | 4.00 | 1 process | 6.00 | 1.50x | DIFFERENT |"), md);
        assertTrue(md.contains("Measured on: 2 x NVIDIA H100 80GB HBM3, 32 cores"), md);
    }
}
