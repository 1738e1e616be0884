package org.colony.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.colony.processor.Compilations.ant;
import static org.colony.processor.Compilations.compile;
import static org.colony.processor.Compilations.land;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;

/**
 * Which agent steps get a warp form of their CUDA kernel ({@code <kernel>__warp}: a warp an agent, the places around
 * it in shared memory): a step on a 2-D grid whose loops read its places' scalar attributes or counts of agents at
 * offsets proven within its reach, in a window of at most 2 KiB; the window's reads replace those reads in the warp
 * form alone.
 */
class WarpFormTest {

    private static Compilation ants() {
        return compile(ant("""
                @org.colony.Step(reach = 2) void scan() {
                    double best = -1;
                    for (int dy = -2; dy <= 2; dy++) {
                        for (int dx = -2; dx <= 2; dx++) {
                            if (hasNeighborPlace(dx, dy) && neighborPlace(dx, dy).height > best
                                    && agentCountAt(Ant.class, dx, dy) == 0) {
                                best = neighborPlace(dx, dy).height;
                                sugar = dx;
                            }
                        }
                    }
                }
                @org.colony.Step(reach = 1) void once() {
                    if (neighborPlace(1, 0).height > 0) { sugar = 1; }
                }
                @org.colony.Step(reach = 12) void wide() {
                    for (int dx = -12; dx <= 12; dx++) {
                        for (int dy = -12; dy <= 12; dy++) {
                            if (neighborPlace(dx, dy).height > 0) { sugar++; }
                        }
                    }
                }
                @org.colony.Step(reach = 3) void computed(int r) {
                    for (int dx = -r; dx <= r; dx++) {
                        if (neighborPlace(dx, 0).height > 0) { sugar++; }
                    }
                }
                @org.colony.Step(reach = 1) void arrays() {
                    for (int dx = -1; dx <= 1; dx++) {
                        if (neighborPlace(dx, 0).rain[0] > 0) { sugar++; }
                    }
                }
                @org.colony.Step(reach = 1) void throughLocal() {
                    for (int dx = -1; dx <= 1; dx++) {
                        Land l = neighborPlace(dx, 0);
                        if (l.height > 0) { sugar++; }
                    }
                }
                """), land());
    }

    private static String cu(Compilation c) throws Exception {
        return c.generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/colony/cuda/test.Ant.cu").orElseThrow()
                .getCharContent(true).toString();
    }

    /** The text of kernel {@code name} of the Ant model: its parameters and body, up to the next kernel. */
    private static String kernel(String cu, String name) {
        int at = cu.indexOf(" " + name + "(");
        assertTrue(at >= 0, "no kernel " + name);
        int next = cu.indexOf("extern \"C\" __global__", at);
        return cu.substring(at, next < 0 ? cu.length() : next);
    }

    @Test
    void aScanOfThePlacesAround_getsAWarpForm_readingItsWindow() throws Exception {
        Compilation c = ants();
        assertThat(c).succeededWithoutWarnings();
        String cu = cu(c);
        String warp = kernel(cu, "Ant__scan__warp");
        assertTrue(warp.contains("__shared__ double wnd_height[8][25];"), warp);
        assertTrue(warp.contains("__shared__ jint wcnt_0[8][25];"), warp);
        assertTrue(warp.contains("wnd_height[wib][k] = height_place[s + (jlong) dx + (jlong) dy * f.strideY];"), warp);
        assertTrue(warp.contains("wcnt_0[wib][k] = colony::countAt(counts0, colony::neighborIndex(f, gx, gy, gz, dx, "
                + "dy, 0));"), warp);
        assertTrue(warp.contains("wnd_height[wib][(v_dy) * 5 + (v_dx) + 12]"), warp);
        assertTrue(warp.contains("wcnt_0[wib][(v_dy) * 5 + (v_dx) + 12] == 0"), warp);
        assertTrue(warp.contains("if (lane == 0) {"), warp);
        assertTrue(cu.contains("__global__ void __launch_bounds__(256) Ant__scan__warp("), "blocks of 256 threads");
        assertFalse(warp.contains("height_place[(s"), "every read of the scan from the window: " + warp);
        String thread = kernel(cu, "Ant__scan");
        assertFalse(thread.contains("wnd_"), thread);
        assertThat(c).generatedSourceFile("test.Ant_Model").contentsAsUtf8String()
                .contains("false, false, false, true)");
    }

    @Test
    void aPlaceAttributeNamedAsACountsWindowMightBe_keepsItsOwnWindow() throws Exception {
        Compilation c = compile(Compilations.agent("Ant", """
                public class Ant extends Agent<Field> {
                    @Attribute int sugar;

                    @org.colony.Step(reach = 1) void scan() {
                        for (int dx = -1; dx <= 1; dx++) {
                            if (neighborPlace(dx, 0).n0 > 0 && agentCountAt(Ant.class, dx, 0) == 0) { sugar++; }
                        }
                    }
                }
                """), Compilations.source("Field", """
                public class Field extends Place {
                    @Attribute int n0;
                }
                """));
        assertThat(c).succeededWithoutWarnings();
        String warp = kernel(cu(c), "Ant__scan__warp");
        assertTrue(warp.contains("__shared__ jint wnd_n0[8][9];"), warp);
        assertTrue(warp.contains("__shared__ jint wcnt_0[8][9];"), warp);
    }

    @Test
    void stepsWithoutAScanOfProvenOffsets_haveNoWarpForm() throws Exception {
        String cu = cu(ants());
        for (String step : new String[] {"once", "wide", "computed", "arrays", "throughLocal"}) {
            assertFalse(cu.contains("Ant__" + step + "__warp"), step);
        }
    }
}
