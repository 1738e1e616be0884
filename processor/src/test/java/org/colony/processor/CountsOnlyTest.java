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
 * A CUDA step that only counts a class's agents by place gets their number per place ({@code INDEX_COUNTS},
 * {@code colony::countAt}) instead of the class's index; one that also iterates them, or writes or kills them, keeps
 * the index ({@code colony::agentCount} from its starts).
 */
class CountsOnlyTest {

    private static Compilation ants() {
        return compile(ant("""
                @org.colony.Step(reach = 1) void look() {
                    if (agentCountAt(Ant.class, 1, 0) == 0 && agentCountHere(Ant.class) == 1) { sugar = 1; }
                }
                @org.colony.Step void both() {
                    for (Ant a : agentsHere(Ant.class)) { memory[0] = a.sugar; }
                    if (agentCountHere(Ant.class) > 1) { sugar = 0; }
                }
                @org.colony.Step void cull() {
                    for (Ant a : agentsHere(Ant.class)) { if (a.sugar > sugar) { kill(); } }
                }
                """), land());
    }

    /** The text of kernel {@code step} of the Ant model: its parameters and body, up to the next kernel. */
    private static String kernel(Compilation c, String step) throws Exception {
        String cu = c.generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/colony/cuda/test.Ant.cu").orElseThrow()
                .getCharContent(true).toString();
        int at = cu.indexOf("void Ant__" + step + "(");
        assertTrue(at >= 0, "no kernel Ant__" + step);
        int next = cu.indexOf("extern \"C\" __global__", at);
        return cu.substring(at, next < 0 ? cu.length() : next);
    }

    @Test
    void aStepThatOnlyCounts_getsCountsByPlace_notTheIndex() throws Exception {
        Compilation c = ants();
        assertThat(c).succeededWithoutWarnings();
        String look = kernel(c, "look");
        assertTrue(look.contains("const jint* __restrict__ counts0"), look);
        assertTrue(look.contains("colony::countAt(counts0, "), look);
        assertFalse(look.contains("start0"), look);
        assertFalse(look.contains("order0"), look);
        assertThat(c).generatedSourceFile("test.Ant_Model").contentsAsUtf8String()
                .contains("KernelParam.index(KernelParam.Kind.INDEX_COUNTS, 0)");
    }

    @Test
    void aStepThatAlsoIterates_keepsTheIndex() throws Exception {
        Compilation c = ants();
        for (String step : new String[] {"both", "cull"}) {
            String k = kernel(c, step);
            assertTrue(k.contains("const jint* __restrict__ start0"), k);
            assertFalse(k.contains("counts0"), k);
        }
        assertTrue(kernel(c, "both").contains("colony::agentCount(start0, "));
    }
}
