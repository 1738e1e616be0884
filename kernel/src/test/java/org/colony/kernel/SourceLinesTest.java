package org.colony.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SourceLinesTest {

    private static final SourceLines LINES = SourceLines.of("demo.Cell_Kernels", "Cell.java", 20, 0, 30, 31, 33, 32,
            40, 0);

    private static Throwable thrownAt(StackTraceElement... frames) {
        Throwable t = new ArithmeticException("/ by zero");
        t.setStackTrace(frames);
        return t;
    }

    private static StackTraceElement frame(String type, int line) {
        return new StackTraceElement(type, "step", type + ".java", line);
    }

    @Test
    void aLineBetweenStatements_belongsToTheStatementAbove() {
        assertEquals("Cell.java:31", LINES.site(thrownAt(frame("demo.Cell_Kernels", 30))));
        assertEquals("Cell.java:31", LINES.site(thrownAt(frame("demo.Cell_Kernels", 32))));
        assertEquals("Cell.java:32", LINES.site(thrownAt(frame("demo.Cell_Kernels", 39))));
    }

    @Test
    void theInnermostKernelFrame_decides_nestedClassesIncluded() {
        assertEquals("Cell.java:32", LINES.site(thrownAt(frame("org.colony.kernel.RandomStream", 9),
                frame("demo.Cell_Kernels$Vectors", 34), frame("demo.Cell_Kernels", 30))));
    }

    @Test
    void linesOfNoStatement_andForeignFrames_nameNoLine() {
        assertNull(LINES.site(thrownAt(frame("demo.Cell_Kernels", 12))));
        assertNull(LINES.site(thrownAt(frame("demo.Cell_Kernels", 20))));
        assertNull(LINES.site(thrownAt(frame("demo.Cell_Kernels", 41))));
        assertNull(LINES.site(thrownAt(frame("demo.Cell_KernelsX", 30))));
        assertNull(LINES.site(thrownAt()));
        assertNull(SourceLines.NONE.site(thrownAt(frame("demo.Cell_Kernels", 30))));
    }

    @Test
    void tablesOutOfOrder_areRefused() {
        assertEquals("generated lines must ascend: 30, 30",
                assertThrows(IllegalArgumentException.class, () -> SourceLines.of("K", "C.java", 30, 1, 30, 2))
                        .getMessage());
    }
}
