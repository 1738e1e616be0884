package org.colony.tests.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.colony.cuda.internal.store.HeldKernelSource;
import org.colony.examples.heat.HeatCell;
import org.colony.examples.life.LifeCell;
import org.colony.kernel.ModelDescriptor;
import org.colony.runtime.spi.ModelRegistry;
import org.colony.tests.lang.BitsCell;
import org.colony.tests.lang.DivideCell;
import org.colony.tests.lang.HistoryCell;
import org.colony.tests.lang.RandomCell;
import org.colony.tests.lang.ReachCell;
import org.colony.tests.lang.RimCell;
import org.colony.tests.lang.SharedCell;
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

    /**
     * The kernels of held steps ({@code HeldKernelSource}: several steps of a model on a tile in shared memory,
     * through the steps' cell functions) compile with the model's source, for the runs of steps the GPU tests hold.
     */
    @Test
    void heldStepKernels_compileForSm90(@TempDir Path dir) throws Exception {
        Path nvcc = nvcc();
        assumeTrue(nvcc != null, "no nvcc on this machine (PATH, $CUDA_HOME/bin, /usr/local/cuda/bin)");
        List<Path> files = new ArrayList<>();
        files.add(held(dir, HeatCell.class, "tick", "tick", "tick", "tick"));
        files.add(held(dir, LifeCell.class, "update", "update", "update"));
        files.add(held(dir, ReachCell.class, "gather", "wobble", "gather"));
        files.add(held(dir, RandomCell.class, "draw", "draw"));
        files.add(held(dir, RimCell.class, "blend", "blend"));
        files.add(held(dir, BitsCell.class, "life", "spread", "life")); // bit-sliced
        files.add(held(dir, SharedCell.class, "apply", "apply")); // shared values
        files.add(held(dir, true, ReachCell.class, "gather", "wobble", "gather")); // on a torus
        files.add(held(dir, true, BitsCell.class, "life", "spread", "life")); // bit-sliced on a torus
        files.add(held(dir, false, false, true, BitsCell.class, "life", "spread", "life")); // on bits in memory
        files.add(held(dir, true, false, true, BitsCell.class, "life", "spread", "life")); // ... on a torus
        files.add(held(dir, false, false, true, LifeCell.class, "update", "update"));
        files.add(held(dir, false, true, true, BitsCell.class, "life", "spread", "life")); // a partition's, on bits
        files.add(held(dir, true, true, true, BitsCell.class, "life", "spread")); // ... of a torus
        files.add(held(dir, HistoryCell.class, "push", "mix", "sum", "mix")); // array attributes
        files.add(held(dir, true, HistoryCell.class, "push", "mix", "sum")); // ... on a torus
        // a partition's passes (no step on the cells past its halo): strips, cells, a torus's
        files.add(held(dir, false, true, HeatCell.class, "tick", "tick", "tick"));
        files.add(held(dir, false, true, DivideCell.class, "divide", "pick", "divide"));
        files.add(held(dir, true, true, HeatCell.class, "tick", "tick"));
        files.add(held(dir, true, true, ReachCell.class, "gather", "wobble", "gather"));
        compile(nvcc, dir, files);
    }

    /** A model's source with the kernel of a pass of the named steps after it, in a file of {@code dir}. */
    private static Path held(Path dir, Class<?> model, String... names) throws IOException {
        return held(dir, false, false, model, names);
    }

    private static Path held(Path dir, boolean wrap, Class<?> model, String... names) throws IOException {
        return held(dir, wrap, false, model, names);
    }

    private static Path held(Path dir, boolean wrap, boolean partition, Class<?> model, String... names)
            throws IOException {
        return held(dir, wrap, partition, false, model, names);
    }

    /**
     * ... on a torus ({@code wrap}), for a partition's block ({@code partition}), loading and writing bits in device
     * memory ({@code bitsStored}).
     */
    private static Path held(Path dir, boolean wrap, boolean partition, boolean bitsStored, Class<?> model,
            String... names) throws IOException {
        ModelDescriptor d = ModelRegistry.descriptor(model);
        int[] steps = new int[names.length];
        for (int i = 0; i < names.length; i++) {
            steps[i] = -1;
            for (int s = 0; s < d.info().steps().size(); s++) {
                if (d.info().steps().get(s).name().equals(names[i])) {
                    steps[i] = s;
                }
            }
            assertEquals(true, d.cuda().steps().get(steps[i]).cell(), names[i] + " has a cell function");
        }
        HeldKernelSource.Plan plan = HeldKernelSource.plan(d.info(), d.cuda().steps(), steps, 0, 48 * 1024, wrap);
        assertNotNull(plan, "the tile of " + String.join(", ", names) + " fits");
        String source;
        try (InputStream in = model.getClassLoader().getResourceAsStream(d.cuda().resource())) {
            source = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Path file = dir.resolve(model.getSimpleName() + "-held" + (wrap ? "-torus" : "") + (partition ? "-partition" : "")
                + (bitsStored ? "-bits" : "") + ".cu");
        Files.writeString(file, source + "\n" + HeldKernelSource.kernel(d.info(), d.cuda().steps(), steps, plan, 256,
                partition, bitsStored));
        return file;
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
