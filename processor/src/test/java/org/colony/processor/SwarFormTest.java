package org.colony.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.common.truth.StringSubject;
import com.google.testing.compile.Compilation;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Which steps get a SWAR form of their CUDA kernel (four cells in the byte lanes of a word, next to the ordinary
 * kernel), and which keep the ordinary kernel alone: a SWAR form needs straight-line code on boolean and byte
 * attributes whose every int is proven to fit a byte lane.
 */
class SwarFormTest {

    private static final String NEIGHBOURS = """
            Life nw = neighbor(-1, -1), n = neighbor(0, -1), ne = neighbor(1, -1);
            Life w = neighbor(-1, 0), e = neighbor(1, 0);
            Life sw = neighbor(-1, 1), s = neighbor(0, 1), se = neighbor(1, 1);
            int count = (nw.alive ? 1 : 0) + (n.alive ? 1 : 0) + (ne.alive ? 1 : 0) + (w.alive ? 1 : 0)
                    + (e.alive ? 1 : 0) + (sw.alive ? 1 : 0) + (s.alive ? 1 : 0) + (se.alive ? 1 : 0);
            """;

    /** The CUDA source of model {@code Life} with the given step body (attributes alive, level, heat, age). */
    private static StringSubject cuda(String body) {
        return cuda(body, "");
    }

    /** The same, with more members. */
    private static StringSubject cuda(String body, String members) {
        return assertThat(compile(body, members)).generatedFile(StandardLocation.CLASS_OUTPUT,
                "META-INF/colony/cuda/test.Life.cu").contentsAsUtf8String();
    }

    /** The generated descriptor of the model, which carries the launch facts of its CUDA kernels. */
    private static StringSubject descriptor(String body) {
        return assertThat(compile(body, "")).generatedSourceFile("test.Life_Model").contentsAsUtf8String();
    }

    private static Compilation compile(String body, String members) {
        Compilation compilation = Compilations.compile(Compilations.source("Life", """
                public class Life extends Place {
                    @Attribute boolean alive;
                    @Attribute byte level;
                    @Attribute float heat;
                    @Attribute int age;

                    @Step void update() {
                """ + (NEIGHBOURS + body).indent(8) + """
                    }
                """ + members.indent(4) + "}\n"));
        assertThat(compilation).succeededWithoutWarnings();
        return compilation;
    }

    @Test
    void gameOfLife_getsASwarKernel_besideTheOrdinaryOne() {
        String life = "alive = count == 3 || (alive && count == 2);";
        descriptor(life).contains("new CudaStep(CudaKernel.marching(\"Life__update\", 2, 32), "
                + "CudaKernel.marching(\"Life__update__swar\", 4, 16),");
        StringSubject cu = cuda(life);
        cu.contains("extern \"C\" __global__ void Life__update(");
        cu.contains("extern \"C\" __global__ void Life__update__swar(");
        // The count is eight plain adds of lanes of ones; comparisons are per-byte intrinsics.
        cu.contains("juint v_count = (((((((w0_alive_m1_m1 + w0_alive_0_m1) + w0_alive_1_m1) + w0_alive_m1_0) "
                + "+ w0_alive_1_0) + w0_alive_m1_1) + w0_alive_0_1) + w0_alive_1_1);");
        cu.contains("alive_self = (colony::swarOnes(__vcmpeq4(v_count, 0x03030303u)) | (alive_self & "
                + "__vcmpeq4(v_count, 0x02020202u)));");
        cu.contains("colony::swarLoad(alive_col, s0 + (-1) + (jlong) (2) * f.strideY, cells + 2, n);");
        cu.contains("colony::swarStore(alive_next, s0, cells, alive_self);");
        // Statements keep their Java lines: the count (line 19) and the assignment (line 21).
        cu.contains("#line 19 \"Life.java\"\n                juint v_count = ");
        cu.contains("#line 21 \"Life.java\"\n                alive_self = ");
    }

    @Test
    void signedBytes_compareSigned_andProvenSumsStayPlainAdds() {
        StringSubject cu = cuda("""
                int score = (count + 1) * 3 - (e.alive ? 1 : 0) + (alive ? 10 : 0);
                boolean cold = n.level < -5 || s.level >= level;
                level = (byte) (cold ? score : 255);
                alive = score > 20 != cold;
                """);
        cu.contains("Life__update__swar(");
        cu.contains("juint v_score = ((((v_count + 0x01010101u) * 3u) - w0_alive_1_0) + (alive_self * 10u));");
        cu.contains("__vcmplts4(w0_level_0_m1, 0xFBFBFBFBu)");
        cu.contains("__vcmpges4(w0_level_0_1, level_self)");
        cu.contains("__vcmpgtu4(v_score, 0x14141414u)");
    }

    @Test
    void modelMethodsAndStepsThatReturnAtTheirEnd_haveASwarForm() {
        StringSubject cu = cuda("alive = twice(count) == 6;\nreturn;", """
                int twice(int v) {
                    return v + v;
                }
                """);
        cu.contains("Life__update__swar(");
        cu.contains("(v_v + v_v)");
    }

    @Test
    void aSumOf255Ones_fitsALane() {
        cuda("int many = " + "(n.alive ? 1 : 0) + ".repeat(254) + "(n.alive ? 1 : 0);\nalive = many == 255;")
                .contains("Life__update__swar(");
    }

    /** Steps that march but have no SWAR form: the ordinary kernel alone, launched as before. */
    @ParameterizedTest
    @ValueSource(strings = {
        // an int that may go negative
        "alive = count - 3 == 0;",
        // a product past 255
        "alive = count * 100 > 300;",
        // a product of two lanes
        "alive = count * count == 9;",
        // a branch
        "if (count == 3) {\n    alive = true;\n}",
        // a float attribute
        "alive = count == 3;\nheat = heat + 1.0f;",
        // an int attribute
        "alive = count == 3;\nage = count;",
        // a coordinate
        "alive = count == 3 || x() == 0;",
        // a signed byte in a sum
        "alive = n.level + 1 > 3;",
        // an early return
        "if (count == 0) {\n    return;\n}\nalive = count == 3;",
    })
    void stepsBeyondByteLanes_keepTheOrdinaryKernelOnly(String body) {
        assertOrdinaryOnly(body);
    }

    @Test
    void aSumOf300Ones_exceedsALane_andKeepsTheOrdinaryKernelOnly() {
        assertOrdinaryOnly("int many = " + "(n.alive ? 1 : 0) + ".repeat(299) + "(n.alive ? 1 : 0);\nalive = many == 300;");
    }

    private static void assertOrdinaryOnly(String body) {
        descriptor(body).contains("new CudaStep(CudaKernel.marching(\"Life__update\", 2, 32), null,");
        cuda(body).doesNotContain("__swar");
    }
}
