package org.colony.processor;

import static org.colony.processor.Compilations.assertRejected;
import static org.colony.processor.Compilations.cell;

import org.junit.jupiter.api.Test;

/** Statements and expressions that a step body may not contain, each reported on its own line. */
class RejectedConstructsTest {

    @Test
    void allocationOfObject_isRejected() {
        assertRejected(cell("""
                @Step void s() {
                    var random = new java.util.Random();
                }
                """), Messages.stepAllocation(), "new java.util.Random()");
    }

    @Test
    void allocationOfArray_isRejected() {
        assertRejected(cell("""
                @Step void s() {
                    var buffer = new double[4];
                }
                """), Messages.stepAllocation(), "new double[4]");
    }

    @Test
    void stringLiteral_isRejected() {
        assertRejected(cell("""
                @Step void s() {
                    var label = "hot";
                }
                """), Messages.stepString(), "\"hot\"");
    }

    @Test
    void stringLocal_isRejected() {
        assertRejected(cell("""
                @Step void s() {
                    String label;
                }
                """), Messages.stepString(), "String label");
    }

    @Test
    void throwStatement_isRejected() {
        assertRejected(cell("""
                @Step void s() {
                    if (temp < 0) {
                        throw new IllegalStateException();
                    }
                }
                """), Messages.stepException("throw exceptions"), "throw new");
    }

    @Test
    void tryCatch_isRejected() {
        assertRejected(cell("""
                @Step void s() {
                    try {
                        temp = 1;
                    } catch (RuntimeException e) {
                        temp = 0;
                    }
                }
                """), Messages.stepException("catch exceptions"), "try {");
    }

    @Test
    void synchronizedBlock_isRejected() {
        assertRejected(cell("""
                @Step void s() {
                    synchronized (this) {
                        temp = 1;
                    }
                }
                """), Messages.stepSynchronized(), "synchronized (this)");
    }

    @Test
    void directRecursion_isRejectedAtTheRecursiveCall() {
        assertRejected(cell("""
                @Step void s() {
                    temp = factorial(5);
                }

                double factorial(int n) {
                    return n <= 1 ? 1 : n * factorial(n - 1);
                }
                """), Messages.stepRecursion("factorial"), "factorial(n - 1)");
    }

    @Test
    void stepCallingItself_isRejected() {
        assertRejected(cell("""
                @Step void s() {
                    if (temp > 0) {
                        temp = temp - 1;
                        s();
                    }
                }
                """), Messages.stepRecursion("s"), "s();");
    }

    @Test
    void indirectRecursion_isRejectedWhereTheCycleCloses() {
        assertRejected(cell("""
                @Step void s() {
                    temp = ping(3);
                }

                double ping(int n) {
                    return n == 0 ? 0 : pong(n - 1);
                }

                double pong(int n) {
                    return n == 0 ? 1 : ping(n - 1);
                }
                """), Messages.stepRecursion("ping"), "ping(n - 1)");
    }

    @Test
    void callOfJdkStaticMethod_isRejected() {
        assertRejected(cell("""
                @Step void s() {
                    long now = System.currentTimeMillis();
                }
                """), Messages.stepCall("System.currentTimeMillis(...)"), "currentTimeMillis");
    }

    @Test
    void callOfInheritedObjectMethod_isRejected() {
        assertRejected(cell("""
                @Step void s() {
                    int h = hashCode();
                }
                """), Messages.stepCall("hashCode(...)"), "hashCode()");
    }

    @Test
    void callOfToString_isRejected() {
        assertRejected(cell("""
                @Step void s() {
                    this.toString();
                }
                """), Messages.stepCall("toString(...)"), "toString()");
    }

    @Test
    void mathRandom_isRejectedWithHintToUseUniform() {
        assertRejected(cell("""
                @Step void s() {
                    temp = Math.random();
                }
                """), Messages.mathRandom(), "Math.random()");
    }

    @Test
    void localArray_isRejected() {
        assertRejected(cell("""
                @Step void s() {
                    int[] counts;
                }
                """), Messages.stepArray("local array variables are not supported"), "int[] counts");
    }

    @Test
    void lambda_isRejected() {
        assertRejected(cell("""
                @Step void s() {
                    java.util.function.DoubleSupplier f = () -> temp;
                }
                """), Messages.stepLambda(), "() -> temp");
    }

    @Test
    void methodReference_isRejected() {
        assertRejected(cell("""
                @Step void s() {
                    java.util.function.DoubleSupplier f = this::uniform;
                }
                """), Messages.stepLambda(), "this::uniform");
    }

    @Test
    void thisAsValue_isRejected() {
        assertRejected(cell("""
                @Step void s() {
                    Cell me = this;
                }
                """), Messages.thisEscape(), "Cell me = this");
    }

    @Test
    void chainedAssignment_isRejected() {
        assertRejected(cell("""
                @Step void s() {
                    int a;
                    int b;
                    a = b = 0;
                }
                """), Messages.nestedAssignment(), "a = b = 0");
    }

    @Test
    void incrementInsideArrayIndex_isRejected() {
        assertRejected(cell("""
                @Step void s() {
                    int i = 0;
                    hist[i++] = 1;
                }
                """), Messages.nestedAssignment(), "hist[i++]");
    }

    @Test
    void switchStatement_isRejected() {
        assertRejected(cell("""
                @Step void s(int mode) {
                    switch (mode) {
                        case 0 -> temp = 0;
                        default -> temp = 1;
                    }
                }
                """), Messages.unsupported("switch", "use if/else"), "switch (mode)");
    }

    @Test
    void instanceofTest_isRejected() {
        assertRejected(cell("""
                @Step void s() {
                    Cell east = neighbor(1);
                    boolean b = east instanceof Cell;
                }
                """), Messages.unsupported("instanceof", "steps have no references"), "instanceof");
    }

    @Test
    void labelledLoop_isRejectedAtTheLabel() {
        assertRejected(cell("""
                @Step void s() {
                    outer:
                    for (int i = 0; i < 4; i++) {
                        for (int j = 0; j < 4; j++) {
                            if (hist[j] == i) {
                                break outer;
                            }
                        }
                    }
                }
                """), Messages.unsupported("a labelled statement", "use a boolean flag to leave nested loops"),
                "outer:");
    }

    @Test
    void assertStatement_isRejected() {
        assertRejected(cell("""
                @Step void s() {
                    assert temp >= 0;
                }
                """), Messages.unsupported("assert", "check the condition with if"), "assert temp");
    }

    @Test
    void charLocal_isRejected() {
        assertRejected(cell("""
                @Step void s() {
                    char c = 'a';
                }
                """), Messages.unsupportedType("char"), "char c");
    }

    @Test
    void charLiteral_isRejected() {
        assertRejected(cell("""
                @Step void s() {
                    int c = 'a';
                }
                """), Messages.unsupportedType("char"), "int c = 'a'");
    }
}
