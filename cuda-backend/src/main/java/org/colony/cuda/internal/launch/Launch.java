package org.colony.cuda.internal.launch;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * One kernel launch as a {@link LaunchRecorder} keeps it: the kernel, its grid and block, and a copy of its
 * parameter values (the frame when the kernel takes one, then one 8-byte slot per parameter, as
 * {@link KernelParams} lays them out), so that it can be launched later or become a node of a CUDA graph.
 */
public final class Launch {

    private static final int SLOT = 8;

    private final long function;
    private final int gridX;
    private final int gridY;
    private final int gridZ;
    private final int blockX;
    private final int blockY;
    private final int blockZ;
    private final int sharedBytes;
    private final int frameBytes;
    private final byte[] params;
    private final String name;
    /** The partition whose own work this is, -1 for work that orders with every partition's ({@link #lane()}). */
    private final int lane;

    /** A launch that orders with every partition's work ({@link #lane()} -1). */
    public Launch(long function, int gridX, int gridY, int gridZ, int blockX, int blockY, int blockZ, int sharedBytes,
            int frameBytes, byte[] params, String name) {
        this(function, gridX, gridY, gridZ, blockX, blockY, blockZ, sharedBytes, frameBytes, params, name, -1);
    }

    /**
     * @param function the kernel ({@code CUfunction})
     * @param frameBytes the size of the frame at the start of {@code params}, 0 when the kernel takes none
     * @param params the parameter values: the frame, then 8-byte slots (kept, not copied)
     * @param name the kernel's name, for messages
     * @param lane the partition of a GPU whose own memory alone the kernel touches, or -1 ({@link #lane()})
     */
    public Launch(long function, int gridX, int gridY, int gridZ, int blockX, int blockY, int blockZ, int sharedBytes,
            int frameBytes, byte[] params, String name, int lane) {
        if (frameBytes < 0 || (params.length - frameBytes) % SLOT != 0) {
            throw new IllegalArgumentException("frameBytes=" + frameBytes + " params=" + params.length
                    + ": the parameters are a frame and 8-byte slots");
        }
        this.function = function;
        this.gridX = gridX;
        this.gridY = gridY;
        this.gridZ = gridZ;
        this.blockX = blockX;
        this.blockY = blockY;
        this.blockZ = blockZ;
        this.sharedBytes = sharedBytes;
        this.frameBytes = frameBytes;
        this.params = params;
        this.name = name;
        this.lane = Math.max(-1, lane);
    }

    /** Whether {@code o}'s parameter values are the same bytes as these. */
    public boolean sameParams(Launch o) {
        return Arrays.equals(params, o.params);
    }

    /** The most bytes {@link #pointers} takes: the values and the array of their addresses, each aligned. */
    long scratchBytes() {
        int slots = (params.length - frameBytes) / SLOT + (frameBytes > 0 ? 1 : 0);
        return Math.max(1, params.length) + 16 + (long) SLOT * Math.max(1, slots) + SLOT;
    }

    /** Whether {@code values} are the same bytes as these parameter values. */
    boolean hasParams(byte[] values) {
        return Arrays.equals(params, values);
    }

    /** The parameter values (not a copy: do not change them). */
    byte[] params() {
        return params;
    }

    /**
     * The array of parameter addresses that {@code cuLaunchKernel} and kernel nodes read, over a copy of the
     * values made by {@code allocator} (the driver copies the values when it takes the array).
     */
    MemorySegment pointers(SegmentAllocator arena) {
        int slots = (params.length - frameBytes) / SLOT;
        int first = frameBytes > 0 ? 1 : 0;
        MemorySegment values = arena.allocate(Math.max(1, params.length), 16);
        MemorySegment.copy(params, 0, values, ValueLayout.JAVA_BYTE, 0, params.length);
        MemorySegment pointers = arena.allocate(ValueLayout.ADDRESS, Math.max(1, first + slots));
        if (first == 1) {
            pointers.setAtIndex(ValueLayout.ADDRESS, 0, values.asSlice(0, frameBytes));
        }
        for (int i = 0; i < slots; i++) {
            pointers.setAtIndex(ValueLayout.ADDRESS, first + i, values.asSlice(frameBytes + (long) SLOT * i, SLOT));
        }
        return pointers;
    }

    /** The kernel. */
    public long function() {
        return function;
    }

    /** Grid width in blocks. */
    public int gridX() {
        return gridX;
    }

    /** Grid height in blocks. */
    public int gridY() {
        return gridY;
    }

    /** Grid depth in blocks. */
    public int gridZ() {
        return gridZ;
    }

    /** Threads per block along x. */
    public int blockX() {
        return blockX;
    }

    /** Threads per block along y. */
    public int blockY() {
        return blockY;
    }

    /** Threads per block along z. */
    public int blockZ() {
        return blockZ;
    }

    /** Dynamic shared memory per block, in bytes. */
    public int sharedBytes() {
        return sharedBytes;
    }

    /** The size of the frame at the start of the parameters, 0 when the kernel takes none. */
    int frameBytes() {
        return frameBytes;
    }

    /**
     * The partition of the GPU whose own memory alone this kernel reads and writes (its agents' columns and scratch,
     * its places), which a graph may run beside other partitions' kernels, after the launch of the same partition
     * before it; -1 for a kernel that may touch any partition's memory (a transport's copy), which runs after every
     * launch before it and before every launch after it ({@code Branches}).
     */
    public int lane() {
        return lane;
    }

    /** The kernel's name. */
    public String name() {
        return name;
    }

    @Override
    public String toString() {
        return name + " <<<(" + gridX + "," + gridY + "," + gridZ + "), (" + blockX + "," + blockY + "," + blockZ
                + ")>>>";
    }
}
