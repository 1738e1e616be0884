package org.colony.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.common.truth.StringSubject;
import com.google.common.truth.Truth;
import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.tools.StandardLocation;
import org.colony.processor.step.ColonyProcessor;
import org.junit.jupiter.api.Test;

/**
 * Which place steps are split between the grid's interior and its boundary, so that the interior gets the fast
 * forms (the CPU's vector form, the GPU's row-marching window) while the boundary runs the plain per-cell code,
 * and which are not: the body must branch on {@code onBoundary()} alone after local declarations only, draw no
 * random numbers, and its interior statements must allow the fast form.
 */
class BoundarySplitTest {

    /** Heat2D's tick, as the example writes it: the boundary reads its inner neighbour at computed offsets. */
    private static final String HEAT = """
            @Step public void tick(double r, double heat, boolean heating) {
                int side = size(0);
                if (!onBoundary()) {
                    Cell e = neighbor(1, 0), w = neighbor(-1, 0), n = neighbor(0, -1), s = neighbor(0, 1);
                    temp = temp + r * (e.temp - 2 * temp + w.temp) + r * (s.temp - 2 * temp + n.temp);
                } else if (heating && y() == 0 && x() >= side / 3 && x() < 2 * side / 3) {
                    temp = heat;
                } else {
                    int dx = x() == 0 ? 1 : (x() == side - 1 ? -1 : 0);
                    int dy = y() == 0 ? 1 : (y() == size(1) - 1 ? -1 : 0);
                    Cell inner = neighbor(dx, dy);
                    temp = inner.temp;
                }
            }
            """;

    /** The boundary copies its inner neighbour (computed offsets); {@code A} is the interior's update. */
    private static final String COPY = """
                int dx = x() == 0 ? 1 : (x() == size(0) - 1 ? -1 : 0);
                int dy = y() == 0 ? 1 : (y() == size(1) - 1 ? -1 : 0);
                Cell inner = neighbor(dx, dy);
                temp = inner.temp;
            """;

    private static final String A = """
                Cell e = neighbor(1, 0), w = neighbor(-1, 0);
                temp = temp * r + (e.temp - w.temp);
            """;

    private static Compilation compile(String members) {
        Compilation compilation = Compiler.javac().withProcessors(new ColonyProcessor())
                .withOptions("-Xlint:all,-processing,-incubating", "--add-modules", "jdk.incubator.vector")
                .compile(Compilations.cell(members));
        assertThat(compilation).succeededWithoutWarnings();
        return compilation;
    }

    private static StringSubject kernels(Compilation compilation) {
        return assertThat(compilation).generatedSourceFile("test.Cell_Kernels").contentsAsUtf8String();
    }

    private static StringSubject descriptor(Compilation compilation) {
        return assertThat(compilation).generatedSourceFile("test.Cell_Model").contentsAsUtf8String();
    }

    private static StringSubject cuda(Compilation compilation) {
        return assertThat(compilation).generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/colony/cuda/test.Cell.cu")
                .contentsAsUtf8String();
    }

