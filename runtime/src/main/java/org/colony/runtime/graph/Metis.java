package org.colony.runtime.graph;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.Arrays;
import org.colony.ColonyException;
import org.colony.runtime.tuning.RuntimeSwitches;

/**
 * METIS 5's C library ({@code libmetis.so.5}, Debian's {@code libmetis5}) through {@code java.lang.foreign}: the
 * k-way partitioning of a graph ({@code METIS_PartGraphKway}) with the options Colony fixes (edge cut objective, a
 * fixed seed, connected parts only when asked).
 *
 * <p>The library is loaded on first use from the path in {@code colony.metis.library} when it is set, else by its
 * soname. METIS is compiled for one integer width ({@code idx_t}, {@code IDXTYPEWIDTH} in {@code metis.h}) and has
 * no call that tells it; this binding passes 32-bit integers, as Debian's build has it. On loading, the width is
 * read from {@code METIS_SetDefaultOptions}, which sets all {@code METIS_NOPTIONS} (40) options to -1: into a
 * buffer wide enough for 64-bit options, a 32-bit build writes the first 160 bytes only. A library of another width
 * is refused in one line, as is one that then gets a known small partition wrong (a path of 4 vertices in 2 parts,
 * which cuts 1 edge). The floating-point width ({@code real_t}) does not matter: the target weights and imbalance
 * vectors are passed as {@code NULL}.
 *
 * <p>Calls are serialised: METIS traps its own errors with process-wide signal handlers while it runs.
 */
// The bindings are where Colony calls native code on purpose: restricted methods are expected here.
@SuppressWarnings("restricted")
final class Metis {

    /** {@code METIS_NOPTIONS}. */
    static final int OPTIONS = 40;
    /** The seed of METIS's random choices ({@code METIS_OPTION_SEED}), fixed so that a partition repeats. */
    static final int SEED = 1;

    // moptions_et, the indices into options[]
    private static final int OPTION_OBJTYPE = 1;
    private static final int OPTION_SEED = 8;
    private static final int OPTION_CONTIG = 11;
    private static final int OPTION_NUMBERING = 17;
    private static final int OBJTYPE_CUT = 0;

    private static final int OK = 1;
    private static final String PACKAGE = "libmetis5 on Debian or Ubuntu (scripts/install-metis.sh)";
    private static final Object LOCK = new Object();

    private static volatile String unloadable;
    private static volatile Metis system;

    private final String library;
    private final MethodHandle setDefaultOptions;
    private final MethodHandle partGraphKway;

    /** A partition as METIS returns it: the part of each vertex and the weight of the edges cut. */
    record Parts(int[] part, long edgeCut) {
    }

    private Metis(String library, SymbolLookup lookup) {
        this.library = library;
        Linker linker = Linker.nativeLinker();
        this.setDefaultOptions = linker.downcallHandle(symbol(lookup, "METIS_SetDefaultOptions"),
                FunctionDescriptor.of(JAVA_INT, ADDRESS));
        this.partGraphKway = linker.downcallHandle(symbol(lookup, "METIS_PartGraphKway"), FunctionDescriptor.of(
                JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS,
                ADDRESS, ADDRESS, ADDRESS));
    }

    /**
     * Loads METIS from a path or a soname and checks its integer width and a known answer.
     *
     * @throws ColonyException in one line when it cannot be loaded, lacks a function or has another width
     */
    static Metis load(String library) {
        SymbolLookup lookup;
        try {
            lookup = SymbolLookup.libraryLookup(library, Arena.global());
        } catch (IllegalArgumentException e) {
            throw new ColonyException(unloadableMessage(library));
        }
        Metis metis = new Metis(library, lookup);
        metis.checkWidth();
        metis.checkKnownAnswer();
        return metis;
    }

    /**
     * The library named by {@code colony.metis.library}, loaded once.
     *
     * @throws ColonyException with the reason, in one line, when it cannot be used
     */
    static Metis system() {
        Metis m = system;
        if (m != null) {
            return m;
        }
        synchronized (LOCK) {
            if (system == null) {
                if (unloadable != null) {
                    throw new ColonyException(unloadable);
                }
                try {
                    system = load(RuntimeSwitches.METIS_LIBRARY.value());
                } catch (ColonyException e) {
                    unloadable = e.getMessage();
                    throw e;
                }
            }
            return system;
        }
    }

    /** {@return why METIS cannot be used here, in one line, or null when it can} */
    static String unavailableReason() {
        try {
            system();
            return null;
        } catch (ColonyException e) {
            return e.getMessage();
        }
    }

