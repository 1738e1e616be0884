package org.colony.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.colony.processor.Compilations.assertRejected;
import static org.colony.processor.Compilations.cell;

import org.junit.jupiter.api.Test;

/** Rules for neighbour views, offsets and the dimensionality they imply. */
class NeighborTest {

    @Test
    void writeOfNeighbourAttribute_isRejected() {
        assertRejected(cell("""
                @Step void s() {
                    Cell east = neighbor(1, 0);
                    east.temp = temp;
                }
                """), Messages.neighborWrite("temp"), "east.temp = temp");
    }

    @Test
    void offsetBeyondSixteen_isRejectedOnTheOffset() {
        assertRejected(cell("""
                @Step void s() {
                    Cell far = neighbor(17, 0);
                    temp = far.temp;
                }
                """), Messages.neighborOffset(17), "neighbor(17, 0)");
    }

    @Test
    void offsetOfSixteen_isAccepted() {
        assertThat(Compilations.compile(cell("""
                @Step void s() {
                    Cell far = neighbor(-16, 16);
                    temp = far.temp;
                }
                """))).succeededWithoutWarnings();
    }

    @Test
    void offsetThroughLocalBeyondSixteen_isRejected() {
        assertRejected(cell("""
                @Step void s() {
                    int d = 20;
                    Cell far = neighbor(d);
                    temp = far.temp;
                }
                """), Messages.neighborOffset(20), "neighbor(d)");
    }

    @Test
    void neighborWithFourOffsets_isRejected() {
        assertRejected(cell("""
                @Step void s() {
                    Cell n = neighbor(1, 0, 0, 0);
                }
                """), Messages.neighborArity(4), "neighbor(1, 0, 0, 0)");
    }

    @Test
    void nonConstantOffsetWithoutReach_isRejected() {
        assertRejected(cell("""
                @Step void s(int d) {
                    Cell n = neighbor(d, 0);
                    temp = n.temp;
                }
                """), Messages.neighborReach(), "neighbor(d, 0)");
    }

    @Test
    void countingLoopBetweenLiterals_provesItsOffsets_withoutAReach() {
        assertThat(Compilations.compile(cell("""
                @Step void s() {
                    double sum = 0;
                    for (int dy = -2; dy <= 2; dy++) {
                        for (int dx = 2; dx > -3; --dx) {
                            Cell n = neighbor(dx, dy);
                            sum += n.temp;
                        }
                    }
                    temp = sum;
                }
                """))).succeededWithoutWarnings();
    }

    @Test
    void countingLoopWhoseBodyMovesItsCounter_provesNothing() {
        assertRejected(cell("""
                @Step void s() {
                    for (int d = -2; d <= 2; d++) {
                        Cell n = neighbor(d, 0);
                        temp = n.temp;
                        d += 0;
                    }
                }
                """), Messages.neighborReach(), "neighbor(d, 0)");
    }

    @Test
    void loopCounterStepsOtherThanOne_proveNothing() {
        assertRejected(cell("""
                @Step void s() {
                    for (int d = -2; d <= 2; d += 2) {
                        Cell n = neighbor(d, 0);
                        temp = n.temp;
                    }
                }
                """), Messages.neighborReach(), "neighbor(d, 0)");
    }

    @Test
    void methodCallOnNeighbour_isRejected() {
        assertRejected(cell("""
                @Step void s() {
                    Cell east = neighbor(1, 0);
                    temp = east.heat();
                }

                double heat() {
                    return temp * 2;
                }
                """), Messages.neighborMethodCall("heat(...)"), "east.heat()");
    }

    @Test
    void neighbourViewsComparedWithEquals_areRejected() {
        assertRejected(cell("""
                @Step void s() {
                    Cell east = neighbor(1, 0);
                    Cell west = neighbor(-1, 0);
                    if (east == west) {
                        temp = 0;
                    }
                }
                """), Messages.neighborCompare(), "east == west");
    }

    @Test
    void neighborWithTwoAndThreeOffsetsInOneModel_isRejectedAtTheSecond() {
        assertRejected(cell("""
                @Step void flat() {
                    Cell east = neighbor(1, 0);
                    temp = east.temp;
                }

                @Step void deep() {
                    Cell up = neighbor(0, 0, 1);
                    temp = up.temp;
                }
                """), Messages.dimensionConflict(3, 2), "neighbor(0, 0, 1)");
    }

    @Test
    void yInOneDimensionalModel_isRejected() {
        assertRejected(Compilations.source("Line", """
                @Dimensions(1)
                public class Line extends Place {
                    @Attribute int row;

                    @Step void s() {
                        row = y();
                    }
                }
                """), Messages.dimensionDeclared(2, 1), "row = y()");
    }

    @Test
    void neighborArityDisagreeingWithDimensions_isRejected() {
        assertRejected(Compilations.source("Line", """
                @Dimensions(1)
                public class Line extends Place {
                    @Attribute double v;

                    @Step void s() {
                        Line n = neighbor(1, 1);
                        v = n.v;
                    }
                }
                """), Messages.dimensionDeclared(2, 1), "neighbor(1, 1)");
    }

    @Test
    void coordWithNonConstantDimension_isRejected() {
        assertRejected(cell("""
                @Step void s(int d) {
                    temp = coord(d);
                }
                """), Messages.coordDimension("coord(d)"), "coord(d)");
    }

    @Test
    void sizeWithOutOfRangeDimension_isRejected() {
        assertRejected(cell("""
                @Step void s() {
                    temp = size(3);
                }
                """), Messages.coordDimension("size(d)"), "size(3)");
    }
}
