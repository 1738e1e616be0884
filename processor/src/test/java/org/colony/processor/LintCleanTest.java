package org.colony.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import javax.annotation.processing.Processor;
import org.colony.processor.step.ColonyProcessor;
import org.colony.processor.step.OwnAnnotationsClaim;
import org.junit.jupiter.api.Test;

/** A user's build with every lint warning an error compiles a model without a warning from the processors. */
class LintCleanTest {

    private static final String MODEL = """
            public class Cell extends Place {
                @Attribute double temp;
                @Shared double rate;

                @Step public void diffuse() {
                    Cell e = neighbor(1, 0);
                    temp = temp + rate * (e.temp - temp);
                }
            }
            """;

    @Test
    void modelWithAllLintAsErrors_compilesWithoutWarnings() {
        Compilation compilation = Compiler.javac()
                .withProcessors(processorsInServiceOrder())
                .withOptions("-Xlint:all", "-Werror")
                .compile(Compilations.source("Cell", MODEL));

        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).generatedSourceFile("test.Cell_Kernels");
    }

    @Test
    void withoutTheClaim_javacWarnsThatNoProcessorClaimedTheAnnotations() {
        Compilation compilation = Compiler.javac()
                .withProcessors(new ColonyProcessor())
                .withOptions("-Xlint:all")
                .compile(Compilations.source("Cell", MODEL));

        assertThat(compilation).hadWarningContaining("No processor claimed any of these annotations");
    }

    @Test
    void claimComesAfterTheProcessor_inTheServiceFile() throws IOException {
        // javac stops offering a round's annotations to later processors once all are claimed: the claim must come last
        assertThat(serviceFile()).containsExactly(ColonyProcessor.class.getName(), OwnAnnotationsClaim.class.getName())
                .inOrder();
    }

    private static List<Processor> processorsInServiceOrder() {
        return List.of(new ColonyProcessor(), new OwnAnnotationsClaim());
    }

    private static List<String> serviceFile() throws IOException {
        try (InputStream in = Objects.requireNonNull(ColonyProcessor.class.getClassLoader()
                .getResourceAsStream("META-INF/services/" + Processor.class.getName()))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(String::strip)
                    .filter(line -> !line.isEmpty() && !line.startsWith("#")).toList();
        }
    }
}
