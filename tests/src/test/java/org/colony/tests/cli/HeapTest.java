package org.colony.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.colony.runtime.cli.Main;
import org.junit.jupiter.api.Test;

/**
 * A run that outgrows the Java heap after the checks before its first step (wolf-sheep's births on a large grid
 * with a small heap) ends with one line saying so and what to give Java, and status 2, not a stack trace.
 */
class HeapTest {

    /** {@code mass run ...} in a JVM of {@code heap}: its status, and what it printed on both streams. */
    private static String mass(String heap, int[] status, String... args) throws Exception {
        List<String> run = new ArrayList<>(List.of("run"));
        run.addAll(List.of(args));
        return java(heap, status, Main.class, run.toArray(String[]::new));
    }

    /** {@code main}'s class run in a JVM of {@code heap} on this class path: its status, and what it printed. */
    private static String java(String heap, int[] status, Class<?> main, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-Xmx" + heap, "-XX:TieredStopAtLevel=1", "--enable-native-access=ALL-UNNAMED",
                "--add-modules=jdk.incubator.vector", "-cp", System.getProperty("java.class.path"), main.getName()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), output);
        status[0] = p.exitValue();
        return output;
    }

    @Test
    void runOutgrowingTheHeap_endsWithOneLine_namingTheHeapToGive() throws Exception {
        int[] status = new int[1];
        String output = mass("100m", status, "wolfsheep", "--size=2500", "--steps=30", "--backend=cpu", "--quiet");
        assertEquals(2, status[0], output);
        assertTrue(output.contains("mass: error: the Java heap ran out of memory during the run (Java heap space, "
                + "with at most "), output);
        assertTrue(output.contains("COLONY_JAVA_OPTS=-Xmx1g for ./mass"), output);
        assertFalse(output.contains("\tat "), "no stack trace: " + output);
        assertFalse(output.contains("Exception in thread"), output);
    }

    /**
     * Runs that outgrow the heap, one after another in one JVM (a driver, a sweep), each leave nothing behind: the
     * close of such a run once ran out of memory itself, before the backend's threads were stopped, and a worker
     * parked with the last job it ran kept the whole model reachable (97 of 100 MiB after full collections).
     */
    @Test
    void runsOutgrowingTheHeapInOneJvm_leaveNeitherTheirModelNorTheirThreads() throws Exception {
        int[] status = new int[1];
        String output = java("100m", status, RepeatedOutOfMemory.class);
        assertEquals(0, status[0], output);
        Matcher m = Pattern.compile("run (\\d): status (\\d+), (\\d+) MiB in use, (\\d+) workers").matcher(output);
        int runs = 0;
        while (m.find()) {
            runs++;
            assertEquals("2", m.group(2), "the run outgrew the heap: " + output);
            assertTrue(Integer.parseInt(m.group(3)) < 20, "the model of a run is still held: " + output);
            assertEquals("0", m.group(4), "the run's worker threads are still alive: " + output);
        }
        assertEquals(3, runs, output);
    }

    @Test
    void morePartitionsThanTheHeapHoldsTheBookkeepingOf_areRefusedBeforeAnyIsMade() throws Exception {
        int[] status = new int[1];
        long started = System.nanoTime();
        String output = mass("64m", status, "heat2d", "--size=1000", "--partitions=10000", "--steps=1",
                "--backend=cpu", "--quiet");
        assertEquals(2, status[0], output);
        assertTrue(output.contains("mass: error: 10000 partitions of HeatCell on a 1000x1000 grid need about 78.1 MiB of "
                + "the Java heap for their bookkeeping alone"), output);
        assertTrue(output.contains("use fewer partitions (each would hold 100 of the 1000000 places)"), output);
        assertTrue(System.nanoTime() - started < 60_000_000_000L, "refused at once, not after making the blocks");
    }

    @Test
    void birthsPastTheHeap_areRefusedBeforeTheirColumnsAreAllocated_inOneLine_andTheSimulationIsFailed()
            throws Exception {
        String output = java("96m", new int[1], Breeder.class);
        assertTrue(output.matches("(?s).*refused: \\d+ Walker agents need columns of [0-9.]+ MiB, but the Java heap has "
                + "[0-9.]+ [KM]iB free \\(of at most [0-9.]+ MiB\\); give Java more, COLONY_JAVA_OPTS=-Xmx1g for "
                + "\\./mass \\(java -Xmx1g for a driver\\), or start with fewer agents\n.*"), output);
        assertTrue(output.contains("failed: the simulation failed earlier and can"), output);
        assertFalse(output.contains("OutOfMemoryError"), output);
    }
}
