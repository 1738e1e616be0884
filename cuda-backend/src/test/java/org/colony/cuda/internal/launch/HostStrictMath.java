package org.colony.cuda.internal.launch;

import java.io.File;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code fdlibm.cuh} compiled for the host by a C++ compiler (the same source NVRTC compiles for the device, with
 * contraction into fused multiply-adds off and no fast math) into a shared library in a temporary folder, and its
 * functions bound with {@code java.lang.foreign}: one batch entry per function,
 * {@code colony_<name>(const double* x, const double* y, double* out, long n)}.
 */
@SuppressWarnings("restricted")
final class HostStrictMath {

    /** The compiler options: exactly IEEE double arithmetic in source order. */
    static final List<String> FLAGS = List.of("-std=c++17", "-O2", "-ffp-contract=off", "-fno-fast-math",
            "-shared", "-fPIC");

    private static HostStrictMath built;
    private static String whyNot;

    private final Map<StrictMathFunction, MethodHandle> entries = new EnumMap<>(StrictMathFunction.class);

    private HostStrictMath(Path library) {
        SymbolLookup lookup = SymbolLookup.libraryLookup(library, Arena.global());
        FunctionDescriptor batch = FunctionDescriptor.ofVoid(ValueLayout.ADDRESS, ValueLayout.ADDRESS,
                ValueLayout.ADDRESS, ValueLayout.JAVA_LONG);
        for (StrictMathFunction f : StrictMathFunction.values()) {
            MemorySegment symbol = lookup.find("colony_" + f.cppName())
                    .orElseThrow(() -> new IllegalStateException("no colony_" + f.cppName() + " in " + library));
            entries.put(f, Linker.nativeLinker().downcallHandle(symbol, batch));
        }
    }

    /** The library, built on first use; null when no C++ compiler is found ({@link #whyNot} says so). */
    static synchronized HostStrictMath get() {
        if (built == null && whyNot == null) {
            String compiler = compiler();
            if (compiler == null) {
                whyNot = "no C++ compiler ($CXX, g++, c++ or clang++) on the PATH to build fdlibm.cuh for the host";
            } else {
                built = new HostStrictMath(build(compiler));
            }
        }
        return built;
    }

    /** Why {@link #get} gives null. */
    static synchronized String whyNot() {
        return whyNot;
    }

    /** {@code out[i] = f(x[i], y[i])} for every i, in C++. */
    void compute(StrictMathFunction f, double[] x, double[] y, double[] out) {
        int n = out.length;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment xs = arena.allocateFrom(ValueLayout.JAVA_DOUBLE, x);
            MemorySegment ys = arena.allocateFrom(ValueLayout.JAVA_DOUBLE, y);
            MemorySegment results = arena.allocate(ValueLayout.JAVA_DOUBLE, n);
            entries.get(f).invokeExact(xs, ys, results, (long) n);
            MemorySegment.copy(results, ValueLayout.JAVA_DOUBLE, 0, out, 0, n);
        } catch (Throwable t) {
            throw new IllegalStateException("colony_" + f.cppName() + " failed", t);
        }
    }

    /** The C++ source of the batch entries. */
    static String wrapper() {
        StringBuilder s = new StringBuilder("#include \"fdlibm.cuh\"\n\n");
        for (StrictMathFunction f : StrictMathFunction.values()) {
            s.append("extern \"C\" void colony_").append(f.cppName())
                    .append("(const double* x, const double* y, double* out, long n) {\n")
                    .append("    for (long i = 0; i < n; i++) out[i] = colony::fdlibm::").append(f.cppName())
                    .append(f.arity() == 1 ? "(x[i]);\n" : "(x[i], y[i]);\n").append("}\n");
        }
        return s.toString();
    }

    private static Path build(String compiler) {
        try {
            Path dir = Files.createTempDirectory("colony-fdlibm");
            dir.toFile().deleteOnExit();
            Files.writeString(dir.resolve(KernelCompiler.STRICT_MATH), KernelCompiler.resource(KernelCompiler.STRICT_MATH));
            Files.writeString(dir.resolve("strictmath.cpp"), wrapper());
            Path library = dir.resolve("libcolonystrictmath.so");
            List<String> command = new ArrayList<>(List.of(compiler));
            command.addAll(FLAGS);
            command.addAll(List.of("-o", library.toString(), "strictmath.cpp"));
            Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
            String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(5, TimeUnit.MINUTES) || p.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " failed:\n" + log);
            }
            for (String name : List.of(KernelCompiler.STRICT_MATH, "strictmath.cpp", library.getFileName().toString())) {
                dir.resolve(name).toFile().deleteOnExit();
            }
            return library;
        } catch (IOException e) {
            throw new IllegalStateException("cannot build fdlibm.cuh for the host", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while building fdlibm.cuh for the host", e);
        }
    }

    /** $CXX, else the first of g++, c++ and clang++ on the PATH; null when there is none. */
    private static String compiler() {
        String cxx = System.getenv("CXX");
        if (cxx != null && !cxx.isBlank()) {
            return cxx;
        }
        String path = System.getenv("PATH");
        for (String name : List.of("g++", "c++", "clang++")) {
            for (String dir : (path == null ? "" : path).split(File.pathSeparator)) {
                if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, name))) {
                    return Path.of(dir, name).toString();
                }
            }
        }
        return null;
    }
}