    /**
     * Splits a graph into {@code k} parts of about equal vertex weight with few edges cut
     * ({@code METIS_PartGraphKway}).
     *
     * @param graph the graph, with at least one edge and at least {@code k} vertices
     * @param k the number of parts, 2 or more
     * @param contiguous whether to ask for connected parts ({@code METIS_OPTION_CONTIG}): only for a connected graph,
     *     and slow on irregular ones (minutes for 100000 vertices of preferential attachment)
     */
    Parts partKway(Adjacency graph, int k, boolean contiguous) {
        synchronized (LOCK) {
            try (Arena a = Arena.ofConfined()) {
                MemorySegment options = defaultOptions(a);
                options.setAtIndex(JAVA_INT, OPTION_OBJTYPE, OBJTYPE_CUT);
                options.setAtIndex(JAVA_INT, OPTION_SEED, SEED);
                options.setAtIndex(JAVA_INT, OPTION_CONTIG, contiguous ? 1 : 0);
                options.setAtIndex(JAVA_INT, OPTION_NUMBERING, 0);
                MemorySegment part = a.allocate(JAVA_INT, Math.max(1, graph.n()));
                MemorySegment edgeCut = a.allocate(JAVA_INT);
                int rc = (int) partGraphKway.invokeExact(a.allocateFrom(JAVA_INT, graph.n()),
                        a.allocateFrom(JAVA_INT, 1), a.allocateFrom(JAVA_INT, graph.offsets()),
                        a.allocateFrom(JAVA_INT, graph.targets()), orNull(a, graph.vertexWeights()), MemorySegment.NULL,
                        orNull(a, graph.edgeWeights()),
                        a.allocateFrom(JAVA_INT, k), MemorySegment.NULL, MemorySegment.NULL, options, edgeCut, part);
                check("METIS_PartGraphKway", rc, "n=" + graph.n() + " edges=" + graph.edges() + " k=" + k);
                int[] parts = new int[graph.n()];
                MemorySegment.copy(part, JAVA_INT, 0, parts, 0, graph.n());
                return new Parts(parts, edgeCut.get(JAVA_INT, 0));
            } catch (ColonyException e) {
                throw e;
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }
    }

    /** {@return the path or soname this library was loaded from} */
    String library() {
        return library;
    }

    private MemorySegment defaultOptions(Arena a) throws Throwable {
        MemorySegment options = a.allocate(JAVA_INT, OPTIONS);
        check("METIS_SetDefaultOptions", (int) setDefaultOptions.invokeExact(options), "");
        return options;
    }

    /** Refuses a library whose {@code idx_t} is not 32 bits wide (see the class comment). */
    private void checkWidth() {
        synchronized (LOCK) {
            try (Arena a = Arena.ofConfined()) {
                MemorySegment wide = a.allocate(8L * OPTIONS);
                wide.fill((byte) 0x5a);
                check("METIS_SetDefaultOptions", (int) setDefaultOptions.invokeExact(wide), "");
                long written = 0;
                while (written < wide.byteSize() && wide.get(JAVA_BYTE, written) == (byte) -1) {
                    written++;
                }
                if (written != 4L * OPTIONS) {
                    throw new ColonyException("METIS's library " + library + " uses " + (written == 8L * OPTIONS
                            ? "64-bit integers (IDXTYPEWIDTH 64)" : "integers of unknown width (" + written
                            + " bytes of options set)") + "; Colony binds a METIS built with 32-bit integers: install "
                            + PACKAGE + switchAdvice());
                }
            } catch (ColonyException e) {
                throw e;
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }
    }

    /** Refuses a library that gets a path of 4 vertices in 2 parts wrong. */
    private void checkKnownAnswer() {
        Adjacency path = new Adjacency(4, new int[] {0, 1, 3, 5, 6}, new int[] {1, 0, 2, 1, 3, 2}, null, null);
        Parts parts = partKway(path, 2, false);
        int[] p = parts.part();
        if (parts.edgeCut() != 1 || p[0] != p[1] || p[2] != p[3] || p[1] == p[2]) {
            throw new ColonyException("METIS's library " + library + " splits a path of 4 vertices into "
                    + Arrays.toString(p) + " with edge cut " + parts.edgeCut()
                    + " instead of two halves cutting 1 edge; install " + PACKAGE + switchAdvice());
        }
    }

    private static MemorySegment orNull(Arena a, int[] values) {
        return values == null ? MemorySegment.NULL : a.allocateFrom(JAVA_INT, values);
    }

    private static MemorySegment symbol(SymbolLookup lookup, String name) {
        return lookup.find(name).orElseThrow(() -> new ColonyException("the library has no function " + name
                + "; Colony needs METIS 5 (" + PACKAGE + ")" + switchAdvice()));
    }

    /** Turns a METIS return code other than {@code METIS_OK} into an exception naming the call and the code. */
    static void check(String call, int rc, String context) {
        if (rc == OK) {
            return;
        }
        String what = switch (rc) {
            case -2 -> "METIS_ERROR_INPUT (METIS refused the graph or the options; check the graph's arrays)";
            case -3 -> "METIS_ERROR_MEMORY (METIS ran out of memory; give the process more memory or split a smaller "
                    + "graph)";
            case -4 -> "METIS_ERROR (an error inside METIS; its message, if any, is on standard error)";
            default -> "an unknown code " + rc;
        };
        throw new ColonyException(call + " failed with " + what + (context.isEmpty() ? "" : ": " + context));
    }

    private static String unloadableMessage(String library) {
        return "METIS's library " + library + " cannot be loaded; install " + PACKAGE + switchAdvice();
    }

    private static String switchAdvice() {
        return RuntimeSwitches.METIS_LIBRARY.value().equals(RuntimeSwitches.METIS_LIBRARY.fallback()) ? ""
                : " or correct -D" + RuntimeSwitches.METIS_LIBRARY.property();
    }

    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }
}
