package org.colony.cuda.tools;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.colony.cuda.internal.launch.KernelCompiler;

/**
 * Compiles the CUDA sources of a build's classes ahead of time with {@code nvcc}, where the build machine has it: for
 * each {@code .cu} under {@code META-INF/colony/cuda/} (a model's, written by the processor) or {@code
 * org/colony/cuda/support.cu} (the runtime's own) and each architecture, a CUBIN beside it named by {@link
 * KernelCompiler#aheadOfTimeName}, which a run on a device of that architecture loads instead of compiling the source
 * with NVRTC. Without {@code nvcc} it leaves the classes as they are: the kernels are then compiled when a model
 * first runs, as before.
 *
 * <p>{@code java org.colony.cuda.tools.AheadOfTime CLASSES_DIR [sm_80,sm_90,...]}; {@code nvcc} is looked for in
 * {@code $CUDA_HOME/bin}, on the {@code PATH} and in {@code /usr/local/cuda/bin}. The Maven builds of the examples and
 * the tests run it after compiling ({@code exec-maven-plugin}).
 */
public final class AheadOfTime {

    /**
     * The architectures compiled by default: the data-centre GPUs, A100 and H100/H200 (about a second of {@code nvcc}
     * per source and architecture; other devices compile with NVRTC at run time, once, through the kernel cache).
     */
    static final List<String> ARCHITECTURES = List.of("sm_80", "sm_90");

    private AheadOfTime() {
    }

    /**
     * Compiles every CUDA source under {@code args[0]}.
     *
     * @param args the classes directory, then optionally the architectures, comma-separated
     * @throws Exception where the directory cannot be read or written
     */
    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: AheadOfTime CLASSES_DIR [sm_80,sm_90,...]");
            System.exit(2);
        }
        Path classes = Path.of(args[0]);
        List<String> architectures = args.length > 1 ? List.of(args[1].split(",")) : ARCHITECTURES;
        List<Path> sources = sources(classes);
        if (sources.isEmpty()) {
            return;
        }
        Path nvcc = nvcc();
        if (nvcc == null) {
            return; // no toolkit here: NVRTC compiles the sources when their models first run, as without this tool
        }
        Path include = Files.createTempDirectory("colony-aot");
        try {
            for (String header : List.of(KernelCompiler.HEADER, KernelCompiler.STRICT_MATH)) {
                Files.writeString(include.resolve(header), KernelCompiler.resource(header));
            }
            long start = System.nanoTime();
            int made = compileAll(nvcc, include, classes, sources, architectures);
            if (made > 0) {
                System.out.printf(Locale.ROOT, "colony: %d CUBINs of %d CUDA sources for %s ahead of time in %.1f s%n",
                        made, sources.size(), String.join(", ", architectures), (System.nanoTime() - start) / 1e9);
            }
        } finally {
            try (Stream<Path> files = Files.list(include)) {
                for (Path f : files.toList()) {
                    Files.delete(f);
                }
            }
            Files.delete(include);
        }
    }

    /** The CUDA sources under {@code classes}, in order. */
    private static List<Path> sources(Path classes) throws IOException {
        List<Path> out = new ArrayList<>();
        for (Path dir : List.of(classes.resolve("META-INF/colony/cuda"), classes.resolve(KernelCompiler.RESOURCES))) {
            if (Files.isDirectory(dir)) {
                try (Stream<Path> files = Files.list(dir)) {
                    files.filter(f -> f.getFileName().toString().endsWith(".cu")).sorted().forEach(out::add);
                }
            }
        }
        return out;
    }

    /** {@code nvcc}: from {@code $CUDA_HOME}, the {@code PATH} or {@code /usr/local/cuda}; null where there is none. */
    private static Path nvcc() {
        List<Path> candidates = new ArrayList<>();
        String home = System.getenv("CUDA_HOME");
        if (home != null && !home.isBlank()) {
            candidates.add(Path.of(home, "bin", "nvcc"));
        }
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(":")) {
                if (!dir.isBlank()) {
                    candidates.add(Path.of(dir, "nvcc"));
                }
            }
        }
        candidates.add(Path.of("/usr/local/cuda/bin/nvcc"));
        for (Path c : candidates) {
            if (Files.isExecutable(c)) {
                return c;
            }
        }
        return null;
    }

    /** Compiles every source for every architecture, a few at a time; returns the CUBINs made now. */
    private static int compileAll(Path nvcc, Path include, Path classes, List<Path> sources,
            List<String> architectures) throws Exception {
        String header = KernelCompiler.resource(KernelCompiler.HEADER);
        String strictMath = KernelCompiler.resource(KernelCompiler.STRICT_MATH);
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(4,
                Runtime.getRuntime().availableProcessors())));
        try {
            List<Future<Boolean>> jobs = new ArrayList<>();
            Set<Path> current = new HashSet<>();
            for (Path source : sources) {
                String text = Files.readString(source, StandardCharsets.UTF_8);
                String resource = classes.relativize(source).toString().replace('\\', '/');
                for (String arch : architectures) {
                    Path cubin = classes.resolve(KernelCompiler.aheadOfTimeName(resource, text, header, strictMath,
                            arch));
                    current.add(cubin);
                    jobs.add(pool.submit(() -> compile(nvcc, include, source, arch, cubin)));
                }
            }
            dropStale(sources, current);
            int made = 0;
            for (Future<Boolean> job : jobs) {
                made += job.get() ? 1 : 0;
            }
            return made; // (those an earlier build made are not counted)
        } finally {
            pool.shutdown();
            pool.awaitTermination(1, TimeUnit.MINUTES);
        }
    }

    /** Deletes the CUBINs of earlier builds beside the sources that no current source and architecture names. */
    private static void dropStale(List<Path> sources, Set<Path> current) throws IOException {
        Set<Path> dirs = new HashSet<>();
        for (Path source : sources) {
            dirs.add(source.getParent());
        }
        for (Path dir : dirs) {
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".cubin")).toList()) {
                    if (!current.contains(f)) {
                        Files.delete(f);
                    }
                }
            }
        }
    }

    /** One {@code nvcc} run; a failure is told in one line and leaves no CUBIN (NVRTC then compiles at run time). */
    private static boolean compile(Path nvcc, Path include, Path source, String arch, Path cubin) throws Exception {
        if (Files.isRegularFile(cubin)) {
            return false; // made by an earlier build of the same source
        }
        Path partial = cubin.resolveSibling(cubin.getFileName() + ".partial");
        List<String> cmd = new ArrayList<>(List.of(nvcc.toString(), "-cubin", "-arch=" + arch));
        cmd.addAll(KernelCompiler.STRICT);
        cmd.addAll(List.of("-I" + include, "-o", partial.toString(), source.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0 || !Files.isRegularFile(partial)) {
            Files.deleteIfExists(partial);
            String first = log.lines().filter(l -> l.contains("error")).findFirst().orElse(log.strip());
            System.out.println("colony: nvcc could not compile " + source.getFileName() + " for " + arch + " (NVRTC "
                    + "will at run time): " + first);
            return false;
        }
        Files.move(partial, cubin);
        return true;
    }
}
