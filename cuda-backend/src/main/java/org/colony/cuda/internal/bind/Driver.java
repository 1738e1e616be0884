package org.colony.cuda.internal.bind;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The CUDA driver API ({@code libcuda.so.1}) through {@code java.lang.foreign}: one static final method
 * handle per function, bound to the versioned symbols, called with exact types. Every call goes through
 * {@link #check}, which turns an error code into a {@link CudaException} naming the function and the
 * error. Every function that does or orders device work is bound through {@code work(...)}, which calls
 * {@link DeviceWork}'s hook first, so that kernel launches the graph recorder (one floor up) holds for a CUDA graph
 * go out before it. Loading this class fails when the library is missing; {@link Probe#driver()} says why in one
 * line.
 */
// The bindings are where Colony calls native code on purpose: restricted methods are expected here.
@SuppressWarnings("restricted")
public final class Driver {

    /**
     * The copies into device memory and the memsets issued so far, by any thread ({@link #deviceWrites}): with the
     * kernels a context launched, all the ways the host changes device memory.
     */
    private static final AtomicLong WRITES = new AtomicLong();
    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup LIB = SymbolLookup.libraryLookup("libcuda.so.1", Arena.global());


    /** The functions whose per-thread form is {@code NAME_ptds} (synchronous copies and memsets). */
    private static final Set<String> PTDS = Set.of("cuMemcpyHtoD_v2", "cuMemcpyDtoH_v2", "cuMemcpyDtoD_v2",
            "cuMemsetD8_v2", "cuMemsetD32_v2");
    /** The functions whose per-thread form is {@code NAME_ptsz} (those that take a stream). */
    private static final Set<String> PTSZ = Set.of("cuLaunchKernel", "cuGraphLaunch", "cuMemAllocAsync",
            "cuMemFreeAsync", "cuMemcpyHtoDAsync_v2", "cuMemcpyDtoHAsync_v2", "cuMemcpyDtoDAsync_v2",
            "cuStreamSynchronize", "cuEventRecord", "cuStreamWaitEvent");

    /** The symbol of {@code name} in the stream mode of this process. */
    private static String symbol(String name) {
        if (!Streams.PER_THREAD) {
            return name;
        }
        return PTDS.contains(name) ? name + "_ptds" : PTSZ.contains(name) ? name + "_ptsz" : name;
    }

    /**
     * A function that neither does nor orders work on the device (a query, a lookup, making a context current), or
     * one that only a {@code LaunchRecorder} calls (its launches and graphs): bound without the hook of {@link
     * DeviceWork}, in the stream mode of the process.
     */
    private static MethodHandle plain(String name, FunctionDescriptor fd, Linker.Option... options) {
        return LINKER.downcallHandle(LIB.find(symbol(name)).orElseThrow(
                () -> new IllegalStateException("libcuda.so.1 has no symbol " + name + "; the driver is too old")), fd,
                options);
    }

    /** A function that only some drivers have, bound as {@link #plain}; null where the driver lacks it. */
    static MethodHandle optional(String name, FunctionDescriptor fd) {
        return LIB.find(symbol(name)).map(symbol -> LINKER.downcallHandle(symbol, fd)).orElse(null);
    }

    /**
     * A function that does or orders work on the device (a copy, a memset, a sync, an event, an allocation, a
     * module, a launch no recorder took): bound through {@link DeviceWork}, so that launches the graph recorder
     * holds go out first. Every such binding goes through here, so no call can overtake a held launch.
     */
    private static MethodHandle work(String name, FunctionDescriptor fd, Linker.Option... options) {
        return DeviceWork.first(plain(name, fd, options));
    }

    static final MethodHandle CU_GET_ERROR_NAME = plain("cuGetErrorName", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS));
    static final MethodHandle CU_INIT = plain("cuInit", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
    static final MethodHandle CU_DRIVER_GET_VERSION = plain("cuDriverGetVersion", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    static final MethodHandle CU_DEVICE_GET_COUNT = plain("cuDeviceGetCount", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    static final MethodHandle CU_DEVICE_GET = plain("cuDeviceGet", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
    static final MethodHandle CU_DEVICE_GET_PCI_BUS_ID = plain("cuDeviceGetPCIBusId",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT));
    static final MethodHandle CU_DEVICE_GET_NAME = plain("cuDeviceGetName",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT));
    static final MethodHandle CU_DEVICE_GET_ATTRIBUTE = plain("cuDeviceGetAttribute",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT));
    static final MethodHandle CU_DEVICE_TOTAL_MEM = plain("cuDeviceTotalMem_v2",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
    static final MethodHandle CU_DEVICE_PRIMARY_CTX_RETAIN = plain("cuDevicePrimaryCtxRetain",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
    static final MethodHandle CU_DEVICE_PRIMARY_CTX_RELEASE = work("cuDevicePrimaryCtxRelease_v2",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT));
    static final MethodHandle CU_CTX_SET_CURRENT = plain("cuCtxSetCurrent", FunctionDescriptor.of(JAVA_INT, JAVA_LONG),
            Linker.Option.critical(false));
    static final MethodHandle CU_CTX_GET_CURRENT = plain("cuCtxGetCurrent", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    static final MethodHandle CU_CTX_SYNCHRONIZE = work("cuCtxSynchronize", FunctionDescriptor.of(JAVA_INT));
    static final MethodHandle CU_STREAM_SYNCHRONIZE = work("cuStreamSynchronize", FunctionDescriptor.of(JAVA_INT, JAVA_LONG));
    static final MethodHandle CU_STREAM_DESTROY = work("cuStreamDestroy_v2", FunctionDescriptor.of(JAVA_INT, JAVA_LONG));
    static final MethodHandle CU_STREAM_CREATE_WITH_PRIORITY = work("cuStreamCreateWithPriority",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT));
    static final MethodHandle CU_CTX_GET_STREAM_PRIORITY_RANGE = plain("cuCtxGetStreamPriorityRange",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    static final MethodHandle CU_STREAM_WAIT_EVENT = work("cuStreamWaitEvent",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT));
    static final MethodHandle CU_MEM_GET_INFO = plain("cuMemGetInfo_v2", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    static final MethodHandle CU_MEM_ALLOC = work("cuMemAlloc_v2", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG));
    static final MethodHandle CU_MEM_FREE = work("cuMemFree_v2", FunctionDescriptor.of(JAVA_INT, JAVA_LONG));
    static final MethodHandle CU_MEM_ALLOC_ASYNC = work("cuMemAllocAsync",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG));
    static final MethodHandle CU_MEM_FREE_ASYNC = work("cuMemFreeAsync", FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG));
    static final MethodHandle CU_CTX_GET_DEVICE = plain("cuCtxGetDevice", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    static final MethodHandle CU_DEVICE_GET_DEFAULT_MEM_POOL = plain("cuDeviceGetDefaultMemPool",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
    static final MethodHandle CU_MEM_POOL_SET_ATTRIBUTE = plain("cuMemPoolSetAttribute",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_INT, ADDRESS));
    static final MethodHandle CU_MEM_POOL_GET_ATTRIBUTE = plain("cuMemPoolGetAttribute",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_INT, ADDRESS));
    static final MethodHandle CU_MEM_POOL_TRIM_TO = work("cuMemPoolTrimTo", FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG));
    static final MethodHandle CU_MEMCPY_HTOD = work("cuMemcpyHtoD_v2",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS, JAVA_LONG));
    static final MethodHandle CU_MEMCPY_HTOD_ASYNC = work("cuMemcpyHtoDAsync_v2",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_LONG));
    static final MethodHandle CU_MEM_ALLOC_HOST = work("cuMemAllocHost_v2",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG));
    static final MethodHandle CU_MEM_FREE_HOST = work("cuMemFreeHost", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    static final MethodHandle CU_MEMCPY_DTOH = work("cuMemcpyDtoH_v2",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG));
    static final MethodHandle CU_MEMCPY_DTOH_ASYNC = work("cuMemcpyDtoHAsync_v2",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG, JAVA_LONG));
    static final MethodHandle CU_MEMCPY_DTOD = work("cuMemcpyDtoD_v2",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG));
    static final MethodHandle CU_MEMCPY_DTOD_ASYNC = work("cuMemcpyDtoDAsync_v2",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG));
    static final MethodHandle CU_MEMSET_D8 = work("cuMemsetD8_v2",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_BYTE, JAVA_LONG));
    static final MethodHandle CU_MEMSET_D32 = work("cuMemsetD32_v2",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_INT, JAVA_LONG));
    static final MethodHandle CU_MODULE_LOAD_DATA = work("cuModuleLoadData",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    static final MethodHandle CU_MODULE_UNLOAD = work("cuModuleUnload", FunctionDescriptor.of(JAVA_INT, JAVA_LONG));
    static final MethodHandle CU_MODULE_GET_FUNCTION = plain("cuModuleGetFunction",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS));
    static final MethodHandle CU_MODULE_GET_GLOBAL = plain("cuModuleGetGlobal_v2",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS));
    private static final FunctionDescriptor LAUNCH_KERNEL = FunctionDescriptor.of(JAVA_INT, JAVA_LONG,
            JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG, ADDRESS, ADDRESS);
    /** {@code cuLaunchKernel} for a launch no recorder took: held launches go out first. */
    static final MethodHandle CU_LAUNCH_KERNEL = work("cuLaunchKernel", LAUNCH_KERNEL);
    /** {@code cuLaunchKernel} for a launch its context's recorder took (or that belongs to a context without one). */
    static final MethodHandle CU_LAUNCH_KERNEL_IN_ORDER = plain("cuLaunchKernel", LAUNCH_KERNEL);
    static final MethodHandle CU_EVENT_CREATE = work("cuEventCreate", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
    static final MethodHandle CU_EVENT_RECORD = work("cuEventRecord", FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG),
            Linker.Option.critical(false));
    static final MethodHandle CU_EVENT_SYNCHRONIZE = work("cuEventSynchronize", FunctionDescriptor.of(JAVA_INT, JAVA_LONG));
    /**
     * {@code cuEventSynchronize} without the hook of {@link DeviceWork}: a wait for an event recorded already (which
     * sent the launches held before it), so that the launches held since stay held ({@link StreamCalls#awaitRecorded}).
     */
    static final MethodHandle CU_EVENT_SYNCHRONIZE_RECORDED = plain("cuEventSynchronize",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG));
    static final MethodHandle CU_EVENT_ELAPSED_TIME = work("cuEventElapsedTime_v2",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG));
    static final MethodHandle CU_EVENT_DESTROY = work("cuEventDestroy_v2", FunctionDescriptor.of(JAVA_INT, JAVA_LONG));
    static final MethodHandle CU_MODULE_GET_FUNCTION_COUNT = optional("cuModuleGetFunctionCount",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG));
    static final MethodHandle CU_MODULE_ENUMERATE_FUNCTIONS = optional("cuModuleEnumerateFunctions",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG));
    static final MethodHandle CU_FUNC_LOAD = optional("cuFuncLoad", FunctionDescriptor.of(JAVA_INT, JAVA_LONG));
    static final MethodHandle CU_FUNC_SET_ATTRIBUTE = plain("cuFuncSetAttribute",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_INT, JAVA_INT));
    /** {@code CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES}. */
    private static final int MAX_DYNAMIC_SHARED_SIZE_BYTES = 8;

    private Driver() {
    }

    /** The name of a driver error code. */
    static String errorName(int code) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment p = arena.allocate(ADDRESS);
            int r = (int) CU_GET_ERROR_NAME.invokeExact(code, p);
            if (r != 0) {
                return "CUDA error " + code;
            }
            return p.get(ADDRESS, 0).reinterpret(256).getString(0);
        } catch (Throwable t) {
            return "CUDA error " + code;
        }
    }

    private static final double GIB = 1024.0 * 1024 * 1024;
    /** {@code CUDA_ERROR_OUT_OF_MEMORY}. */
    public static final int OUT_OF_MEMORY = 2;

    /** Throws when {@code result} is not CUDA_SUCCESS. */
    static void check(int result, String function) {
        if (result != 0) {
            throw new CudaException(function, errorName(result), null);
        }
    }

    static RuntimeException rethrow(Throwable t, String function) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(function + ": " + t, t);
    }

    /** {@code cuInit(0)}. */
    public static void init() {
        try {
            check((int) CU_INIT.invokeExact(0), "cuInit");
        } catch (Throwable t) {
            throw rethrow(t, "cuInit");
        }
    }

    /** The driver's CUDA version, as 13000 for 13.0. */
    public static int driverVersion() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment v = arena.allocate(JAVA_INT);
            check((int) CU_DRIVER_GET_VERSION.invokeExact(v), "cuDriverGetVersion");
            return v.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw rethrow(t, "cuDriverGetVersion");
        }
    }

    /** The number of CUDA devices. */
    public static int deviceCount() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment n = arena.allocate(JAVA_INT);
            check((int) CU_DEVICE_GET_COUNT.invokeExact(n), "cuDeviceGetCount");
            return n.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw rethrow(t, "cuDeviceGetCount");
        }
    }

    public static int device(int ordinal) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment d = arena.allocate(JAVA_INT);
            check((int) CU_DEVICE_GET.invokeExact(d, ordinal), "cuDeviceGet");
            return d.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw rethrow(t, "cuDeviceGet");
        }
    }

    /**
     * {@return the PCI bus id of a device ({@code 0000:3b:00.0}): the same physical GPU whatever
     * {@code CUDA_VISIBLE_DEVICES} numbers it}
     *
     * @param device the device handle ({@link #device(int)})
     */
    public static String pciBusId(int device) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(64);
            check((int) CU_DEVICE_GET_PCI_BUS_ID.invokeExact(s, 64, device), "cuDeviceGetPCIBusId");
            return s.getString(0);
        } catch (Throwable t) {
            throw rethrow(t, "cuDeviceGetPCIBusId");
        }
    }

    public static String deviceName(int device) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(256);
            check((int) CU_DEVICE_GET_NAME.invokeExact(s, 256, device), "cuDeviceGetName");
            return s.getString(0);
        } catch (Throwable t) {
            throw rethrow(t, "cuDeviceGetName");
        }
    }

    public static int attribute(int device, int attribute) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment v = arena.allocate(JAVA_INT);
            check((int) CU_DEVICE_GET_ATTRIBUTE.invokeExact(v, attribute, device), "cuDeviceGetAttribute");
            return v.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw rethrow(t, "cuDeviceGetAttribute");
        }
    }

    public static long totalMemory(int device) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment v = arena.allocate(JAVA_LONG);
            check((int) CU_DEVICE_TOTAL_MEM.invokeExact(v, device), "cuDeviceTotalMem_v2");
            return v.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw rethrow(t, "cuDeviceTotalMem_v2");
        }
    }

    public static long retainPrimaryContext(int device) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment c = arena.allocate(JAVA_LONG);
            check((int) CU_DEVICE_PRIMARY_CTX_RETAIN.invokeExact(c, device), "cuDevicePrimaryCtxRetain");
            return c.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw rethrow(t, "cuDevicePrimaryCtxRetain");
        }
    }

    public static void releasePrimaryContext(int device) {
        try {
            check((int) CU_DEVICE_PRIMARY_CTX_RELEASE.invokeExact(device), "cuDevicePrimaryCtxRelease_v2");
        } catch (Throwable t) {
            throw rethrow(t, "cuDevicePrimaryCtxRelease_v2");
        }
    }

    public static void setCurrent(long context) {
        try {
            check((int) CU_CTX_SET_CURRENT.invokeExact(context), "cuCtxSetCurrent");
        } catch (Throwable t) {
            throw rethrow(t, "cuCtxSetCurrent");
        }
    }

    /** The context current on the calling thread, or 0 when there is none. */
    public static long currentContext() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment c = arena.allocate(JAVA_LONG);
            check((int) CU_CTX_GET_CURRENT.invokeExact(c), "cuCtxGetCurrent");
            return c.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw rethrow(t, "cuCtxGetCurrent");
        }
    }

    /** Waits for all the device work of the current context, every stream's, whatever the stream mode. */
    public static void synchronizeContext() {
        try {
            check((int) CU_CTX_SYNCHRONIZE.invokeExact(), "cuCtxSynchronize");
        } catch (Throwable t) {
            throw rethrow(t, "cuCtxSynchronize");
        }
    }

    /**
     * Waits for the device work issued so far: all of the context's, or with per-thread streams
     * ({@link Streams#PER_THREAD}) the calling thread's, so that simulations of other threads go on meanwhile.
     */
    public static void synchronize() {
        if (Streams.PER_THREAD) {
            StreamCalls.synchronizeStream(0L); // the calling thread's default stream
            return;
        }
        synchronizeContext();
    }

    /** Free and total device memory of the current context's device. */
    public static long[] memoryInfo() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment free = arena.allocate(JAVA_LONG);
            MemorySegment total = arena.allocate(JAVA_LONG);
            check((int) CU_MEM_GET_INFO.invokeExact(free, total), "cuMemGetInfo_v2");
            return new long[] {free.get(JAVA_LONG, 0), total.get(JAVA_LONG, 0)};
        } catch (Throwable t) {
            throw rethrow(t, "cuMemGetInfo_v2");
        }
    }

    /**
     * {@code cuMemAlloc_v2} of {@code bytes} bytes (at least one); 0 on {@code CUDA_ERROR_OUT_OF_MEMORY}, for a caller
     * that frees memory and tries again before it reports {@link #outOfMemory}.
     */
    public static long tryMalloc(long bytes) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment p = arena.allocate(JAVA_LONG);
            int r = (int) CU_MEM_ALLOC.invokeExact(p, Math.max(bytes, 1L));
            if (r == OUT_OF_MEMORY) {
                return 0L;
            }
            check(r, "cuMemAlloc_v2");
            return p.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw rethrow(t, "cuMemAlloc_v2");
        }
    }

    /** {@code CUDA_ERROR_OUT_OF_MEMORY} from {@code function}: how much was asked for and how much is left. */
    public static CudaException outOfMemory(String function, int code, long bytes) {
        long[] info = memoryInfo();
        return new CudaException(function, errorName(code), String.format(Locale.ROOT,
                "%.2f GiB asked for, %.2f GiB free of %.2f GiB; use a smaller model or more devices",
                bytes / GIB, info[0] / GIB, info[1] / GIB));
    }

    public static void free(long pointer) {
        try {
            check((int) CU_MEM_FREE.invokeExact(pointer), "cuMemFree_v2");
        } catch (Throwable t) {
            throw rethrow(t, "cuMemFree_v2");
        }
    }

    /**
     * {@return the copies into device memory ({@code cuMemcpyHtoD}, {@code cuMemcpyDtoD}, synchronous or not) and the
     * memsets issued so far in this process, by any thread} Device memory that kernels do not write is as it was while
     * this number stays the same.
     */
    public static long deviceWrites() {
        return WRITES.get();
    }

    public static void copyToDevice(long dst, MemorySegment src, long bytes) {
        WRITES.incrementAndGet();
        try {
            check((int) CU_MEMCPY_HTOD.invokeExact(dst, src, bytes), "cuMemcpyHtoD_v2");
        } catch (Throwable t) {
            throw rethrow(t, "cuMemcpyHtoD_v2");
        }
    }

    /**
     * Queues a copy of {@code bytes} bytes from page-locked host memory ({@link #allocateHost}) to the device on the
     * stream kernels run on, without waiting: the source must stay unchanged until the device has done it.
     */
    public static void copyToDeviceAsync(long dst, MemorySegment pinnedSrc, long bytes) {
        WRITES.incrementAndGet();
        try {
            check((int) CU_MEMCPY_HTOD_ASYNC.invokeExact(dst, pinnedSrc, bytes, 0L), "cuMemcpyHtoDAsync_v2");
        } catch (Throwable t) {
            throw rethrow(t, "cuMemcpyHtoDAsync_v2");
        }
    }

    /** Page-locked host memory of {@code bytes} bytes, for copies that do not wait ({@link #freeHost}). */
    public static MemorySegment allocateHost(long bytes) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment pp = arena.allocate(ADDRESS);
            check((int) CU_MEM_ALLOC_HOST.invokeExact(pp, bytes), "cuMemAllocHost_v2");
            return pp.get(ADDRESS, 0).reinterpret(bytes);
        } catch (Throwable t) {
            throw rethrow(t, "cuMemAllocHost_v2");
        }
    }

    public static void freeHost(MemorySegment pinned) {
        try {
            check((int) CU_MEM_FREE_HOST.invokeExact(pinned), "cuMemFreeHost");
        } catch (Throwable t) {
            throw rethrow(t, "cuMemFreeHost");
        }
    }

    public static void copyToHost(MemorySegment dst, long src, long bytes) {
        try {
            check((int) CU_MEMCPY_DTOH.invokeExact(dst, src, bytes), "cuMemcpyDtoH_v2");
        } catch (Throwable t) {
            throw rethrow(t, "cuMemcpyDtoH_v2");
        }
    }

    /**
     * Queues a copy of {@code bytes} bytes from the device into page-locked host memory ({@link #allocateHost}) on the
     * stream kernels run on, without waiting: {@code pinnedDst} holds them once the device has done it (an event
     * recorded after it, {@link StreamCalls#synchronizeEvent}).
     */
    public static void copyToHostAsync(MemorySegment pinnedDst, long src, long bytes) {
        try {
            check((int) CU_MEMCPY_DTOH_ASYNC.invokeExact(pinnedDst, src, bytes, 0L), "cuMemcpyDtoHAsync_v2");
        } catch (Throwable t) {
            throw rethrow(t, "cuMemcpyDtoHAsync_v2");
        }
    }

    public static void copyOnDevice(long dst, long src, long bytes) {
        WRITES.incrementAndGet();
        try {
            check((int) CU_MEMCPY_DTOD.invokeExact(dst, src, bytes), "cuMemcpyDtoD_v2");
        } catch (Throwable t) {
            throw rethrow(t, "cuMemcpyDtoD_v2");
        }
    }

    /** Enqueues a device-to-device copy on {@code stream} of the current context. */
    public static void copyOnDeviceAsync(long dst, long src, long bytes, long stream) {
        WRITES.incrementAndGet();
        try {
            check((int) CU_MEMCPY_DTOD_ASYNC.invokeExact(dst, src, bytes, stream), "cuMemcpyDtoDAsync_v2");
        } catch (Throwable t) {
            throw rethrow(t, "cuMemcpyDtoDAsync_v2");
        }
    }

    public static void memset8(long dst, byte value, long count) {
        WRITES.incrementAndGet();
        try {
            check((int) CU_MEMSET_D8.invokeExact(dst, value, count), "cuMemsetD8_v2");
        } catch (Throwable t) {
            throw rethrow(t, "cuMemsetD8_v2");
        }
    }

    public static void memset32(long dst, int value, long count) {
        WRITES.incrementAndGet();
        try {
            check((int) CU_MEMSET_D32.invokeExact(dst, value, count), "cuMemsetD32_v2");
        } catch (Throwable t) {
            throw rethrow(t, "cuMemsetD32_v2");
        }
    }

    public static long loadModule(MemorySegment image) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment m = arena.allocate(JAVA_LONG);
            check((int) CU_MODULE_LOAD_DATA.invokeExact(m, image), "cuModuleLoadData");
            return m.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw rethrow(t, "cuModuleLoadData");
        }
    }

    /**
     * Loads every kernel of a module onto the device now. Since CUDA 12.2 the driver loads a kernel lazily, at its
     * first launch, so the first step or {@code manageAll} of a simulation would pay for loading its kernels;
     * here the module load (part of creating a collection) pays. Drivers without {@code cuFuncLoad} (before 12.4)
     * keep loading lazily.
     */
    public static void loadFunctions(long module) {
        if (CU_MODULE_GET_FUNCTION_COUNT == null || CU_MODULE_ENUMERATE_FUNCTIONS == null || CU_FUNC_LOAD == null) {
            return;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment n = arena.allocate(JAVA_INT);
            check((int) CU_MODULE_GET_FUNCTION_COUNT.invokeExact(n, module), "cuModuleGetFunctionCount");
            int count = n.get(JAVA_INT, 0);
            if (count == 0) {
                return;
            }
            MemorySegment functions = arena.allocate(JAVA_LONG, count);
            check((int) CU_MODULE_ENUMERATE_FUNCTIONS.invokeExact(functions, count, module), "cuModuleEnumerateFunctions");
            for (int i = 0; i < count; i++) {
                check((int) CU_FUNC_LOAD.invokeExact(functions.getAtIndex(JAVA_LONG, i)), "cuFuncLoad");
            }
        } catch (Throwable t) {
            throw rethrow(t, "cuFuncLoad");
        }
    }

    public static void unloadModule(long module) {
        try {
            check((int) CU_MODULE_UNLOAD.invokeExact(module), "cuModuleUnload");
        } catch (Throwable t) {
            throw rethrow(t, "cuModuleUnload");
        }
    }

    public static long function(long module, String name) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment f = arena.allocate(JAVA_LONG);
            check((int) CU_MODULE_GET_FUNCTION.invokeExact(f, module, arena.allocateFrom(name)), "cuModuleGetFunction");
            return f.get(JAVA_LONG, 0);
        } catch (CudaException e) {
            throw new CudaException("cuModuleGetFunction", e.error(), "kernel " + name);
        } catch (Throwable t) {
            throw rethrow(t, "cuModuleGetFunction");
        }
    }

    /** The device address and size of a global ({@code __constant__}) symbol. */
    public static long[] global(long module, String name) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment p = arena.allocate(JAVA_LONG);
            MemorySegment n = arena.allocate(JAVA_LONG);
            check((int) CU_MODULE_GET_GLOBAL.invokeExact(p, n, module, arena.allocateFrom(name)),
                    "cuModuleGetGlobal_v2");
            return new long[] {p.get(JAVA_LONG, 0), n.get(JAVA_LONG, 0)};
        } catch (CudaException e) {
            throw new CudaException("cuModuleGetGlobal_v2", e.error(), "symbol " + name);
        } catch (Throwable t) {
            throw rethrow(t, "cuModuleGetGlobal_v2");
        }
    }

    /**
     * Launches a kernel that no {@code LaunchRecorder} took (benchmarks, tools): like any other device work, it
     * lets held launches go out first. The stores launch through {@code CudaContext.launch} instead.
     */
    public static void launch(long function, int gx, int gy, int gz, int bx, int by, int bz, int shared, long stream,
            MemorySegment params, String name) {
        launch(CU_LAUNCH_KERNEL, function, gx, gy, gz, bx, by, bz, shared, stream, params, name);
    }

    /**
     * Launches a kernel that its context's {@code LaunchRecorder} took and wants launched now, or that belongs to a
     * context whose recorder is off: in the order the recorder keeps, without interrupting it.
     */
    public static void launchInOrder(long function, int gx, int gy, int gz, int bx, int by, int bz, int shared,
            long stream, MemorySegment params, String name) {
        launch(CU_LAUNCH_KERNEL_IN_ORDER, function, gx, gy, gz, bx, by, bz, shared, stream, params, name);
    }

    /** Lets {@code function} be launched with up to {@code bytes} of dynamic shared memory (above the default 48 KiB). */
    public static void allowDynamicShared(long function, int bytes) {
        try {
            check((int) CU_FUNC_SET_ATTRIBUTE.invokeExact(function, MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes),
                    "cuFuncSetAttribute");
        } catch (Throwable t) {
            throw rethrow(t, "cuFuncSetAttribute");
        }
    }

    /** {@code cuLaunchKernel} through {@code binding} (ordered with held launches or not). */
    private static void launch(MethodHandle binding, long function, int gx, int gy, int gz, int bx, int by, int bz,
            int shared, long stream, MemorySegment params, String name) {
        int r;
        try {
            r = (int) binding.invokeExact(function, gx, gy, gz, bx, by, bz, shared, stream, params, MemorySegment.NULL);
        } catch (Throwable t) {
            throw rethrow(t, "cuLaunchKernel");
        }
        if (r != 0) {
            throw new CudaException("cuLaunchKernel", errorName(r), "kernel " + name);
        }
    }
}
