package org.colony.cuda.internal.bind;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.Arrays;
import org.colony.ColonyException;
import org.colony.cuda.tuning.CudaSwitches;

/**
 * NCCL ({@code libnccl.so.2}, NVIDIA's GPU-to-GPU communication library) through {@code java.lang.foreign}:
 * communicators over the devices of this process or of several, and grouped point-to-point sends and
 * receives. Every call goes through one check that throws a {@link CudaException} naming the function and
 * the {@code ncclResult_t} ({@code ncclGroupEnd failed: ncclUnhandledCudaError (...)}).
 *
 * <p>The library is loaded on first use, from the path in the system property {@code colony.nccl.library}
 * ({@link CudaSwitches#NCCL_LIBRARY}) when it is set, else by its soname. When it cannot be loaded every call
 * throws one {@link ColonyException} saying so; {@link #unavailableReason()} asks without throwing.
 *
 * <p>Handles ({@code ncclComm_t}, {@code cudaStream_t}, which is a {@code CUstream}) and device pointers
 * are passed as {@code long}, as in {@link Driver}: Colony runs on 64-bit hosts only.
 */
// The bindings are where Colony calls native code on purpose: restricted methods are expected here.
@SuppressWarnings("restricted")
public final class Nccl {

    /** The soname loaded when {@code colony.nccl.library} is not set ({@link CudaSwitches#NCCL_LIBRARY}). */
    static final String LIBRARY = CudaSwitches.NCCL_LIBRARY.fallback();
    /** The system property that names the library's path instead. */
    static final String LIBRARY_PROPERTY = CudaSwitches.NCCL_LIBRARY.property();

    /** {@code NCCL_UNIQUE_ID_BYTES}. */
    static final int UNIQUE_ID_BYTES = 128;
    /**
     * {@code typedef struct { char internal[128]; } ncclUniqueId;}: 128 bytes, alignment 1. Passed by value
     * to {@code ncclCommInitRank}, so the descriptor must name the struct, not a pointer: the ABI decides how
     * a 128-byte aggregate travels (on the stack on x86-64, by a pointer to a copy on AArch64).
     */
    static final StructLayout UNIQUE_ID = MemoryLayout.structLayout(
            MemoryLayout.sequenceLayout(UNIQUE_ID_BYTES, JAVA_BYTE).withName("internal")).withName("ncclUniqueId");

    /** {@code ncclUint8}: a count of bytes. ({@code ncclChar} = {@code ncclInt8} = 0 would do as well.) */
    static final int UINT8 = 1;

    /** {@code ncclResult_t} by value; 8 ({@code ncclTimeout}) exists only in recent releases. */
    private static final String[] RESULTS = {"ncclSuccess", "ncclUnhandledCudaError", "ncclSystemError",
        "ncclInternalError", "ncclInvalidArgument", "ncclInvalidUsage", "ncclRemoteError", "ncclInProgress",
        "ncclTimeout"};

    /** The one line of the failure to load, once loading has failed. */
    private static volatile String unloadable;

    /** The bindings, initialised on first use so that a missing library fails only the code that needs it. */
    private static final class Lib {
        private static final Linker LINKER = Linker.nativeLinker();
        private static final SymbolLookup LOOKUP;

        static {
            try {
                LOOKUP = load(CudaSwitches.NCCL_LIBRARY.value());
            } catch (ColonyException e) {
                unloadable = e.getMessage();
                throw e;
            }
        }

        private static MethodHandle bind(String name, FunctionDescriptor fd) {
            return LINKER.downcallHandle(LOOKUP.find(name).orElseThrow(() -> {
                unloadable = unloadableMessage("it has no symbol " + name + "; NCCL 2.7 or newer is needed");
                return new ColonyException(unloadable);
            }), fd);
        }

        /** A function that does or orders device work: held launches go out first ({@link DeviceWork}). */
        private static MethodHandle work(String name, FunctionDescriptor fd) {
            return DeviceWork.first(bind(name, fd));
        }

