package org.colony.cuda.internal;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The device's stream-ordered memory pool ({@code cuMemAllocAsync}), through {@link Driver}'s bindings: allocations
 * that come and go with a population take memory the pool holds without a driver round trip, and give it back
 * without a wait for the whole device. The pool keeps what is freed into it; {@link #spare} counts that memory for
 * estimates, and {@link #trim} gives it back to the device when a plain allocation needs it.
 */
final class MemoryPool {

    private MemoryPool() {
    }

    /** {@code CU_MEMPOOL_ATTR_RELEASE_THRESHOLD}: bytes a pool keeps when the device synchronizes. */
    private static final int MEMPOOL_ATTR_RELEASE_THRESHOLD = 4;

    /**
     * Allocates from the current device's default memory pool in the order of the legacy stream
     * ({@code cuMemAllocAsync}): memory the pool holds is handed out without a driver round trip or a device-wide
     * wait. On {@code CUDA_ERROR_OUT_OF_MEMORY} the pools give back what they hold and the allocation is tried once
     * more before the error is reported as {@link Driver#malloc} reports it.
     */
    static long allocate(long bytes) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(JAVA_LONG);
            int r = (int) Driver.CU_MEM_ALLOC_ASYNC.invokeExact(p, Math.max(bytes, 1L), 0L);
            if (r == 2) {
                trim();
                r = (int) Driver.CU_MEM_ALLOC_ASYNC.invokeExact(p, Math.max(bytes, 1L), 0L);
            }
            if (r == 2) {
                throw Driver.outOfMemory("cuMemAllocAsync", r, bytes);
            }
            Driver.check(r, "cuMemAllocAsync");
            return p.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuMemAllocAsync");
        }
    }

    /** Returns memory of {@link #allocate} to its pool once the legacy stream reaches this point; no wait. */
    static void free(long pointer) {
        try {
            Driver.check((int) Driver.CU_MEM_FREE_ASYNC.invokeExact(pointer, 0L), "cuMemFreeAsync");
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuMemFreeAsync");
        }
    }

    /** {@code CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED}. */
    private static final int ATTRIBUTE_MEMORY_POOLS_SUPPORTED = 115;
    /** Per device ordinal: 0 not asked yet, 1 pools supported, -1 not. */
    private static final java.util.concurrent.ConcurrentHashMap<Integer, Boolean> POOLS =
            new java.util.concurrent.ConcurrentHashMap<>();

    /** Whether the current context's device supports stream-ordered allocation ({@link #allocate}). */
    static boolean supported() {
        return POOLS.computeIfAbsent(currentDevice(), d -> Driver.attribute(d, ATTRIBUTE_MEMORY_POOLS_SUPPORTED) != 0);
    }

    private static int currentDevice() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment d = a.allocate(JAVA_INT);
            Driver.check((int) Driver.CU_CTX_GET_DEVICE.invokeExact(d), "cuCtxGetDevice");
            return d.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuCtxGetDevice");
        }
    }

    /** The current context's device's default memory pool. */
    private static long defaultPool() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment pool = a.allocate(JAVA_LONG);
            Driver.check((int) Driver.CU_DEVICE_GET_DEFAULT_MEM_POOL.invokeExact(pool, currentDevice()), "cuDeviceGetDefaultMemPool");
            return pool.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuDeviceGetDefaultMemPool");
        }
    }

    /**
     * Lets the current device's default pool keep the memory freed into it (by default a pool gives everything
     * back at the next synchronization, and the next allocation maps it again).
     */
    static void keepFreedMemory() {
        if (!supported()) {
            return;
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment v = a.allocate(JAVA_LONG);
            v.set(JAVA_LONG, 0, -1L); // UINT64_MAX
            Driver.check((int) Driver.CU_MEM_POOL_SET_ATTRIBUTE.invokeExact(defaultPool(), MEMPOOL_ATTR_RELEASE_THRESHOLD, v),
                    "cuMemPoolSetAttribute");
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuMemPoolSetAttribute");
        }
    }

    /** {@code CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT} and {@code CU_MEMPOOL_ATTR_USED_MEM_CURRENT}. */
    private static final int MEMPOOL_ATTR_RESERVED_MEM_CURRENT = 5;
    private static final int MEMPOOL_ATTR_USED_MEM_CURRENT = 7;

    /**
     * Bytes the current device's default pool holds but no allocation uses: free for the next pooled allocation,
     * and given back to the device ({@link #trim}) when a plain allocation needs them.
     */
    static long spare() {
        if (!supported()) {
            return 0L;
        }
        try (Arena a = Arena.ofConfined()) {
            long pool = defaultPool();
            MemorySegment v = a.allocate(JAVA_LONG);
            Driver.check((int) Driver.CU_MEM_POOL_GET_ATTRIBUTE.invokeExact(pool, MEMPOOL_ATTR_RESERVED_MEM_CURRENT, v),
                    "cuMemPoolGetAttribute");
            long reserved = v.get(JAVA_LONG, 0);
            Driver.check((int) Driver.CU_MEM_POOL_GET_ATTRIBUTE.invokeExact(pool, MEMPOOL_ATTR_USED_MEM_CURRENT, v),
                    "cuMemPoolGetAttribute");
            return Math.max(0L, reserved - v.get(JAVA_LONG, 0));
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuMemPoolGetAttribute");
        }
    }

    /** Waits for the device, then gives the memory its default pool holds unused back to the device. */
    static void trim() {
        if (!supported()) {
            return;
        }
        try {
            Driver.synchronize();
            Driver.check((int) Driver.CU_MEM_POOL_TRIM_TO.invokeExact(defaultPool(), 0L), "cuMemPoolTrimTo");
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuMemPoolTrimTo");
        }
    }

}
