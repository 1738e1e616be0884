package org.colony.tests.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No source file of main code is over 700 lines: a class that outgrows its job is split, not grown. Javadoc lines do
 * not count: the published API's javadoc is complete by rule (doclint, {@code colony.doclint}), and a method's
 * {@code @param} and {@code @return} lines do not make its class outgrow its job.
 */
class MainClassSizeTest {

    private static final int MOST = 700;
    private static final List<String> MODULES = List.of("annotations", "kernel", "runtime", "processor",
            "cuda-backend", "examples", "benchmarks");

    @Test
    void noMainSourceFile_isOver700Lines() throws IOException {
        StringBuilder over = new StringBuilder();
        int read = 0;
        for (String module : MODULES) {
            Path main = Path.of("..", module, "src", "main", "java");
            assertTrue(Files.isDirectory(main), main + " is missing");
            List<Path> files;
            try (Stream<Path> walk = Files.walk(main)) {
                files = walk.filter(f -> f.toString().endsWith(".java")).toList();
            }
            for (Path f : files) {
                long lines = linesOutsideJavadoc(Files.readAllLines(f));
                read++;
                if (lines > MOST) {
                    over.append(main.relativize(f)).append(' ').append(lines).append('\n');
                }
            }
        }
        assertTrue(read > 200, "read only " + read + " files");
        assertEquals("", over.toString(), "main source files over " + MOST + " lines (javadoc not counted)");
    }

    /** {@return the lines that are not part of a javadoc comment} */
    private static long linesOutsideJavadoc(List<String> lines) {
        long count = 0;
        boolean inJavadoc = false;
        for (String line : lines) {
            String t = line.strip();
            boolean javadoc = inJavadoc || t.startsWith("/**");
            if (t.startsWith("/**")) {
                inJavadoc = true;
            }
            if (inJavadoc && t.endsWith("*/")) {
                inJavadoc = false;
            }
            if (!javadoc) {
                count++;
            }
        }
        return count;
    }
}
