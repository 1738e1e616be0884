package org.colony.tests.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.colony.runtime.cli.Main;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A run that ends while NVRTC still compiles a held pass on a thread of its own (its compilation starts at a step's
 * third call, on an empty kernel cache, and the run ends one step later) exits with status 0: the process waits for
 * the compilation at its exit instead of dying inside NVRTC's teardown with a JVM fatal error.
 */
@Tag("gpu")
class ExitWhileCompilingGpuTest {

    @ParameterizedTest(name = "run {0}")
    @ValueSource(ints = {1, 2, 3})
    void aRunEndingDuringAHeldPassCompilation_exitsWithStatus0(int run, @TempDir Path dir) throws Exception {
        Gpu.require();
        List<String> cmd = List.of(ProcessHandle.current().info().command().orElse("java"),
                "--enable-native-access=ALL-UNNAMED", "--add-modules=jdk.incubator.vector", "-cp", Gpu.classPath(),
                Main.class.getName(), "run", "heat2d", "--size=3000", "--steps=4", "--backend=cuda", "--quiet");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().put("COLONY_CUDA_CACHE", dir.resolve("cache").toString());
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), output);
        assertFalse(output.contains("fatal error"), output);
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(), files.filter(f -> f.getFileName().toString().startsWith("hs_err")).toList());
        }
        assertEquals(0, p.exitValue(), output);
    }
}
