package org.colony.tests.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@code --step-timeout} names a step that never ends and ends the process, in a JVM of its own. */
class WatchdogTest {

    @Test
    void stepThatNeverEnds_isNamedAndEndsTheProcess() throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "--enable-native-access=ALL-UNNAMED", "--add-modules", "jdk.incubator.vector",
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), SpinDriver.class.getName(),
                "--backend=cpu", "--threads=2", "--step-timeout=500ms"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the watchdog ended the process");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(2, p.exitValue(), out);
        assertTrue(out.contains("colony: callAll SpinCell.spin has run for longer than --step-timeout=500ms; ending "
                + "the process (a step that never ends: look for a loop whose condition stays true)"), out);
        assertTrue(!out.contains("returned"), out);
    }
}
