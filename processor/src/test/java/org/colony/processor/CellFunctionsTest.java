package org.colony.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;

/**
 * Which steps get a cell function (and, where they march, a strip function) beside their CUDA kernel, for the CUDA
 * backend's held steps: place steps of a grid that take only their frame, arguments and columns (arrays too).
 */
class CellFunctionsTest {

    private static Compilation compile(String members) {
        return compile(members, "");
    }

    private static Compilation compile(String members, String attributes) {
        Compilation compilation = Compilations.compile(Compilations.source("Plate", """
                public class Plate extends Place {
                    @Attribute float heat;
                """ + attributes.indent(4) + members.indent(4) + "}\n"));
        assertThat(compilation).succeededWithoutWarnings();
        return compilation;
    }

    private static String cuda(Compilation c) throws Exception {
        return c.generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/colony/cuda/test.Plate.cu").orElseThrow()
                .getCharContent(true).toString();
    }

    private static String descriptor(Compilation c) throws Exception {
        return c.generatedSourceFile("test.Plate_Model").orElseThrow().getCharContent(true).toString();
    }

    @Test
    void aStencilStep_getsACellAndAStripFunction() throws Exception {
        Compilation c = compile("""
                @Step void diffuse(float r) {
                    Plate e = neighbor(1, 0), w = neighbor(-1, 0);
                    heat = heat + r * (e.heat - 2 * heat + w.heat);
                }
                """);
        String cu = cuda(c);
        assertContains(cu, "__device__ __forceinline__ void Plate__diffuse__cell(\n        const colony::Frame& f,\n"
                + "        const jlong s,\n        const jint gx,\n        const jint gy,\n        const jint gz,\n"
                + "        float* __restrict__ heat_col,\n        float* __restrict__ heat_next,\n"
                + "        const float v_r)");
        assertContains(cu, "__device__ __forceinline__ void Plate__diffuse__strip(\n        const colony::Frame& f,\n"
                + "        const jint x0,\n        const jint ly0,\n        const jint lyEnd,\n");
        assertContains(descriptor(c), "KernelParam.argument(0)), true)");
    }

    @Test
    void aStepSplitBetweenInteriorAndBoundary_getsAnInteriorStrip() throws Exception {
        Compilation c = compile("""
                @Step void tick(float r) {
                    if (!onBoundary()) {
                        Plate e = neighbor(1, 0), w = neighbor(-1, 0);
                        heat = heat + r * (e.heat - 2 * heat + w.heat);
                    } else {
                        heat = 0;
                    }
                }
                """);
        String cu = cuda(c);
        assertContains(cu, "void Plate__tick__strip(");
        assertContains(descriptor(c), "KernelParam.argument(0)), true, false, true)"); // CudaStep.interior
        String interior = cu.substring(cu.indexOf("void Plate__tick__stripIn("));
        interior = interior.substring(0, interior.indexOf("\n}\n"));
        assertNotContains(interior, "gx == 0"); // no boundary test
        assertContains(interior, "(v_r * ");
    }

    @Test
    void countingSteps_getNone() throws Exception {
        Compilation c = compile("""
                @Step boolean hot() {
                    return heat > 1;
                }
                """);
        String cu = cuda(c);
        assertNotContains(cu, "__cell(");
        assertNotContains(cu, "__strip(");
        assertNotContains(descriptor(c), ", true)");
    }

    @Test
    void aStepOnArrays_getsOne_itsElementsAPitchApart() throws Exception {
        String cu = cuda(compile("""
                @Step void mark() {
                    Plate w = neighbor(-1, 0);
                    marks[0] = marks[1] + w.marks[2];
                }
                """, "@Attribute(length = 3) int[] marks;"));
        String cell = cu.substring(cu.indexOf("void Plate__mark__cell("));
        cell = cell.substring(0, cell.indexOf("\n}\n"));
        // (the pitch is the frame's: a held pass's frame gives its tile's area)
        assertContains(cell, "marks_col[2 * f.pitch + v_w]");
        assertContains(cell, "marks_next[0 * f.pitch + s]");
    }

    @Test
    void aStepReadingASharedValue_getsOne_readingTheSymbol() throws Exception {
        String cu = cuda(compile("""
                @Step void warm() {
                    heat += rate;
                }
                """, "@Shared float rate;"));
        String cell = cu.substring(cu.indexOf("void Plate__warm__cell("));
        assertContains(cell.substring(0, cell.indexOf("\n}\n")), "_shared_rate[0]");
    }

    @Test
    void aStepReadingNoNeighbour_getsACellFunctionAlone() throws Exception {
        String cu = cuda(compile("""
                @Step void warm(float by) {
                    heat += by;
                }
                """));
        assertContains(cu, "void Plate__warm__cell(");
        assertNotContains(cu, "__strip(");
    }

    @Test
    void aStepOnBooleansWithASwarForm_getsABitSlicedForm_aStepOnBytesNone() throws Exception {
        Compilation c = compile("""
                @Step void life() {
                    Plate e = neighbor(1, 0), w = neighbor(-1, 0), n = neighbor(0, -1);
                    int count = (e.on ? 1 : 0) + (w.on ? 1 : 0) + (n.on ? 1 : 0);
                    on = count == 2 || on && count < 2;
                }

                @Step void fade() {
                    Plate e = neighbor(1, 0);
                    level = (byte) (e.level > 3 ? 1 : 0);
                }
                """, "@Attribute boolean on;\n@Attribute byte level;");
        String cu = cuda(c);
        assertContains(cu, "__device__ __forceinline__ void Plate__life__bits(\n        const jint w,\n"
                + "        const jint WW,\n        const juint keep,\n");
        // the east neighbour: the word's bits shifted down by one, the next word's first bit on top
        assertContains(cu, "__funnelshift_r(on_col[w + (0) * WW], on_col[w + (0) * WW + 1], 1)");
        assertContains(cu, "on_next[w] = on_self & keep;");
        assertNotContains(cu, "Plate__fade__bits(");
        assertContains(descriptor(c), ", true, true)");
    }

    private static void assertContains(String text, String part) {
        if (!text.contains(part)) {
            throw new AssertionError("expected to find:\n" + part + "\nin:\n" + text);
        }
    }

    private static void assertNotContains(String text, String part) {
        if (text.contains(part)) {
            throw new AssertionError("did not expect " + part);
        }
    }
}
