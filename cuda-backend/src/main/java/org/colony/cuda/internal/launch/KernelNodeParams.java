package org.colony.cuda.internal.launch;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;

/**
 * {@code CUDA_KERNEL_NODE_PARAMS_v2} of {@code cuda.h} (CUDA 12 and 13; {@code CUDA_KERNEL_NODE_PARAMS} is this
 * version), the argument of {@code cuGraphAddKernelNode_v2} and {@code cuGraphExecKernelNodeSetParams_v2}:
 *
 * <pre>{@code
 * CUfunction func; unsigned int gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ, sharedMemBytes;
 * void **kernelParams; void **extra; CUkernel kern; CUcontext ctx;
 * }</pre>
 *
 * 72 bytes on a 64-bit host. {@code kern} is read only when {@code func} is null and {@code ctx} is ignored when
 * {@code func} is set, so both stay null.
 */
final class KernelNodeParams {

    /** The struct, with the 4 bytes of padding the C compiler puts before {@code kernelParams}. */
    static final StructLayout LAYOUT = MemoryLayout.structLayout(
            ValueLayout.JAVA_LONG.withName("func"),
            ValueLayout.JAVA_INT.withName("gridDimX"),
            ValueLayout.JAVA_INT.withName("gridDimY"),
            ValueLayout.JAVA_INT.withName("gridDimZ"),
            ValueLayout.JAVA_INT.withName("blockDimX"),
            ValueLayout.JAVA_INT.withName("blockDimY"),
            ValueLayout.JAVA_INT.withName("blockDimZ"),
            ValueLayout.JAVA_INT.withName("sharedMemBytes"),
            MemoryLayout.paddingLayout(4),
            ValueLayout.ADDRESS.withName("kernelParams"),
            ValueLayout.ADDRESS.withName("extra"),
            ValueLayout.JAVA_LONG.withName("kern"),
            ValueLayout.JAVA_LONG.withName("ctx"));

    private static final long FUNC = offset("func");
    private static final long GRID_X = offset("gridDimX");
    private static final long GRID_Y = offset("gridDimY");
    private static final long GRID_Z = offset("gridDimZ");
    private static final long BLOCK_X = offset("blockDimX");
    private static final long BLOCK_Y = offset("blockDimY");
    private static final long BLOCK_Z = offset("blockDimZ");
    private static final long SHARED = offset("sharedMemBytes");
    private static final long KERNEL_PARAMS = offset("kernelParams");

    private KernelNodeParams() {
    }

    static long offset(String field) {
        return LAYOUT.byteOffset(groupElement(field));
    }

    /**
     * The node parameters of {@code launch}, with its parameter values copied into memory of {@code arena} (which need
     * not be zeroed).
     */
    static MemorySegment of(SegmentAllocator arena, Launch launch) {
        MemorySegment node = arena.allocate(LAYOUT).fill((byte) 0); // extra, kern and ctx stay null
        node.set(ValueLayout.JAVA_LONG, FUNC, launch.function());
        node.set(ValueLayout.JAVA_INT, GRID_X, launch.gridX());
        node.set(ValueLayout.JAVA_INT, GRID_Y, launch.gridY());
        node.set(ValueLayout.JAVA_INT, GRID_Z, launch.gridZ());
        node.set(ValueLayout.JAVA_INT, BLOCK_X, launch.blockX());
        node.set(ValueLayout.JAVA_INT, BLOCK_Y, launch.blockY());
        node.set(ValueLayout.JAVA_INT, BLOCK_Z, launch.blockZ());
        node.set(ValueLayout.JAVA_INT, SHARED, launch.sharedBytes());
        node.set(ValueLayout.ADDRESS, KERNEL_PARAMS, launch.pointers(arena));
        return node;
    }
}