        static final MethodHandle GET_VERSION = bind("ncclGetVersion", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        static final MethodHandle GET_ERROR_STRING = bind("ncclGetErrorString",
                FunctionDescriptor.of(ADDRESS, JAVA_INT));
        /** {@code ncclGetLastError(ncclComm_t)}, NCCL 2.13 and newer; null before. */
        static final MethodHandle GET_LAST_ERROR = LOOKUP.find("ncclGetLastError")
                .map(s -> LINKER.downcallHandle(s, FunctionDescriptor.of(ADDRESS, JAVA_LONG))).orElse(null);
        static final MethodHandle GET_UNIQUE_ID = bind("ncclGetUniqueId", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        static final MethodHandle COMM_INIT_RANK = work("ncclCommInitRank",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, UNIQUE_ID, JAVA_INT));
        static final MethodHandle COMM_INIT_ALL = work("ncclCommInitAll",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS));
        static final MethodHandle COMM_DESTROY = work("ncclCommDestroy", FunctionDescriptor.of(JAVA_INT, JAVA_LONG));
        static final MethodHandle COMM_ABORT = work("ncclCommAbort", FunctionDescriptor.of(JAVA_INT, JAVA_LONG));
        static final MethodHandle COMM_GET_ASYNC_ERROR = bind("ncclCommGetAsyncError",
                FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS));
        static final MethodHandle COMM_CU_DEVICE = bind("ncclCommCuDevice",
                FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS));
        static final MethodHandle COMM_USER_RANK = bind("ncclCommUserRank",
                FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS));
        static final MethodHandle GROUP_START = work("ncclGroupStart", FunctionDescriptor.of(JAVA_INT));
        static final MethodHandle GROUP_END = work("ncclGroupEnd", FunctionDescriptor.of(JAVA_INT));
        /** {@code ncclSend(const void* buf, size_t count, ncclDataType_t, int peer, ncclComm_t, cudaStream_t)}. */
        static final MethodHandle SEND = work("ncclSend", FunctionDescriptor.of(JAVA_INT,
                JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG));
        /** {@code ncclRecv(void* buf, size_t count, ncclDataType_t, int peer, ncclComm_t, cudaStream_t)}. */
        static final MethodHandle RECV = work("ncclRecv", FunctionDescriptor.of(JAVA_INT,
                JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG));

        private Lib() {
        }
    }

    private Nccl() {
    }

    /**
     * Opens {@code library} (a soname or a path).
     *
     * @throws ColonyException in one line if it cannot be loaded
     */
    static SymbolLookup load(String library) {
        try {
            return SymbolLookup.libraryLookup(library, Arena.global());
        } catch (IllegalArgumentException e) {
            String where = library.equals(LIBRARY) ? "" : " from " + library + " (-D" + LIBRARY_PROPERTY + ")";
            throw new ColonyException(unloadableMessage("it is not found" + where));
        }
    }

    /** The one line that says NCCL cannot be used, and why. */
    static String unloadableMessage(String why) {
        return "NCCL (" + LIBRARY + ") cannot be loaded: " + why + "; --devices N > 1 needs it (install NCCL 2,"
                + " or set -D" + LIBRARY_PROPERTY + "=/path/to/" + LIBRARY + ")";
    }

    /** Null when NCCL loads, otherwise one line saying why not. */
    public static String unavailableReason() {
        try {
            Class.forName(Lib.class.getName(), true, Nccl.class.getClassLoader());
            return null;
        } catch (ExceptionInInitializerError | NoClassDefFoundError | ClassNotFoundException e) {
            return unloadable(e).getMessage();
        }
    }

    private static ColonyException unloadable(Throwable t) {
        String line = unloadable;
        return new ColonyException(line != null ? line : unloadableMessage(String.valueOf(t)), t);
    }

    /** The name of an {@code ncclResult_t}. */
    public static String resultName(int code) {
        return code >= 0 && code < RESULTS.length ? RESULTS[code] : "ncclResult_t " + code;
    }

    /** NCCL's text for the last failure: {@code ncclGetLastError} where there is one, else the code's text. */
    private static String describe(int code) {
        try {
            if (Lib.GET_LAST_ERROR != null) {
                MemorySegment s = (MemorySegment) Lib.GET_LAST_ERROR.invokeExact(0L);
                String last = s.equals(MemorySegment.NULL) ? "" : s.reinterpret(1024).getString(0).strip();
                if (!last.isEmpty()) {
                    return last;
                }
            }
            MemorySegment s = (MemorySegment) Lib.GET_ERROR_STRING.invokeExact(code);
            return s.equals(MemorySegment.NULL) ? null : s.reinterpret(1024).getString(0).strip();
        } catch (Throwable t) {
            return null;
        }
    }

    /** Throws when {@code result} is not ncclSuccess. */
    static void check(int result, String function, String detail) {
        if (result != 0) {
            String text = describe(result);
            String both = detail == null ? text : text == null ? detail : detail + ": " + text;
            throw new CudaException(function, resultName(result), both);
        }
    }

    private static RuntimeException rethrow(Throwable t, String function) {
        if (t instanceof ExceptionInInitializerError || t instanceof NoClassDefFoundError) {
            return unloadable(t);
        }
        return Driver.rethrow(t, function);
    }

    /** NCCL's version code: 22703 for 2.27.3 (1000 × major + 100 × minor + patch before 2.9). */
    public static int version() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment v = arena.allocate(JAVA_INT);
            check((int) Lib.GET_VERSION.invokeExact(v), "ncclGetVersion", null);
            return v.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw rethrow(t, "ncclGetVersion");
        }
    }

    /** {@code 2.27.3} for the code 22703, {@code 2.8.4} for 2804. */
    public static String versionText(int code) {
        return code >= 10000
                ? code / 10000 + "." + code % 10000 / 100 + "." + code % 100
                : code / 1000 + "." + code % 1000 / 100 + "." + code % 100;
    }

    /** A unique id given as its 128 bytes ({@link #uniqueId(Arena)} elsewhere, broadcast), in {@code arena}. */
    public static MemorySegment uniqueId(Arena arena, byte[] bytes) {
        if (bytes.length != UNIQUE_ID_BYTES) {
            throw new ColonyException("an NCCL unique id has " + UNIQUE_ID_BYTES + " bytes, not " + bytes.length);
        }
        MemorySegment id = arena.allocate(UNIQUE_ID);
        MemorySegment.copy(bytes, 0, id, JAVA_BYTE, 0, bytes.length);
        return id;
    }

    /** A new unique id (128 bytes, allocated in {@code arena}) for {@link #initRank}. */
    public static MemorySegment uniqueId(Arena arena) {
        try {
            MemorySegment id = arena.allocate(UNIQUE_ID);
            check((int) Lib.GET_UNIQUE_ID.invokeExact(id), "ncclGetUniqueId", null);
            return id;
        } catch (Throwable t) {
            throw rethrow(t, "ncclGetUniqueId");
        }
    }

    /**
     * {@code ncclCommInitRank}: rank {@code rank} of {@code ranks} joins the communicator of {@code id}, on the
     * device whose context is current. Blocks until every rank has joined unless it is called between
     * {@link #groupStart()} and {@link #groupEnd()}, which is how one thread creates several ranks; the
     * communicator is then usable only after {@code groupEnd} returns.
     */
    public static long initRank(int ranks, MemorySegment id, int rank) {
        if (id.byteSize() != UNIQUE_ID_BYTES) {
            throw new IllegalArgumentException("an ncclUniqueId has " + UNIQUE_ID_BYTES + " bytes, not " + id.byteSize());
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment comm = arena.allocate(JAVA_LONG);
            check((int) Lib.COMM_INIT_RANK.invokeExact(comm, ranks, id, rank), "ncclCommInitRank",
                    "rank=" + rank + " ranks=" + ranks);
            return comm.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw rethrow(t, "ncclCommInitRank");
        }
    }

    /**
     * {@code ncclCommInitAll}: one communicator per device of this process; rank i runs on CUDA device
     * {@code devices[i]} (the ordinals of {@code cuDeviceGet}).
     */
    public static long[] initAll(int[] devices) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment comms = arena.allocate(JAVA_LONG, devices.length);
            MemorySegment list = arena.allocateFrom(JAVA_INT, devices);
            check((int) Lib.COMM_INIT_ALL.invokeExact(comms, devices.length, list), "ncclCommInitAll",
                    "devices=" + Arrays.toString(devices));
            return comms.toArray(JAVA_LONG);
        } catch (Throwable t) {
            throw rethrow(t, "ncclCommInitAll");
        }
    }

    /** {@code ncclCommDestroy}: waits for the communicator's work, then frees it. */
    public static void destroy(long comm) {
        try {
            check((int) Lib.COMM_DESTROY.invokeExact(comm), "ncclCommDestroy", null);
        } catch (Throwable t) {
            throw rethrow(t, "ncclCommDestroy");
        }
    }

    /** {@code ncclCommAbort}: frees the communicator without waiting, for one in error. */
    public static void abort(long comm) {
        try {
            check((int) Lib.COMM_ABORT.invokeExact(comm), "ncclCommAbort", null);
        } catch (Throwable t) {
            throw rethrow(t, "ncclCommAbort");
        }
    }

    /** {@code ncclCommGetAsyncError}: the error the communicator met in the background, 0 if none. */
    public static int asyncError(long comm) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment r = arena.allocate(JAVA_INT);
            check((int) Lib.COMM_GET_ASYNC_ERROR.invokeExact(comm, r), "ncclCommGetAsyncError", null);
            return r.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw rethrow(t, "ncclCommGetAsyncError");
        }
    }

    /** {@code ncclCommCuDevice}: the CUDA device of a communicator. */
    public static int device(long comm) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment d = arena.allocate(JAVA_INT);
            check((int) Lib.COMM_CU_DEVICE.invokeExact(comm, d), "ncclCommCuDevice", null);
            return d.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw rethrow(t, "ncclCommCuDevice");
        }
    }

    /** {@code ncclCommUserRank}: the rank of a communicator. */
    public static int rank(long comm) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment r = arena.allocate(JAVA_INT);
            check((int) Lib.COMM_USER_RANK.invokeExact(comm, r), "ncclCommUserRank", null);
            return r.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw rethrow(t, "ncclCommUserRank");
        }
    }

    /** {@code ncclGroupStart}: later NCCL calls of this thread are queued until {@link #groupEnd()}. */
    public static void groupStart() {
        try {
            check((int) Lib.GROUP_START.invokeExact(), "ncclGroupStart", null);
        } catch (Throwable t) {
            throw rethrow(t, "ncclGroupStart");
        }
    }

    /** {@code ncclGroupEnd}: issues the queued calls; returns once they are enqueued on their streams. */
    public static void groupEnd() {
        try {
            check((int) Lib.GROUP_END.invokeExact(), "ncclGroupEnd", null);
        } catch (Throwable t) {
            throw rethrow(t, "ncclGroupEnd");
        }
    }

    /** {@code ncclSend} of {@code bytes} bytes at device address {@code buffer} to rank {@code peer}. */
    public static void send(long buffer, long bytes, int peer, long comm, long stream) {
        int r;
        try {
            r = (int) Lib.SEND.invokeExact(buffer, bytes, UINT8, peer, comm, stream);
        } catch (Throwable t) {
            throw rethrow(t, "ncclSend");
        }
        check(r, "ncclSend", "peer=" + peer + " bytes=" + bytes);
    }

    /** {@code ncclRecv} of {@code bytes} bytes into device address {@code buffer} from rank {@code peer}. */
    public static void recv(long buffer, long bytes, int peer, long comm, long stream) {
        int r;
        try {
            r = (int) Lib.RECV.invokeExact(buffer, bytes, UINT8, peer, comm, stream);
        } catch (Throwable t) {
            throw rethrow(t, "ncclRecv");
        }
        check(r, "ncclRecv", "peer=" + peer + " bytes=" + bytes);
    }
}
