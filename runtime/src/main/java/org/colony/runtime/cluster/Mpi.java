package org.colony.runtime.cluster;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import org.colony.ColonyException;
import org.colony.runtime.tuning.RuntimeSwitches;

/**
 * Open MPI's C library ({@code libmpi.so.40}, Open MPI 4.x) through {@code java.lang.foreign}: start-up and
 * shut-down, rank and size, non-blocking point-to-point messages and the collectives the runtime uses, all on
 * {@code MPI_COMM_WORLD} and all counted in bytes ({@code MPI_BYTE}) or 64-bit integers ({@code MPI_LONG}).
 *
 * <p>Open MPI's handles ({@code MPI_Comm}, {@code MPI_Datatype}, {@code MPI_Op}) are pointers to predefined
 * objects that the library exports as symbols ({@code ompi_mpi_comm_world}, {@code ompi_mpi_byte}, ...): the
 * handle is the symbol's address, passed as is, never read through. {@code MPI_Request} is a pointer too.
 *
 * <p>The library is loaded on first use with {@code RTLD_GLOBAL} (Open MPI's plugins, loaded later by the
 * library itself, look its symbols up globally), from the path in {@code colony.mpi.library} when it is set,
 * else by its soname. When it cannot be loaded, {@link #unavailableReason()} says so in one line naming the
 * packages to install. Every call's return code is checked; Open MPI's default error handler aborts the job
 * on a failed communication before a code comes back, so a code other than {@code MPI_SUCCESS} means a
 * mistake in the call.
 */
// The bindings are where Colony calls native code on purpose: restricted methods are expected here.
@SuppressWarnings("restricted")
final class Mpi {

    /** {@code MPI_THREAD_SERIALIZED}: any thread may call, one at a time. */
    static final int THREAD_SERIALIZED = 2;
    /** {@code MPI_IN_PLACE}. */
    static final MemorySegment IN_PLACE = MemorySegment.ofAddress(1);
    /** {@code MPI_STATUSES_IGNORE}. */
    static final MemorySegment STATUSES_IGNORE = MemorySegment.NULL;
    /** {@code sizeof(MPI_Status)} in Open MPI 4: four ints and a {@code size_t}. */
    static final long STATUS_BYTES = 24;

    private static final String PACKAGES = "openmpi-bin and libopenmpi-dev on Debian or Ubuntu";
    private static volatile String unloadable;

    private Mpi() {
    }

    /** The bindings, initialised on first use so that a missing library fails only the code that needs it. */
    private static final class Lib {
        private static final Linker LINKER = Linker.nativeLinker();
        private static final SymbolLookup LOOKUP;

        static {
            try {
                LOOKUP = load(RuntimeSwitches.MPI_LIBRARY.value());
            } catch (ColonyException e) {
                unloadable = e.getMessage();
                throw e;
            }
        }

        private static MemorySegment symbol(String name) {
            return LOOKUP.find(name).orElseThrow(() -> new ColonyException(
                    "the MPI library has no symbol " + name + "; Colony needs Open MPI 4 (" + PACKAGES + ")"));
        }

        private static MethodHandle bind(String name, FunctionDescriptor fd) {
            return LINKER.downcallHandle(symbol(name), fd);
        }

        private static MethodHandle critical(String name, FunctionDescriptor fd) {
            return LINKER.downcallHandle(symbol(name), fd, Linker.Option.critical(false));
        }

        static final MemorySegment COMM_WORLD = symbol("ompi_mpi_comm_world");
        static final MemorySegment BYTE = symbol("ompi_mpi_byte");
        static final MemorySegment LONG = symbol("ompi_mpi_long");
        static final MemorySegment SUM = symbol("ompi_mpi_op_sum");
        static final MemorySegment MAX = symbol("ompi_mpi_op_max");
        static final MemorySegment MIN = symbol("ompi_mpi_op_min");
        static final MemorySegment BOR = symbol("ompi_mpi_op_bor");

