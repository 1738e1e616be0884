package org.colony.cuda.internal.device;

import java.util.concurrent.ConcurrentHashMap;
import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.bind.PoolCalls;

/**
 * The device's stream-ordered memory pool ({@code cuMemAllocAsync}, through {@link PoolCalls}): allocations that come
 * and go with a population take memory the pool holds without a driver round trip, and give it back without a wait
 * for the whole device. The pool keeps what is freed into it; {@link #spare} counts that memory for estimates, and
 * {@link #trim} gives it back to the device when an allocation finds the device full: both kinds of allocation here
 * ({@link #allocate}, {@link #allocateOutside}) try once more after that before they report the device full.
 */
public final class MemoryPool {

    /** Per device ordinal: whether pools are supported (asked once). */
    private static final ConcurrentHashMap<Integer, Boolean> POOLS = new ConcurrentHashMap<>();

    private MemoryPool() {
    }

    /**
     * Allocates from the current device's default memory pool in the order of the legacy stream
     * ({@code cuMemAllocAsync}): memory the pool holds is handed out without a driver round trip or a device-wide
     * wait. On {@code CUDA_ERROR_OUT_OF_MEMORY} the pools give back what they hold and the allocation is tried once
     * more before the error is reported as {@link #allocateOutside} reports it.
     */
    public static long allocate(long bytes) {
        long p = PoolCalls.tryAllocate(bytes);
        if (p == 0) {
            trim();
            p = PoolCalls.tryAllocate(bytes);
        }
        if (p == 0) {
            throw Driver.outOfMemory("cuMemAllocAsync", Driver.OUT_OF_MEMORY, bytes);
        }
        return p;
    }

    /**
     * Allocates device memory outside the pool ({@code cuMemAlloc_v2}). On {@code CUDA_ERROR_OUT_OF_MEMORY} the pool
     * may hold memory freed into it: it gives that back and the allocation is tried once more before the error is
     * reported, with how much was asked for and how much is left.
     */
    public static long allocateOutside(long bytes) {
        long p = Driver.tryMalloc(bytes);
        if (p == 0) {
            trim();
            p = Driver.tryMalloc(bytes);
        }
        if (p == 0) {
            throw Driver.outOfMemory("cuMemAlloc_v2", Driver.OUT_OF_MEMORY, bytes);
        }
        return p;
    }

    /** Returns memory of {@link #allocate} to its pool once the legacy stream reaches this point; no wait. */
    public static void free(long pointer) {
        PoolCalls.free(pointer);
    }

    /** Whether the current context's device supports stream-ordered allocation ({@link #allocate}). */
    public static boolean supported() {
        return POOLS.computeIfAbsent(PoolCalls.currentDevice(), PoolCalls::supported);
    }

    /**
     * Lets the current device's default pool keep the memory freed into it (by default a pool gives everything
     * back at the next synchronization, and the next allocation maps it again).
     */
    public static void keepFreedMemory() {
        if (!supported()) {
            return;
        }
        PoolCalls.keepFreedMemory();
    }

    /**
     * Bytes the current device's default pool holds but no allocation uses: free for the next pooled allocation,
     * and given back to the device ({@link #trim}) when a plain allocation needs them.
     */
    public static long spare() {
        if (!supported()) {
            return 0L;
        }
        return PoolCalls.spare();
    }

    /** Waits for the device, then gives the memory its default pool holds unused back to the device. */
    public static void trim() {
        if (!supported()) {
            return;
        }
        PoolCalls.trim();
    }
}
