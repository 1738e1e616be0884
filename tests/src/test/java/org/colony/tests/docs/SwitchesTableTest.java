package org.colony.tests.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.colony.cuda.tuning.CudaSwitches;
import org.colony.kernel.KernelSwitches;
import org.colony.kernel.Switch;
import org.colony.runtime.tuning.RuntimeSwitches;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/switches.md} is the table of every tuning switch, written from the classes that declare them
 * ({@link KernelSwitches}, {@link RuntimeSwitches}, {@link CudaSwitches}): a switch added, removed or reworded there
 * fails this test until the page is written again with {@code -Dcolony.docs.write=true}.
 */
class SwitchesTableTest {

    private static final Path PAGE = Path.of("..", "docs", "switches.md");

    @Test
    void docsSwitches_isTheTableOfEverySwitch() throws IOException {
        String table = table();
        if (Boolean.getBoolean("colony.docs.write")) {
            Files.writeString(PAGE, table, StandardCharsets.UTF_8);
        }
        assertEquals(table, Files.exists(PAGE) ? Files.readString(PAGE, StandardCharsets.UTF_8) : "",
                "docs/switches.md is not the table of the switches the code declares; write it again with "
                + "./mvnw -pl tests -am test -Dtest=SwitchesTableTest -Dsurefire.failIfNoSpecifiedTests=false "
                + "-Dcolony.docs.write=true");
    }

    /** The page: a table per module, in the order the modules build. */
    static String table() {
        StringBuilder page = new StringBuilder("""
                # Tuning switches

                System properties (`-Dname=value` on the `java` command line, or in `COLONY_JAVA_OPTS` for `./mass`)
                that change how Colony runs a model, never what it computes: every switch keeps results bit for bit.
                Each is read when the part that uses it starts: once per JVM for most flags, per backend,
                collection or model's kernels for the others. A value a switch does not allow (`off` for a flag, a number out of
                its range) is refused with a message naming the switch, not read as something else. This page is
                written from the classes that declare them (`KernelSwitches`, `RuntimeSwitches`, `CudaSwitches`);
                `SwitchesTableTest` fails when the two differ.
                """);
        section(page, "Generated kernels (`org.colony.kernel.KernelSwitches`)", KernelSwitches.ALL);
        section(page, "Runtime and CPU backend (`org.colony.runtime.tuning.RuntimeSwitches`)", RuntimeSwitches.ALL);
        section(page, "CUDA backend (`org.colony.cuda.tuning.CudaSwitches`)", CudaSwitches.ALL);
        return page.toString();
    }

    private static void section(StringBuilder page, String title, List<Switch> switches) {
        page.append("\n## ").append(title).append("\n\n| switch | values | default | what it changes |\n")
                .append("| --- | --- | --- | --- |\n");
        for (Switch s : switches) {
            page.append("| `").append(s.property()).append("` | ").append(s.values()).append(" | `")
                    .append(s.fallback()).append("` | ").append(s.description().replace("|", "\\|")).append(" |\n");
        }
    }
}
