package org.colony.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.colony.runtime.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM (as Ctrl-C's SIGINT) during {@code mass run}: the run stops after the step under way, writes its final
 * outputs, prints its report with the step it stopped at, and exits with the signal's status (143).
 */
class InterruptTest {

    @Test
    void sigterm_stopsAfterTheStepUnderWay_withTheReportAndOutputs_andStatus143(@TempDir Path dir) throws Exception {
        Path state = dir.resolve("end.npz");
        List<String> cmd = List.of(ProcessHandle.current().info().command().orElse("java"),
                "-XX:TieredStopAtLevel=1", "--enable-native-access=ALL-UNNAMED", "--add-modules=jdk.incubator.vector",
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "run", "heat2d", "--size=64",
                "--steps=1000000000", "--backend=cpu", "--quiet", "--dump=" + state);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        List<String> lines = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line = in.readLine(); // the header: the run has started
            assertTrue(line != null, "no output");
            lines.add(line);
            Thread.sleep(1500); // some steps
            // SIGTERM as kill sends it (Process.destroy would close this stream too)
            assertEquals(0, new ProcessBuilder("kill", "-TERM", Long.toString(p.pid())).start().waitFor());
            for (String l = in.readLine(); l != null; l = in.readLine()) {
                lines.add(l);
            }
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), String.join("\n", lines));
        String output = String.join("\n", lines);
        assertEquals(143, p.exitValue(), output);
        assertTrue(output.matches("(?s).*stopped   after step \\d+ of 1000000000: SIGTERM .*"), output);
        assertTrue(output.contains("state     " + state), output);
        assertTrue(output.contains("checksum  "), output);
        assertTrue(Files.size(state) > 0);
    }
}
