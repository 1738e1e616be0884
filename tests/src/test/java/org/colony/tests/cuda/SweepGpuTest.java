package org.colony.tests.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.colony.runtime.cli.Main;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code mass sweep --backend cuda --parallel 4}: the runs side by side on one GPU, each thread's device work on a
 * stream of its own, write the file one run at a time writes, byte for byte. Each sweep runs in a JVM of its own, as
 * the stream mode is chosen once per process; and a simulation of one thread closed on another gives its memory back.
 * Runs where a GPU is present.
 */
@Tag("gpu")
class SweepGpuTest {

    private static String sweep(Path out, int parallel, String model) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "--enable-native-access=ALL-UNNAMED", "--add-modules=jdk.incubator.vector", "-cp",
                Gpu.classPath(), Main.class.getName(), "sweep", model, "--seeds", "1..8",
                "--steps", "60", "--every", "5", "--backend", "cuda", "--parallel", Integer.toString(parallel),
                "--out", out.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), output);
        assertEquals(0, p.exitValue(), output);
        return output;
    }

    @Test
    void aSimulationDrivenOnOneThread_andClosedOnAnother_givesItsDeviceMemoryBack() throws Exception {
        Gpu.require();
        List<String> cmd = List.of(ProcessHandle.current().info().command().orElse("java"),
                "-Dcolony.cuda.perThreadStreams=true", "--enable-native-access=ALL-UNNAMED",
                "--add-modules=jdk.incubator.vector", "-cp", Gpu.classPath(), CrossThreadClose.class.getName());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), output);
        assertEquals(0, p.exitValue(), output);
        assertTrue(output.contains("freed "), output);
    }

    @ParameterizedTest
    @ValueSource(strings = {"stupidmodel", "wolfsheep", "sugarscape"})
    void runsSideBySideOnOneGpu_writeTheFileOfOneAtATime(String model, @TempDir Path dir) throws Exception {
        Gpu.require();
        Path one = dir.resolve("one.csv");
        Path four = dir.resolve("four.csv");
        sweep(one, 1, model);
        sweep(four, 4, model);
        assertEquals(Files.readString(one), Files.readString(four));
        assertEquals(1 + 8 * 13, Files.readAllLines(four).size());
    }
}
