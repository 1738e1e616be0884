package org.colony.cuda.internal.bind;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The driver's stream-ordered memory pool functions ({@code cuMemAllocAsync}, {@code cuMemFreeAsync}, the default
 * pool's attributes and trim), bound like {@link Driver}'s and checked by its helper; the pool's policy (when to
 * use it, what to do when the device is full) lives one floor up.
 */
public final class PoolCalls {

    /** {@code CU_MEMPOOL_ATTR_RELEASE_THRESHOLD}: bytes a pool keeps when the device synchronizes. */
    private static final int MEMPOOL_ATTR_RELEASE_THRESHOLD = 4;
    /** {@code CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT} and {@code CU_MEMPOOL_ATTR_USED_MEM_CURRENT}. */
    private static final int MEMPOOL_ATTR_RESERVED_MEM_CURRENT = 5;
    private static final int MEMPOOL_ATTR_USED_MEM_CURRENT = 7;
    /** {@code CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED}. */
    private static final int ATTRIBUTE_MEMORY_POOLS_SUPPORTED = 115;

    private PoolCalls() {
    }

    /**
     * Allocates from the current device's default memory pool in the order of the legacy stream
     * ({@code cuMemAllocAsync}); 0 on {@code CUDA_ERROR_OUT_OF_MEMORY}, for a caller that frees memory and tries
     * again before it reports {@link Driver#outOfMemory}.
     */
    public static long tryAllocate(long bytes) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment p = arena.allocate(JAVA_LONG);
            int r = (int) Driver.CU_MEM_ALLOC_ASYNC.invokeExact(p, Math.max(bytes, 1L), 0L);
            if (r == Driver.OUT_OF_MEMORY) {
                return 0L;
            }
            Driver.check(r, "cuMemAllocAsync");
            return p.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuMemAllocAsync");
        }
    }

    /** Returns memory of {@link #tryAllocate} to its pool once the legacy stream reaches this point; no wait. */
    public static void free(long pointer) {
        try {
            Driver.check((int) Driver.CU_MEM_FREE_ASYNC.invokeExact(pointer, 0L), "cuMemFreeAsync");
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuMemFreeAsync");
        }
    }

    /** Whether device {@code device} supports stream-ordered allocation. */
    public static boolean supported(int device) {
        return Driver.attribute(device, ATTRIBUTE_MEMORY_POOLS_SUPPORTED) != 0;
    }

    /** The current context's device. */
    public static int currentDevice() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment d = arena.allocate(JAVA_INT);
            Driver.check((int) Driver.CU_CTX_GET_DEVICE.invokeExact(d), "cuCtxGetDevice");
            return d.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuCtxGetDevice");
        }
    }

    /** The current context's device's default memory pool. */
    private static long defaultPool() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment pool = arena.allocate(JAVA_LONG);
            Driver.check((int) Driver.CU_DEVICE_GET_DEFAULT_MEM_POOL.invokeExact(pool, currentDevice()),
                    "cuDeviceGetDefaultMemPool");
            return pool.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuDeviceGetDefaultMemPool");
        }
    }

    /**
     * Lets the current device's default pool keep the memory freed into it (by default a pool gives everything
     * back at the next synchronization, and the next allocation maps it again).
     */
    public static void keepFreedMemory() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment v = arena.allocate(JAVA_LONG);
            v.set(JAVA_LONG, 0, -1L); // UINT64_MAX
            Driver.check((int) Driver.CU_MEM_POOL_SET_ATTRIBUTE.invokeExact(defaultPool(),
                    MEMPOOL_ATTR_RELEASE_THRESHOLD, v), "cuMemPoolSetAttribute");
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuMemPoolSetAttribute");
        }
    }

    /** Bytes the current device's default pool holds but no allocation uses. */
    public static long spare() {
        try (Arena arena = Arena.ofConfined()) {
            long pool = defaultPool();
            MemorySegment v = arena.allocate(JAVA_LONG);
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
    public static void trim() {
        try {
            Driver.synchronize();
            Driver.check((int) Driver.CU_MEM_POOL_TRIM_TO.invokeExact(defaultPool(), 0L), "cuMemPoolTrimTo");
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuMemPoolTrimTo");
        }
    }
}
