package org.colony.cuda.internal.bind;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.List;

/**
 * NVRTC ({@code libnvrtc.so.13}, the runtime compiler of CUDA C++) through {@code java.lang.foreign}:
 * compiles a source with headers given as strings into a CUBIN for one architecture.
 */
// The bindings are where Colony calls native code on purpose: restricted methods are expected here.
@SuppressWarnings("restricted")
public final class Nvrtc {

    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup LIB = lookup();

    private static SymbolLookup lookup() {
        IllegalArgumentException last = null;
        for (String name : List.of("libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so")) {
            try {
                return SymbolLookup.libraryLookup(name, Arena.global());
            } catch (IllegalArgumentException e) {
                last = e;
            }
        }
        throw last;
    }

    private static MethodHandle bind(String name, FunctionDescriptor fd) {
        return LINKER.downcallHandle(LIB.find(name).orElseThrow(
                () -> new IllegalStateException("libnvrtc has no symbol " + name)), fd);
    }

    private static final MethodHandle GET_ERROR_STRING = bind("nvrtcGetErrorString", FunctionDescriptor.of(ADDRESS, JAVA_INT));
    private static final MethodHandle VERSION = bind("nvrtcVersion", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle CREATE_PROGRAM = bind("nvrtcCreateProgram",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle DESTROY_PROGRAM = bind("nvrtcDestroyProgram", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle COMPILE_PROGRAM = bind("nvrtcCompileProgram",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_INT, ADDRESS));
    private static final MethodHandle GET_CUBIN_SIZE = bind("nvrtcGetCUBINSize",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS));
    private static final MethodHandle GET_CUBIN = bind("nvrtcGetCUBIN", FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS));
    private static final MethodHandle GET_LOG_SIZE = bind("nvrtcGetProgramLogSize",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS));
    private static final MethodHandle GET_LOG = bind("nvrtcGetProgramLog", FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS));

    private Nvrtc() {
    }

    private static String error(int code) {
        try {
            MemorySegment s = (MemorySegment) GET_ERROR_STRING.invokeExact(code);
            return s.reinterpret(256).getString(0);
        } catch (Throwable t) {
            return "NVRTC error " + code;
        }
    }

    private static void check(int result, String function) {
        if (result != 0) {
            throw new CudaException(function, error(result), null);
        }
    }

    /** NVRTC's version, asked once. */
    private static volatile int[] version;

    /** NVRTC's version as {major, minor}. */
    public static int[] version() {
        int[] v = version;
        if (v != null) {
            return v.clone();
        }
        ExitGate.enter("NVRTC's version");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment major = arena.allocate(JAVA_INT);
            MemorySegment minor = arena.allocate(JAVA_INT);
            check((int) VERSION.invokeExact(major, minor), "nvrtcVersion");
            version = new int[] {major.get(JAVA_INT, 0), minor.get(JAVA_INT, 0)};
            return version.clone();
        } catch (Throwable t) {
            throw Driver.rethrow(t, "nvrtcVersion");
        } finally {
            ExitGate.leave();
        }
    }

    /** The outcome of a compilation: a CUBIN, or the compiler's log. */
    public record Result(byte[] cubin, String log) {
    }

    /**
     * Compiles {@code source} (named {@code name}) with the given headers and options.
     *
     * @return the CUBIN and the log; {@code cubin} is null when compilation failed
     */
    public static Result compile(String source, String name, List<String> headerNames, List<String> headers,
            List<String> options) {
        ExitGate.enter("NVRTC's compilation of " + name);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment prog = arena.allocate(JAVA_LONG);
            MemorySegment hs = arena.allocate(ADDRESS, Math.max(1, headers.size()));
            MemorySegment hn = arena.allocate(ADDRESS, Math.max(1, headers.size()));
            for (int i = 0; i < headers.size(); i++) {
                hs.setAtIndex(ADDRESS, i, arena.allocateFrom(headers.get(i)));
                hn.setAtIndex(ADDRESS, i, arena.allocateFrom(headerNames.get(i)));
            }
            check((int) CREATE_PROGRAM.invokeExact(prog, arena.allocateFrom(source), arena.allocateFrom(name),
                    headers.size(), hs, hn), "nvrtcCreateProgram");
            long program = prog.get(JAVA_LONG, 0);
            try {
                MemorySegment opts = arena.allocate(ADDRESS, Math.max(1, options.size()));
                for (int i = 0; i < options.size(); i++) {
                    opts.setAtIndex(ADDRESS, i, arena.allocateFrom(options.get(i)));
                }
                int r = (int) COMPILE_PROGRAM.invokeExact(program, options.size(), opts);
                MemorySegment logSize = arena.allocate(JAVA_LONG);
                check((int) GET_LOG_SIZE.invokeExact(program, logSize), "nvrtcGetProgramLogSize");
                MemorySegment log = arena.allocate(Math.max(1, logSize.get(JAVA_LONG, 0)));
                check((int) GET_LOG.invokeExact(program, log), "nvrtcGetProgramLog");
                String text = log.getString(0);
                if (r != 0) {
                    return new Result(null, text.isBlank() ? error(r) : text);
                }
                MemorySegment size = arena.allocate(JAVA_LONG);
                check((int) GET_CUBIN_SIZE.invokeExact(program, size), "nvrtcGetCUBINSize");
                MemorySegment cubin = arena.allocate(size.get(JAVA_LONG, 0));
                check((int) GET_CUBIN.invokeExact(program, cubin), "nvrtcGetCUBIN");
                return new Result(cubin.toArray(ValueLayout.JAVA_BYTE), text);
            } finally {
                // The program is released whatever happened; its result cannot change the outcome.
                int released = (int) DESTROY_PROGRAM.invokeExact(prog);
                if (released != 0) {
                    System.getLogger(Nvrtc.class.getName()).log(System.Logger.Level.DEBUG,
                            "nvrtcDestroyProgram: " + error(released));
                }
            }
        } catch (Throwable t) {
            throw Driver.rethrow(t, "nvrtcCompileProgram");
        } finally {
            ExitGate.leave();
        }
    }
}
