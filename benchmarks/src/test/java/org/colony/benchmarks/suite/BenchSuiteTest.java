package org.colony.benchmarks.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchSuiteTest {

    @Test
    void anonymise_keepsOnlyTheJavaBinarysName(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("heat2d-step.json");
        Files.writeString(f, "[{\"benchmark\": \"x.step\", \"jvm\": \"/opt/jdks/jdk-25/bin/java\", \"jdkVersion\": \"25\","
                + " \"primaryMetric\": {\"score\": 1.5}}]");
        BenchSuite.anonymise(f);
        String text = Files.readString(f);
        assertTrue(text.contains("\"jvm\": \"java\""), text);
        assertTrue(!text.contains("/opt/"), text);
        assertTrue(text.contains("\"score\": 1.5"), text);
        assertEquals(2, text.lines().filter(l -> l.contains("jdkVersion") || l.contains("benchmark")).count());
    }
}
