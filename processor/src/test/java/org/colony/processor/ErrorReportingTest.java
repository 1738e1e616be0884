package org.colony.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.colony.processor.Compilations.cell;
import static org.colony.processor.Compilations.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** How errors are reported as a whole: every independent one, each once, in the file and on the line it concerns. */
class ErrorReportingTest {

    @Test
    void independentErrorsInOneStep_areAllReported() {
        JavaFileObject cell = cell("""
                @Step void s() {
                    var random = new java.util.Random();
                    String label;
                    temp = Math.random();
                    synchronized (this) {
                        temp = 1;
                    }
                }
                """);
        Compilation compilation = Compilations.compile(cell);
        assertThat(compilation).hadErrorCount(4);
        assertThat(compilation).hadErrorContaining(Messages.stepAllocation()).inFile(cell)
                .onLineContaining("new java.util.Random()");
        assertThat(compilation).hadErrorContaining(Messages.stepString()).inFile(cell).onLineContaining("String label");
        assertThat(compilation).hadErrorContaining(Messages.mathRandom()).inFile(cell)
                .onLineContaining("temp = Math.random()");
        assertThat(compilation).hadErrorContaining(Messages.stepSynchronized()).inFile(cell)
                .onLineContaining("synchronized (this)");
    }

    @Test
    void errorsFoundByDifferentValidators_areAllReported() {
        JavaFileObject cell = source("Cell", """
                public class Cell extends Place {
                    @Attribute static double temp;
                    @Shared(length = 2) double rate;

                    @Step static void reset() {
                    }
                }
                """);
        Compilation compilation = Compilations.compile(cell);
        assertThat(compilation).hadErrorCount(3);
        assertThat(compilation).hadErrorContaining(Messages.attributeStatic("temp")).inFile(cell)
                .onLineContaining("static double temp");
        assertThat(compilation).hadErrorContaining(Messages.sharedLengthOnScalar("rate")).inFile(cell)
                .onLineContaining("double rate");
        assertThat(compilation).hadErrorContaining(Messages.stepStatic("reset")).inFile(cell)
                .onLineContaining("void reset()");
    }

    @Test
    void errorInModelMethodInlinedTwice_isReportedOnce() {
        JavaFileObject cell = cell("""
                @Step void first() {
                    temp = noise();
                    temp += noise();
                }

                @Step void second() {
                    temp = noise();
                }

                double noise() {
                    return Math.random();
                }
                """);
        Compilation compilation = Compilations.compile(cell);
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining(Messages.mathRandom()).inFile(cell)
                .onLineContaining("return Math.random()");
    }

    @Test
    void errorsInTwoModels_areEachReportedInTheirOwnFile() {
        JavaFileObject first = source("First", """
                public class First extends Place {
                    @Attribute double temp;

                    @Step void s() {
                        temp = Math.random();
                    }
                }
                """);
        JavaFileObject second = source("Second", """
                public class Second extends Place {
                    @Attribute char letter;
                }
                """);
        Compilation compilation = Compilations.compile(first, second);
        assertThat(compilation).hadErrorCount(2);
        assertThat(compilation).hadErrorContaining(Messages.mathRandom()).inFile(first)
                .onLineContaining("temp = Math.random()");
        assertThat(compilation).hadErrorContaining(Messages.attributeType("letter", "char")).inFile(second)
                .onLineContaining("char letter");
    }
}