    /** The text of a generated file with every run of white space removed. */
    private static String squashed(Compilation compilation, String sourceFile) {
        try {
            return compilation.generatedSourceFile(sourceFile).orElseThrow().getCharContent(true).toString()
                    .replaceAll("\\s+", "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The vector form of step {@code name}, white space removed: from its declaration to the next method's. */
    private static String vectorForm(Compilation compilation, String name) {
        String all = squashed(compilation, "test.Cell_Kernels");
        int start = all.indexOf("staticboolean" + name + "(");
        Truth.assertWithMessage("vector form of " + name).that(start).isAtLeast(0);
        int end = all.indexOf("staticboolean", start + 1);
        return all.substring(start, end < 0 ? all.length() : end);
    }

    /** Asserts that step {@code name} has a vector form that rows on the boundary leave, and a marching CUDA kernel. */
    private static void assertSplit(Compilation compilation, String name) {
        kernels(compilation).contains("KernelSupport.VECTORS && Vectors." + name + "(blk$, row0$, row1$, x0$, x1$, r)");
        Truth.assertThat(vectorForm(compilation, name)).contains("intxv$=xa$;if(!(rowEdge$)){finalintxe$");
        descriptor(compilation).contains("CudaKernel.marching(\"Cell__" + name + "\", 2, 4)");
    }

    /** Asserts that step {@code name} has neither a vector form nor a marching CUDA kernel. */
    private static void assertNotSplit(Compilation compilation, String name) {
        kernels(compilation).doesNotContain("Vectors." + name + "(");
        descriptor(compilation).contains("CudaKernel.single(\"Cell__" + name + "\")");
    }

    @Test
    void heat2dTick_isSplit_interiorInVectorsAndRegisters_boundaryPlain() {
        Compilation compilation = compile(HEAT);
        kernels(compilation).contains("KernelSupport.VECTORS && Vectors.tick(blk$, row0$, row1$, x0$, x1$, r, heat, heating)");
        // The vector loop runs the declaration and the interior update on rows off the boundary ...
        Truth.assertThat(vectorForm(compilation, "tick")).contains("""
                if (!(rowEdge$)) {
                    final int xe$ = xa$ + DOUBLE$.loopBound(xb$ - xa$);
                    for (; xv$ < xe$; xv$ += DOUBLE$.length()) {
                        final int x$ = xv$;
                        final int s$ = rowBase$ + x$;
                        var temp$self = DoubleVector.fromArray(DOUBLE$, temp$col, s$);
                        final int side = size0$;
                        final int e = s$ + 1;
                """.replaceAll("\\s+", ""));
        // ... and the rest of the row, the edge rows and the first and last columns run the whole body per cell.
        kernels(compilation).contains("for (int x$ = xv$; x$ < xb$; x$++) {");
        kernels(compilation).contains("int inner = s$ + dx + dy * strideY$;");
        descriptor(compilation).contains("CudaKernel.marching(\"Cell__tick\", 2, 4)");
        // On the GPU the interior reads its neighbours from the window's registers, the boundary from memory.
        StringSubject cu = cuda(compilation);
        cu.contains("temp_self = ((temp_self + (v_r * ((w0_temp_1_0 - ((0x1.0p1) * temp_self)) + w0_temp_m1_0))) "
                + "+ (v_r * ((w0_temp_0_1 - ((0x1.0p1) * temp_self)) + w0_temp_0_m1)));");
        cu.contains("jlong v_inner = (s + (jlong) v_dx + (jlong) v_dy * f.strideY);");
        cu.contains("temp_self = temp_col[v_inner];");
    }

    @Test
    void theOtherForms_areSplit() {
        Compilation compilation = compile("@Step void elseForm(double r) {\n    if (!onBoundary()) {\n" + A
                + "    } else {\n" + COPY + "    }\n}\n"
                + "@Step void thenForm(double r) {\n    if (onBoundary()) {\n" + COPY + "    } else {\n" + A + "    }\n}\n"
                + "@Step void returnForm(double r) {\n    if (onBoundary()) {\n" + COPY + "        return;\n    }\n" + A
                + "}\n"
                + "@Step void bothRunTheRest(double r) {\n    double k = r * 2;\n    if (onBoundary()) {\n"
                + "        temp = temp + x();\n    }\n" + A.replace("temp * r", "temp * k") + "}\n"
                + "@Step void interiorOnly(double r) {\n    if (!onBoundary()) {\n" + A + "    }\n}\n");
        for (String name : new String[] {"elseForm", "thenForm", "returnForm", "bothRunTheRest", "interiorOnly"}) {
            assertSplit(compilation, name);
        }
        // The interior of returnForm is what follows the if; bothRunTheRest's boundary runs the if, then the rest.
        kernels(compilation).contains("final double k = r * 2.0;");
    }

    @Test
    void stepsThatMustStayPlain_areNotSplit() {
        Compilation compilation = compile(
                // the boundary draws random numbers
                "@Step void random(double r) {\n    if (onBoundary()) {\n" + COPY + "        temp = temp + uniform();\n"
                + "    } else {\n" + A
                + "    }\n}\n"
                // an attribute changes before the branch
                + "@Step void writesFirst(double r) {\n    temp = temp + 1;\n    if (onBoundary()) {\n" + COPY
                + "    } else {\n" + A + "    }\n}\n"
                // the branch tests more than onBoundary()
                + "@Step void mixedTest(double r) {\n    if (onBoundary() || r > 1) {\n" + COPY + "    } else {\n" + A
                + "    }\n}\n"
                // the interior reads at computed offsets itself
                + "@Step void computedInside(double r) {\n    if (onBoundary()) {\n" + COPY + "    } else {\n"
                + "        Cell e = neighbor(x() == 0 ? 1 : 0, 0);\n        temp = e.temp * r;\n    }\n}\n"
                // the interior loops: no vector form; its reads are constant, so the GPU kernel still marches
                + "@Step void loopsInside(double r) {\n    if (onBoundary()) {\n" + COPY + "    } else {\n"
                + "        Cell e = neighbor(1, 0);\n        for (int i = 0; i < 3; i++) {\n"
                + "            temp = temp * r + e.temp;\n        }\n    }\n}\n");
        for (String name : new String[] {"random", "writesFirst", "mixedTest", "computedInside"}) {
            assertNotSplit(compilation, name);
        }
        kernels(compilation).doesNotContain("Vectors.loopsInside(");
        descriptor(compilation).contains("CudaKernel.marching(\"Cell__loopsInside\", 2, 4)");
    }

    @Test
    void aSplitStepOnBooleans_marchesWithoutASwarForm() {
        Compilation compilation = Compilations.compile(Compilations.source("Life", """
                public class Life extends Place {
                    @Attribute boolean alive;

                    @Step void update() {
                        if (onBoundary()) {
                            Life inner = neighbor(x() == 0 ? 1 : 0, 0);
                            alive = inner.alive;
                            return;
                        }
                        Life w = neighbor(-1, 0), e = neighbor(1, 0);
                        alive = w.alive ^ e.alive;
                    }
                }
                """));
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).generatedSourceFile("test.Life_Model").contentsAsUtf8String()
                .contains("new CudaStep(CudaKernel.marching(\"Life__update\", 2, 32), null,");
    }
}
