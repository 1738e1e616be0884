package org.colony.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import org.colony.processor.step.ColonyProcessor;

/**
 * Compiles model sources with the Colony processor as a user's build would, and states the common
 * expectation of rejection tests. The annotations and the runtime types that generated code references
 * come from the test classpath (the real runtime, so generated code is checked against its true API).
 */
final class Compilations {

    /** The package of the test models. */
    static final String PACKAGE = "test";

    private Compilations() {
    }

    /** Compiles sources with the processor, all lint warnings on. */
    static Compilation compile(JavaFileObject... sources) {
        List<JavaFileObject> all = new ArrayList<>(List.of(sources));
        return Compiler.javac()
                .withProcessors(new ColonyProcessor())
                .withOptions("-Xlint:all,-processing")
                .compile(all);
    }

    /** A source file in package {@value #PACKAGE} declaring {@code simpleName}, with the model language imported. */
    static JavaFileObject source(String simpleName, String body) {
        return JavaFileObjects.forSourceString(PACKAGE + "." + simpleName, """
                package test;

                import org.colony.Attribute;
                import org.colony.Dimensions;
                import org.colony.Place;
                import org.colony.Shared;
                import org.colony.Step;

                """ + body);
    }

    /**
     * A model class {@code Cell} with a scalar attribute {@code temp}, an array attribute {@code hist}
     * (length 4) and a shared scalar {@code rate}, plus the given members.
     */
    static JavaFileObject cell(String members) {
        return source("Cell", """
                public class Cell extends Place {
                    @Attribute double temp;
                    @Attribute(length = 4) int[] hist;
                    @Shared double rate;

                """ + members.indent(4) + "}\n");
    }

    /**
     * A place model {@code Land} for agent tests: scalar attributes {@code grass} (int) and {@code height}
     * (double), an array attribute {@code rain} (length 3), and one step.
     */
    static JavaFileObject land() {
        return source("Land", """
                public class Land extends Place {
                    @Attribute int grass;
                    @Attribute double height;
                    @Attribute(length = 3) int[] rain;

                    @Step void grow() {
                        grass = grass + 1;
                    }
                }
                """);
    }

    /** A source in package {@value #PACKAGE} declaring the agent class {@code simpleName}, {@code Agent} imported too. */
    static JavaFileObject agent(String simpleName, String body) {
        return source(simpleName, "import org.colony.Agent;\n\n" + body);
    }

    /**
     * An agent model {@code Ant extends Agent<Land>} with a scalar attribute {@code sugar} (int), an array
     * attribute {@code memory} (length 2) and a shared scalar {@code rate}, plus the given members.
     */
    static JavaFileObject ant(String members) {
        return agent("Ant", """
                public class Ant extends Agent<Land> {
                    @Attribute int sugar;
                    @Attribute(length = 2) int[] memory;
                    @Shared double rate;

                """ + members.indent(4) + "}\n");
    }

    /**
     * Asserts that compiling {@code source} (with {@code others}) reports exactly one error, {@code message}, on
     * the line of {@code source} containing {@code line}.
     */
    static void assertRejected(JavaFileObject source, String message, String line, JavaFileObject... others) {
        List<JavaFileObject> all = new ArrayList<>(List.of(source));
        all.addAll(List.of(others));
        Compilation compilation = compile(all.toArray(JavaFileObject[]::new));
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining(message).inFile(source).onLineContaining(line);
    }
}
