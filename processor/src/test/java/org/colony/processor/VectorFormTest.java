package org.colony.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import org.colony.processor.step.ColonyProcessor;
import org.junit.jupiter.api.Test;

/** Which steps get a vector form of their CPU kernel, and that none is written without the Vector API. */
class VectorFormTest {

    private static final String MEMBERS = """
            @Step void diffuse(double r) {
                if (onBoundary()) {
                    return;
                }
                Cell e = neighbor(1, 0), w = neighbor(-1, 0);
                temp = temp + r * (e.temp - 2 * temp + w.temp);
            }

            @Step void branchy() {
                if (temp > 0) {
                    temp = temp * 2;
                }
            }

            @Step void atX() {
                temp = x();
            }
            """;

    private static Compilation compile(boolean vectorApi) {
        Compiler javac = Compiler.javac().withProcessors(new ColonyProcessor());
        javac = vectorApi ? javac.withOptions("-Xlint:all,-processing,-incubating", "--add-modules", "jdk.incubator.vector")
                : javac.withOptions("-Xlint:all,-processing");
        return javac.compile(Compilations.cell(MEMBERS));
    }

    @Test
    void straightLineStencil_getsAVectorForm_branchesAndXDoNot() {
        Compilation compilation = compile(true);
        assertThat(compilation).succeededWithoutWarnings();
        var kernels = assertThat(compilation).generatedSourceFile("test.Cell_Kernels").contentsAsUtf8String();
        kernels.contains("KernelSupport.VECTORS && Vectors.diffuse(blk$, row0$, row1$, x0$, x1$, r)");
        kernels.contains("static boolean diffuse(CpuBlock blk$, int row0$, int row1$, int x0$, int x1$, double r)");
        kernels.doesNotContain("Vectors.branchy(");
        kernels.doesNotContain("Vectors.atX(");
    }

    @Test
    void withoutTheVectorApi_noVectorFormIsWritten() {
        Compilation compilation = compile(false);
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).generatedSourceFile("test.Cell_Kernels").contentsAsUtf8String().doesNotContain("Vectors");
    }

    /**
     * Boolean neighbours counted as (b ? 1 : 0) load as lanes of ones and zeros: kept as masks (one per neighbour)
     * they defeat the JIT's removal of vector boxes, and every vector of cells allocates.
     */
    @Test
    void countedBooleanNeighbours_loadAsOnesAndZeros_notAsMasks() {
        Compilation compilation = Compiler.javac().withProcessors(new ColonyProcessor())
                .withOptions("-Xlint:all,-processing,-incubating", "--add-modules", "jdk.incubator.vector")
                .compile(Compilations.source("Life", """
                        public class Life extends Place {
                            @Attribute boolean alive;

                            @Step void update() {
                                Life w = neighbor(-1, 0), e = neighbor(1, 0);
                                int count = (w.alive ? 1 : 0) + (e.alive ? 1 : 0);
                                alive = count == 2 || (alive && count == 1);
                            }
                        }
                        """));
        assertThat(compilation).succeededWithoutWarnings();
        var kernels = assertThat(compilation).generatedSourceFile("test.Life_Kernels").contentsAsUtf8String();
        kernels.contains("ones$INT(alive$col, w).add(ones$INT(alive$col, e))");
        kernels.contains("convertShape(VectorOperators.B2I, INT$, 0)");
    }
}