        static final MethodHandle INITIALIZED = critical("MPI_Initialized", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        static final MethodHandle FINALIZED = critical("MPI_Finalized", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        static final MethodHandle INIT_THREAD = bind("MPI_Init_thread",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS));
        static final MethodHandle FINALIZE = bind("MPI_Finalize", FunctionDescriptor.of(JAVA_INT));
        static final MethodHandle COMM_RANK = critical("MPI_Comm_rank",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        static final MethodHandle COMM_SIZE = critical("MPI_Comm_size",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        static final MethodHandle ISEND = bind("MPI_Isend", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT,
                ADDRESS, JAVA_INT, JAVA_INT, ADDRESS, ADDRESS));
        static final MethodHandle IRECV = bind("MPI_Irecv", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT,
                ADDRESS, JAVA_INT, JAVA_INT, ADDRESS, ADDRESS));
        static final MethodHandle WAITALL = bind("MPI_Waitall",
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS));
        static final MethodHandle GET_COUNT = critical("MPI_Get_count",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
        static final MethodHandle BCAST = bind("MPI_Bcast",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS));
        static final MethodHandle ALLREDUCE = bind("MPI_Allreduce",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
        static final MethodHandle ALLGATHER = bind("MPI_Allgather", FunctionDescriptor.of(JAVA_INT, ADDRESS,
                JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS));
        static final MethodHandle ALLGATHERV = bind("MPI_Allgatherv", FunctionDescriptor.of(JAVA_INT, ADDRESS,
                JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
        static final MethodHandle ALLTOALL = bind("MPI_Alltoall", FunctionDescriptor.of(JAVA_INT, ADDRESS,
                JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS));
        static final MethodHandle ALLTOALLV = bind("MPI_Alltoallv", FunctionDescriptor.of(JAVA_INT, ADDRESS,
                ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
        static final MethodHandle BARRIER = bind("MPI_Barrier", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        static final MethodHandle ABORT = bind("MPI_Abort", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
        static final MethodHandle COMM_GET_ATTR = bind("MPI_Comm_get_attr",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, ADDRESS));
    }

    private static SymbolLookup load(String library) {
        Linker linker = Linker.nativeLinker();
        try {
            // dlopen(library, RTLD_NOW | RTLD_GLOBAL) first: Open MPI's plugins resolve the library's symbols globally.
            MethodHandle dlopen = linker.downcallHandle(linker.defaultLookup().find("dlopen").orElseThrow(),
                    FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_INT));
            try (Arena a = Arena.ofConfined()) {
                MemorySegment handle = (MemorySegment) dlopen.invokeExact(a.allocateFrom(library), 0x2 | 0x100);
                if (handle.equals(MemorySegment.NULL)) {
                    throw new ColonyException(unloadableMessage(library));
                }
            }
            return SymbolLookup.libraryLookup(library, Arena.global());
        } catch (IllegalArgumentException e) {
            throw new ColonyException(unloadableMessage(library));
        } catch (ColonyException e) {
            throw e;
        } catch (Throwable t) {
            throw new ColonyException(unloadableMessage(library) + " (" + t + ")");
        }
    }

    private static String unloadableMessage(String library) {
        return "Open MPI's library " + library + " cannot be loaded; install " + PACKAGES
                + (RuntimeSwitches.MPI_LIBRARY.value().equals(RuntimeSwitches.MPI_LIBRARY.fallback()) ? ""
                        : " or correct -D" + RuntimeSwitches.MPI_LIBRARY.property());
    }

    /** Why the library cannot be used here, in one line, or null when it can. */
    static String unavailableReason() {
        if (unloadable != null) {
            return unloadable;
        }
        try {
            Lib.COMM_WORLD.address();
            return null;
        } catch (ExceptionInInitializerError | NoClassDefFoundError | ColonyException e) {
            return unloadable != null ? unloadable : "Open MPI cannot be loaded: " + e;
        }
    }

    /** The predefined handles. */
    static MemorySegment world() {
        return Lib.COMM_WORLD;
    }

    static MemorySegment byteType() {
        return Lib.BYTE;
    }

    static MemorySegment longType() {
        return Lib.LONG;
    }

    static MemorySegment sum() {
        return Lib.SUM;
    }

    static MemorySegment max() {
        return Lib.MAX;
    }

    static MemorySegment min() {
        return Lib.MIN;
    }

    static MemorySegment bitOr() {
        return Lib.BOR;
    }

    // ---- calls --------------------------------------------------------------------------------

    static boolean initialized() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment flag = a.allocate(JAVA_INT);
            check("MPI_Initialized", (int) Lib.INITIALIZED.invokeExact(flag));
            return flag.get(JAVA_INT, 0) != 0;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static boolean finalized() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment flag = a.allocate(JAVA_INT);
            check("MPI_Finalized", (int) Lib.FINALIZED.invokeExact(flag));
            return flag.get(JAVA_INT, 0) != 0;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * The largest tag a message may carry ({@code MPI_TAG_UB}, the attribute of key 0 on {@code MPI_COMM_WORLD}):
     * at least 32767 by the standard, 2^23 - 1 with Open MPI's UCX layer.
     */
    static int tagUpperBound() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment value = a.allocate(ADDRESS);
            MemorySegment flag = a.allocate(JAVA_INT);
            check("MPI_Comm_get_attr", (int) Lib.COMM_GET_ATTR.invokeExact(Lib.COMM_WORLD, 0, value, flag));
            if (flag.get(JAVA_INT, 0) == 0) {
                return 32767;
            }
            return value.get(ADDRESS, 0).reinterpret(4).get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * Sets an environment variable of this process before MPI starts, unless it is set: libc's {@code setenv(name,
     * value, 0)}.
     */
    static void setDefaultEnv(String name, String value) {
        Linker linker = Linker.nativeLinker();
        try (Arena a = Arena.ofConfined()) {
            MethodHandle setenv = linker.downcallHandle(linker.defaultLookup().find("setenv").orElseThrow(),
                    FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
            int rc = (int) setenv.invokeExact(a.allocateFrom(name), a.allocateFrom(value), 0);
            if (rc != 0) {
                throw new ColonyException("setenv(" + name + ") failed");
            }
        } catch (ColonyException e) {
            throw e;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code MPI_Init_thread(NULL, NULL, required, &provided)}; returns the level provided. */
    static int initThread(int required) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment provided = a.allocate(JAVA_INT);
            check("MPI_Init_thread", (int) Lib.INIT_THREAD.invokeExact(MemorySegment.NULL, MemorySegment.NULL,
                    required, provided));
            return provided.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void finalizeLibrary() {
        try {
            check("MPI_Finalize", (int) Lib.FINALIZE.invokeExact());
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int rank() {
        return intOf("MPI_Comm_rank", Lib.COMM_RANK);
    }

    static int size() {
        return intOf("MPI_Comm_size", Lib.COMM_SIZE);
    }

    private static int intOf(String name, MethodHandle h) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(JAVA_INT);
            check(name, (int) h.invokeExact(Lib.COMM_WORLD, out));
            return out.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Posts a send of {@code count} bytes; the request handle goes to {@code request}. */
    static void isend(MemorySegment buffer, int count, int dest, int tag, MemorySegment request) {
        try {
            check("MPI_Isend", (int) Lib.ISEND.invokeExact(buffer, count, Lib.BYTE, dest, tag, Lib.COMM_WORLD,
                    request));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Posts a receive of {@code count} bytes; the request handle goes to {@code request}. */
    static void irecv(MemorySegment buffer, int count, int source, int tag, MemorySegment request) {
        try {
            check("MPI_Irecv", (int) Lib.IRECV.invokeExact(buffer, count, Lib.BYTE, source, tag, Lib.COMM_WORLD,
                    request));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Waits for {@code count} requests; their statuses go to {@code statuses} ({@link #STATUS_BYTES} each). */
    static void waitAll(int count, MemorySegment requests, MemorySegment statuses) {
        try {
            check("MPI_Waitall", (int) Lib.WAITALL.invokeExact(count, requests, statuses));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** The bytes a completed receive got, from its status ({@code count}: 4 bytes to put it in). */
    static int receivedBytes(MemorySegment status, MemorySegment count) {
        try {
            check("MPI_Get_count", (int) Lib.GET_COUNT.invokeExact(status, Lib.BYTE, count));
            return count.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void broadcast(MemorySegment buffer, int count, MemorySegment type, int root) {
        try {
            check("MPI_Bcast", (int) Lib.BCAST.invokeExact(buffer, count, type, root, Lib.COMM_WORLD));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code MPI_Allreduce} in place on {@code count} longs. */
    static void allReduce(MemorySegment values, int count, MemorySegment op) {
        try {
            check("MPI_Allreduce", (int) Lib.ALLREDUCE.invokeExact(IN_PLACE, values, count, Lib.LONG, op,
                    Lib.COMM_WORLD));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code MPI_Allgather} of {@code count} bytes from every rank. */
    static void allGather(MemorySegment mine, int count, MemorySegment all) {
        try {
            check("MPI_Allgather", (int) Lib.ALLGATHER.invokeExact(mine, count, Lib.BYTE, all, count, Lib.BYTE,
                    Lib.COMM_WORLD));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code MPI_Allgatherv} of bytes: rank r's {@code counts[r]} bytes land at {@code displacements[r]}. */
    static void allGatherV(MemorySegment mine, int count, MemorySegment all, MemorySegment counts,
            MemorySegment displacements) {
        try {
            check("MPI_Allgatherv", (int) Lib.ALLGATHERV.invokeExact(mine, count, Lib.BYTE, all, counts,
                    displacements, Lib.BYTE, Lib.COMM_WORLD));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code MPI_Alltoall} of {@code count} bytes to and from every rank. */
    static void allToAll(MemorySegment send, int count, MemorySegment receive) {
        try {
            check("MPI_Alltoall", (int) Lib.ALLTOALL.invokeExact(send, count, Lib.BYTE, receive, count, Lib.BYTE,
                    Lib.COMM_WORLD));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code MPI_Alltoallv} of bytes, counts and displacements as {@code int} arrays. */
    static void allToAllV(MemorySegment send, MemorySegment sendCounts, MemorySegment sendDispl,
            MemorySegment receive, MemorySegment receiveCounts, MemorySegment receiveDispl) {
        try {
            check("MPI_Alltoallv", (int) Lib.ALLTOALLV.invokeExact(send, sendCounts, sendDispl, Lib.BYTE, receive,
                    receiveCounts, receiveDispl, Lib.BYTE, Lib.COMM_WORLD));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void barrier() {
        try {
            check("MPI_Barrier", (int) Lib.BARRIER.invokeExact(Lib.COMM_WORLD));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code MPI_Abort(MPI_COMM_WORLD, code)}: ends every rank of the job; does not return when it works. */
    static void abort(int code) {
        try {
            int rc = (int) Lib.ABORT.invokeExact(Lib.COMM_WORLD, code);
            check("MPI_Abort", rc);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    private static void check(String call, int rc) {
        if (rc != 0) {
            throw new ColonyException(call + " failed with MPI error " + rc);
        }
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
