package org.colony.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.colony.runtime.cli.Main;
import org.junit.jupiter.api.Test;

/**
 * A run that outgrows the Java heap after the checks before its first step (wolf-sheep's births on a large grid
 * with a small heap) ends with one line saying so and what to give Java, and status 2, not a stack trace.
 */
class HeapTest {

    @Test
    void runOutgrowingTheHeap_endsWithOneLine_namingTheHeapToGive() throws Exception {
        List<String> cmd = List.of(ProcessHandle.current().info().command().orElse("java"), "-Xmx100m",
                "-XX:TieredStopAtLevel=1", "--enable-native-access=ALL-UNNAMED", "--add-modules=jdk.incubator.vector",
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "run", "wolfsheep",
                "--size=2500", "--steps=30", "--backend=cpu", "--quiet");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), output);
        assertEquals(2, p.exitValue(), output);
        assertTrue(output.contains("mass: error: the Java heap ran out of memory during the run (Java heap space, "
                + "with at most "), output);
        assertTrue(output.contains("COLONY_JAVA_OPTS=-Xmx1g for ./mass"), output);
        assertFalse(output.contains("\tat "), "no stack trace: " + output);
        assertFalse(output.contains("Exception in thread"), output);
    }
}
