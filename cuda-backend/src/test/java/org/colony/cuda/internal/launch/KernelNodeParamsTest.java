package org.colony.cuda.internal.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;

/** The kernel node parameters have the layout of CUDA_KERNEL_NODE_PARAMS_v2 in the CUDA 12 and 13 headers. */
@SuppressWarnings("restricted") // reads the native pointers the struct holds
class KernelNodeParamsTest {

    @Test
    void layout_matchesTheCudaHeader() {
        // func 8, six unsigned dims and sharedMemBytes, padding to 8, kernelParams, extra, kern, ctx: 72 bytes.
        assertEquals(0, KernelNodeParams.offset("func"));
        assertEquals(8, KernelNodeParams.offset("gridDimX"));
        assertEquals(12, KernelNodeParams.offset("gridDimY"));
        assertEquals(16, KernelNodeParams.offset("gridDimZ"));
        assertEquals(20, KernelNodeParams.offset("blockDimX"));
        assertEquals(24, KernelNodeParams.offset("blockDimY"));
        assertEquals(28, KernelNodeParams.offset("blockDimZ"));
        assertEquals(32, KernelNodeParams.offset("sharedMemBytes"));
        assertEquals(40, KernelNodeParams.offset("kernelParams"));
        assertEquals(48, KernelNodeParams.offset("extra"));
        assertEquals(56, KernelNodeParams.offset("kern"));
        assertEquals(64, KernelNodeParams.offset("ctx"));
        assertEquals(72, KernelNodeParams.LAYOUT.byteSize());
        assertEquals(8, KernelNodeParams.LAYOUT.byteAlignment());
    }

    @Test
    void nodeOfALaunch_carriesItsKernelGridBlockAndParameterValues() {
        byte[] params = new byte[16 + 8];
        params[0] = 7; // frame
        params[16] = 42; // the one parameter
        Launch l = new Launch(0xABCDL, 3, 4, 5, 32, 8, 1, 0, 16, params, "k");
        try (Arena a = Arena.ofConfined()) {
            MemorySegment s = KernelNodeParams.of(a, l);
            assertEquals(0xABCDL, s.get(ValueLayout.JAVA_LONG, 0));
            int[] dims = {3, 4, 5, 32, 8, 1, 0};
            for (int i = 0; i < dims.length; i++) {
                assertEquals(dims[i], s.get(ValueLayout.JAVA_INT, 8 + 4L * i));
            }
            MemorySegment pointers = s.get(ValueLayout.ADDRESS, 40).reinterpret(16);
            assertEquals(7, pointers.getAtIndex(ValueLayout.ADDRESS, 0).reinterpret(16).get(ValueLayout.JAVA_BYTE, 0));
            assertEquals(42L, pointers.getAtIndex(ValueLayout.ADDRESS, 1).reinterpret(8).get(ValueLayout.JAVA_LONG, 0));
            assertEquals(0L, s.get(ValueLayout.JAVA_LONG, 48), "extra");
            assertEquals(0L, s.get(ValueLayout.JAVA_LONG, 56), "kern");
            assertEquals(0L, s.get(ValueLayout.JAVA_LONG, 64), "ctx");
        }
    }
}
