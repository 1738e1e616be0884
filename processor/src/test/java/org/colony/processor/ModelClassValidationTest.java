package org.colony.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.colony.processor.Compilations.assertRejected;
import static org.colony.processor.Compilations.cell;
import static org.colony.processor.Compilations.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** Checks on the model class itself: its superclass, nesting, type parameters, dimensions and method names. */
class ModelClassValidationTest {

    @Test
    void modelNotExtendingPlace_isRejectedOnTheClass() {
        assertRejected(source("Cell", """
                public class Cell {
                    @Attribute double temp;
                }
                """), Messages.modelNotPlace("test.Cell"), "public class Cell");
    }

    @Test
    void innerModelClass_isRejected() {
        assertRejected(source("Outer", """
                public class Outer {
                    public class Cell extends Place {
                        @Attribute double temp;
                    }
                }
                """), Messages.modelNesting("Cell"), "public class Cell");
    }

    @Test
    void staticNestedModelClass_isAccepted() {
        assertThat(Compilations.compile(source("Outer", """
                public class Outer {
                    public static class Cell extends Place {
                        @Attribute double temp;

                        @Step void s() {
                            temp = temp + 1;
                        }
                    }
                }
                """))).succeededWithoutWarnings();
    }

    @Test
    void localModelClass_isRejected() {
        assertRejected(source("Outer", """
                public class Outer {
                    void build() {
                        class Cell extends Place {
                            @Attribute double temp;
                        }
                    }
                }
                """), Messages.modelNesting("Cell"), "class Cell extends Place");
    }

    @Test
    void anonymousModelClass_isRejected() {
        assertRejected(source("Outer", """
                public class Outer {
                    Object probe = new Place() {
                        @Attribute double temp;
                    };
                }
                """), Messages.modelNesting("(anonymous)"), "new Place()");
    }

    @Test
    void genericModelClass_isRejected() {
        assertRejected(source("Cell", """
                public class Cell<T> extends Place {
                    @Attribute double temp;
                }
                """), Messages.modelGeneric("test.Cell"), "public class Cell<T>");
    }

    @Test
    void abstractModelClass_isRejected() {
        assertRejected(source("Cell", """
                public abstract class Cell extends Place {
                    @Attribute double temp;
                }
                """), Messages.modelAbstract("test.Cell"), "public abstract class Cell");
    }

    @Test
    void fourDimensions_areRejectedOnTheAnnotationValue() {
        assertRejected(source("Cell", """
                @Dimensions(4)
                public class Cell extends Place {
                    @Attribute double temp;
                }
                """), Messages.modelDimensions(4), "@Dimensions(4)");
    }

    @Test
    void overloadedSteps_areEachRejected() {
        JavaFileObject cell = cell("""
                @Step void s() {
                    temp = 0;
                }

                @Step void s(int k) {
                    temp = k;
                }
                """);
        Compilation compilation = Compilations.compile(cell);
        assertThat(compilation).hadErrorCount(2);
        assertThat(compilation).hadErrorContaining(Messages.modelOverload("s")).inFile(cell).onLineContaining("void s()");
        assertThat(compilation).hadErrorContaining(Messages.modelOverload("s")).inFile(cell)
                .onLineContaining("void s(int k)");
    }

    @Test
    void overloadedModelMethodCalledFromStep_isRejectedAtTheCall() {
        assertRejected(cell("""
                @Step void s() {
                    temp = twice(1);
                }

                double twice(int k) {
                    return 2 * k;
                }

                double twice(double k) {
                    return 2 * k;
                }
                """), Messages.modelOverload("twice"), "temp = twice(1)");
    }

    @Test
    void modelMethodNamedLikeIntrinsic_isRejected() {
        assertRejected(cell("""
                double normal(double mean, double deviation) {
                    return mean + deviation;
                }
                """), Messages.modelIntrinsicName("normal"), "double normal(");
    }
}
