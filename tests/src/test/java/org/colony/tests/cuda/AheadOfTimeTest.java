package org.colony.tests.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.colony.cuda.internal.launch.KernelCompiler;
import org.junit.jupiter.api.Test;

/**
 * The examples' build compiled their CUDA sources ahead of time (where it had {@code nvcc}) into CUBINs named by the
 * key a run computes from the very source, device library and options: every source has its CUBIN for each default
 * architecture under that name, and no CUBIN of an older source is left. Skipped where the build had no {@code nvcc}.
 */
class AheadOfTimeTest {

    private static final Path EXAMPLES = Path.of("../examples/target/classes");

    @Test
    void everyExampleSource_hasItsCubinForA100AndH100_underTheKeyARunLooksFor() throws IOException {
        Path dir = EXAMPLES.resolve("META-INF/colony/cuda");
        List<Path> cubins = new ArrayList<>();
        List<Path> sources = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                String name = f.getFileName().toString();
                if (name.endsWith(".cubin")) {
                    cubins.add(f);
                } else if (name.endsWith(".cu")) {
                    sources.add(f);
                }
            }
        }
        assumeTrue(!cubins.isEmpty(), "the examples were built without nvcc: no CUBINs ahead of time");
        String header = KernelCompiler.resource(KernelCompiler.HEADER);
        String strictMath = KernelCompiler.resource(KernelCompiler.STRICT_MATH);
        TreeSet<String> expected = new TreeSet<>();
        for (Path source : sources) {
            String resource = EXAMPLES.relativize(source).toString().replace('\\', '/');
            String text = Files.readString(source, StandardCharsets.UTF_8);
            for (String arch : List.of("sm_80", "sm_90")) {
                expected.add(KernelCompiler.aheadOfTimeName(resource, text, header, strictMath, arch));
            }
        }
        TreeSet<String> found = new TreeSet<>();
        for (Path c : cubins) {
            found.add(EXAMPLES.relativize(c).toString().replace('\\', '/'));
            assertTrue(Files.size(c) > 1000, c + " is not a CUBIN");
        }
        assertEquals(expected, found);
    }

    @Test
    void theRuntimesOwnKernels_haveTheirCubins_inTheBackendsClasses() throws IOException {
        Path dir = Path.of("../cuda-backend/target/classes/org/colony/cuda");
        List<String> cubins;
        try (Stream<Path> files = Files.list(dir)) {
            cubins = files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".cubin")).sorted().toList();
        }
        assumeTrue(!cubins.isEmpty(), "the CUDA backend was built without nvcc: no CUBINs ahead of time");
        String support = KernelCompiler.resource("support.cu");
        String header = KernelCompiler.resource(KernelCompiler.HEADER);
        String strictMath = KernelCompiler.resource(KernelCompiler.STRICT_MATH);
        List<String> expected = new ArrayList<>();
        for (String arch : List.of("sm_80", "sm_90")) {
            String name = KernelCompiler.aheadOfTimeName(KernelCompiler.RESOURCES + "support.cu", support, header,
                    strictMath, arch);
            expected.add(name.substring(name.lastIndexOf('/') + 1));
        }
        assertEquals(expected, cubins);
    }
}
