package org.colony.tests.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CUDA source the processor generated for every example and every test model compiles with the toolkit's
 * {@code nvcc --cubin -arch=sm_90}, with the device library, so translation errors fail the build even where no GPU
 * is present. Skipped, with the reason, where there is no {@code nvcc}.
 */
class GeneratedCudaCompilesTest {

    @Test
    void generatedCudaOfEveryExample_compilesForSm90(@TempDir Path dir) throws Exception {
        Path nvcc = nvcc();
        assumeTrue(nvcc != null, "no nvcc on this machine (PATH, $CUDA_HOME/bin, /usr/local/cuda/bin)");
        List<Path> files = sources(Path.of("../examples/target/classes/META-INF/colony/cuda"));
        try (InputStream in = getClass().getResourceAsStream("/org/colony/cuda/support.cu")) {
            Path support = dir.resolve("support.cu");
            Files.write(support, in.readAllBytes());
            files.add(support);
        }
        assertEquals(true, files.size() >= 8, "generated sources found: " + files);
        compile(nvcc, dir, files);
    }

    /** The test models of the language (SWAR forms, lanes, loops, agents ...) too. */
    @Test
    void generatedCudaOfEveryTestModel_compilesForSm90(@TempDir Path dir) throws Exception {
        Path nvcc = nvcc();
        assumeTrue(nvcc != null, "no nvcc on this machine (PATH, $CUDA_HOME/bin, /usr/local/cuda/bin)");
        List<Path> files = sources(Path.of("target/test-classes/META-INF/colony/cuda"));
        assertEquals(true, files.stream().anyMatch(p -> p.getFileName().toString().endsWith("SwarCell.cu")),
                "generated sources found: " + files);
        compile(nvcc, dir, files);
    }

    private static List<Path> sources(Path directory) throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(directory)) {
            s.filter(p -> p.toString().endsWith(".cu")).sorted().forEach(files::add);
        }
        return files;
    }

    private void compile(Path nvcc, Path dir, List<Path> files) throws Exception {
        for (String header : List.of("colony.cuh", "fdlibm.cuh")) {
            try (InputStream in = getClass().getResourceAsStream("/org/colony/cuda/" + header)) {
                Files.write(dir.resolve(header), in.readAllBytes());
            }
        }
        for (Path cu : files) {
            compile(nvcc, dir, cu, "--fmad=false");
            // Sources that call StrictMath's functions also in fast mode, where they are CUDA's own.
            String source = Files.readString(cu);
            if (source.contains("colony::math::") || source.contains("rng.normal()")) {
                compile(nvcc, dir, cu, "--use_fast_math", "-DCOLONY_FAST_MATH");
            }
        }
    }

    private static void compile(Path nvcc, Path dir, Path cu, String... mode) throws Exception {
        List<String> command = new ArrayList<>(List.of(nvcc.toString(), "--cubin", "-arch=sm_90", "-std=c++17"));
        command.addAll(List.of(mode));
        command.addAll(List.of("-I", dir.toString(), "-o", dir.resolve("out.cubin").toString(), "-x", "cu",
                cu.toString()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), cu.getFileName() + " " + String.join(" ", mode) + " does not compile:\n" + log);
    }

    private static Path nvcc() throws IOException {
        List<Path> candidates = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            for (String d : path.split(":")) {
                candidates.add(Path.of(d, "nvcc"));
            }
        }
        String home = System.getenv("CUDA_HOME");
        if (home != null) {
            candidates.add(Path.of(home, "bin", "nvcc"));
        }
        candidates.add(Path.of("/usr/local/cuda/bin/nvcc"));
        for (Path c : candidates) {
            if (Files.isExecutable(c)) {
                return c;
            }
        }
        return null;
    }
}
