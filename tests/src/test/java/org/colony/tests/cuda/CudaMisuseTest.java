package org.colony.tests.cuda;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.colony.ColonyException;
import org.colony.cuda.CudaBackendProvider;
import org.colony.cuda.internal.launch.KernelCompiler;
import org.colony.examples.heat.HeatCell;
import org.colony.runtime.Config;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Bad input on the CUDA backend: one clear line each. */
@Tag("gpu")
class CudaMisuseTest {

    @Test
    void gridTooLargeForTheGpu_namesTheBytesNeededAndFree() {
        Gpu.require();
        try (Simulation sim = Gpu.cuda(1)) {
            ColonyException e = assertThrows(ColonyException.class,
                    () -> sim.places(HeatCell.class, Grid.of(200_000, 200_000)));
            assertTrue(e.getMessage().matches("HeatCell on a 200000x200000 grid needs [0-9.]+ GiB of GPU memory, but .* "
                    + "has [0-9.]+ GiB free of [0-9.]+ GiB; use a smaller size or more devices"), e.getMessage());
        }
    }

    @Test
    void deviceThatDoesNotExist_isRefusedInOneLine() {
        Gpu.require();
        ColonyException e = assertThrows(ColonyException.class,
                () -> Simulation.create(Config.defaults().withBackend("cuda").withDevice(99)));
        assertTrue(e.getMessage().startsWith("--device=99 does not exist; this machine has "), e.getMessage());
    }

    @Test
    void nvrtcFailure_namesTheJavaLine() {
        Gpu.require();
        try (Simulation sim = Gpu.cuda(1)) {
            var backend = sim.backendName();
            assertTrue(backend.equals("cuda"));
            KernelCompiler compiler = new KernelCompiler("sm_" + 90, false);
            String broken = "#include \"colony.cuh\"\n#line 12 \"Broken.java\"\nextern \"C\" __global__ void k() { "
                    + "jint x = undefinedName; }\n";
            ColonyException e = assertThrows(ColonyException.class, () -> compiler.compile(broken + "// "
                    + System.nanoTime(), "Broken.cu", "Broken"));
            assertTrue(e.getMessage().startsWith("NVRTC could not compile the CUDA kernels of Broken for sm_90: "
                    + "Broken.java(12): error"), e.getMessage());
        }
    }

    @Test
    void missingDriver_isOneLine() {
        String why = new CudaBackendProvider().unavailableReason();
        if (why == null) {
            return; // the driver is here: nothing to say
        }
        assertTrue(List.of("no CUDA driver (libcuda.so.1 cannot be loaded)", "the CUDA driver sees no GPU").contains(why)
                || why.startsWith("the CUDA driver"), why);
        ColonyException e = assertThrows(ColonyException.class,
                () -> Simulation.create(Config.defaults().withBackend("cuda")));
        assertTrue(e.getMessage().equals("--backend=cuda cannot run here: " + why), e.getMessage());
    }
}
