package org.colony.processor;

import static org.colony.processor.Compilations.assertRejected;
import static org.colony.processor.Compilations.cell;

import org.junit.jupiter.api.Test;

/** What a step may read and write besides its locals: attributes, @Shared fields and constants only. */
class FieldAccessTest {

    @Test
    void readOfPlainInstanceField_isRejected() {
        assertRejected(cell("""
                double scratch;

                @Step void s() {
                    temp = scratch;
                }
                """), Messages.stepField("scratch"), "temp = scratch");
    }

    @Test
    void writeOfPlainInstanceField_isRejected() {
        assertRejected(cell("""
                double scratch;

                @Step void s() {
                    scratch = temp;
                }
                """), Messages.stepFieldWrite("scratch"), "scratch = temp");
    }

    @Test
    void readOfMutableStaticField_isRejected() {
        assertRejected(cell("""
                static double total;

                @Step void s() {
                    temp = total;
                }
                """), Messages.stepStaticState("total"), "temp = total");
    }

    @Test
    void writeOfMutableStaticField_isRejected() {
        assertRejected(cell("""
                static double total;

                @Step void s() {
                    total = temp;
                }
                """), Messages.stepStaticState("total"), "total = temp");
    }

    @Test
    void staticFinalThatIsNotACompileTimeConstant_isRejected() {
        assertRejected(cell("""
                static final long START = System.nanoTime();

                @Step void s() {
                    temp = START;
                }
                """), Messages.stepStaticState("START"), "temp = START");
    }

    @Test
    void arrayAttributeWithoutIndex_isRejected() {
        assertRejected(cell("""
                @Step void s() {
                    if (hist == null) {
                        temp = 0;
                    }
                }
                """), Messages.stepArray("array attribute hist must be indexed: hist[k]"), "hist == null");
    }

    @Test
    void writeOfArrayAttributeWithoutIndex_isRejected() {
        assertRejected(cell("""
                @Step void s() {
                    hist = null;
                }
                """), Messages.stepArray("array attribute hist is written one element at a time: hist[k] = ..."),
                "hist = null");
    }

    @Test
    void writeOfSharedField_isRejected() {
        assertRejected(cell("""
                @Step void s() {
                    rate = 2;
                }
                """), Messages.sharedWrite("rate"), "rate = 2");
    }

    @Test
    void writeOfSharedFieldThroughThis_isRejected() {
        assertRejected(cell("""
                @Step void s() {
                    this.rate += temp;
                }
                """), Messages.sharedWrite("rate"), "this.rate += temp");
    }

    @Test
    void indexOfScalarAttribute_isRejected() {
        assertRejected(cell("""
                @Step void s() {
                    temp[0] = 1;
                }
                """), Messages.stepArray("temp is not an array"), "temp[0] = 1");
    }
}
