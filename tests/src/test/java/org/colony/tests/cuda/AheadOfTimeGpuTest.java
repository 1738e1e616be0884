package org.colony.tests.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;
import org.colony.cuda.internal.device.CudaDevice;
import org.colony.cuda.internal.device.CudaModule;
import org.colony.cuda.internal.launch.KernelCompiler;
import org.colony.examples.sugarscape.Ant;
import org.colony.examples.sugarscape.SugarScape;
import org.colony.runtime.Simulation;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Kernels loaded from the CUBINs the build compiled ahead of time: a model's and the runtime's are taken where the
 * device's architecture has one, a CUBIN the driver refuses is passed over for NVRTC's, and a model runs to the same
 * bits either way. Runs where a GPU is present (and the build had {@code nvcc}).
 */
@Tag("gpu")
class AheadOfTimeGpuTest {

    private static final String ANT = "META-INF/colony/cuda/org.colony.examples.sugarscape.Ant.cu";

    private static String source(ClassLoader loader, String resource) throws IOException {
        try (InputStream in = loader.getResourceAsStream(resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void aModelsAndTheRuntimesCubins_areLoaded_andOneTheDriverRefuses_isPassedOverForNvrtc() throws IOException {
        Gpu.require();
        try (CudaDevice device = CudaDevice.open(0)) {
            KernelCompiler compiler = new KernelCompiler(device.architecture(), false);
            ClassLoader loader = Ant.class.getClassLoader();
            String ant = source(loader, ANT);
            try (CudaModule m = compiler.load(ant, "Ant.cu", "Ant", loader::getResourceAsStream, ANT)) {
                assertTrue(m.function("Ant__look") != 0L);
            }
            String support = KernelCompiler.resource("support.cu");
            try (CudaModule m = compiler.load(support, "support.cu", "the runtime",
                    name -> KernelCompiler.class.getResourceAsStream("/" + name), KernelCompiler.RESOURCES
                    + "support.cu")) {
                assertTrue(m.function("colony_fill_int") != 0L);
            }
            int[] stats = compiler.statistics();
            assertEquals(2, stats[2], "ahead of time: compiled " + stats[0] + ", cached " + stats[1] + ", refused "
                    + stats[3] + " (was the build without nvcc?)");
            // A CUBIN under the right name that the driver refuses (damaged, or of another device): NVRTC's instead.
            Function<String, InputStream> damaged = name -> new ByteArrayInputStream(new byte[] {1, 2, 3, 4});
            try (CudaModule m = compiler.load(support, "support.cu", "the runtime", damaged,
                    KernelCompiler.RESOURCES + "support.cu")) {
                assertTrue(m.function("colony_fill_int") != 0L);
            }
            stats = compiler.statistics();
            assertEquals(1, stats[3], "refused");
            assertEquals(1, stats[0] + stats[1], "compiled or cached after the refusal");
        }
    }

    @Test
    void sugarScape_fromItsCubins_endsInTheBitsOfNvrtcs() {
        Gpu.require();
        String ahead = run();
        String before = System.getProperty("colony.cuda.aheadOfTime");
        System.setProperty("colony.cuda.aheadOfTime", "false");
        try {
            assertEquals(ahead, run());
        } finally {
            if (before == null) {
                System.clearProperty("colony.cuda.aheadOfTime");
            } else {
                System.setProperty("colony.cuda.aheadOfTime", before);
            }
        }
    }

    private static String run() {
        try (Simulation sim = Gpu.cuda(11)) {
            SugarScape m = new SugarScape(sim, 120);
            for (int t = 0; t < 40; t++) {
                m.tick();
            }
            return m.ants().checksum() + " " + m.ants().size();
        }
    }
}
