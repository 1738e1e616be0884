package org.colony.processor;

import static org.colony.processor.Compilations.assertRejected;
import static org.colony.processor.Compilations.cell;

import org.junit.jupiter.api.Test;

/** Checks on the signatures of steps and of the model methods they call. */
class StepSignatureTest {

    @Test
    void staticStep_isRejected() {
        assertRejected(cell("""
                @Step static void reset() {
                }
                """), Messages.stepStatic("reset"), "static void reset()");
    }

    @Test
    void stepReturningInt_isRejected() {
        assertRejected(cell("""
                @Step int count() {
                    return 1;
                }
                """), Messages.stepReturn("count", "int"), "int count()");
    }

    @Test
    void stringParameter_isRejectedOnTheParameter() {
        assertRejected(cell("""
                @Step void s(double r,
                        String label) {
                    temp = r;
                }
                """), Messages.stepParameter("label", "s", "java.lang.String"), "String label");
    }

    @Test
    void boxedParameter_isRejected() {
        assertRejected(cell("""
                @Step void s(Integer count) {
                }
                """), Messages.stepParameter("count", "s", "java.lang.Integer"), "Integer count");
    }

    @Test
    void arrayParameter_isRejected() {
        assertRejected(cell("""
                @Step void s(int[] values) {
                }
                """), Messages.stepParameter("values", "s", "int[]"), "int[] values");
    }

    @Test
    void negativeReach_isRejectedOnTheAnnotationValue() {
        assertRejected(cell("""
                @Step(reach = -1) void s() {
                }
                """), Messages.stepReach(-1), "reach = -1");
    }

    @Test
    void reachBeyondSixteen_isRejected() {
        assertRejected(cell("""
                @Step(reach = 17) void s() {
                }
                """), Messages.stepReach(17), "reach = 17");
    }

    @Test
    void predicateStepThatWrites_isRejected() {
        assertRejected(cell("""
                @Step boolean hot() {
                    temp = 0;
                    return temp > 1;
                }
                """), Messages.predicateWrites("hot", "temp"), "boolean hot()");
    }

    @Test
    void genericStep_isRejected() {
        assertRejected(cell("""
                @Step <T> void s() {
                }
                """), Messages.stepGeneric("s"), "<T> void s()");
    }

    @Test
    void stepWithoutBody_isRejected() {
        assertRejected(cell("""
                @Step native void s();
                """), Messages.stepNoBody("s"), "native void s()");
    }

    @Test
    void modelMethodReturningChar_isRejectedAtTheCall() {
        assertRejected(cell("""
                @Step void s() {
                    int c = letter();
                }

                char letter() {
                    return 'a';
                }
                """), Messages.helperReturn("letter", "char"), "int c = letter()");
    }

    @Test
    void modelMethodWithBoxedParameter_isRejectedAtTheCall() {
        assertRejected(cell("""
                @Step void s() {
                    temp = scaled(2);
                }

                double scaled(Integer k) {
                    return 2.0 * k;
                }
                """), Messages.stepParameter("k", "scaled", "java.lang.Integer"), "temp = scaled(2)");
    }
}
