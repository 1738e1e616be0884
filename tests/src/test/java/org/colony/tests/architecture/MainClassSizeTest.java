package org.colony.tests.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** No source file of main code is over 700 lines: a class that outgrows its job is split, not grown. */
class MainClassSizeTest {

    private static final int MOST = 700;
    private static final List<String> MODULES = List.of("annotations", "kernel", "runtime", "processor",
            "cuda-backend", "plot", "examples", "benchmarks");

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
                long lines;
                try (Stream<String> s = Files.lines(f)) {
                    lines = s.count();
                }
                read++;
                if (lines > MOST) {
                    over.append(main.relativize(f)).append(' ').append(lines).append('\n');
                }
            }
        }
        assertTrue(read > 200, "read only " + read + " files");
        assertEquals("", over.toString(), "main source files over " + MOST + " lines");
    }
}
