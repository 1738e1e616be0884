package org.colony.tests.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.colony.runtime.Config;
import org.colony.tests.mpi.MpiDriver.Case;
import org.junit.jupiter.api.Test;

/**
 * Two hosts on one machine: ranks in two network namespaces joined by a veth pair, started through Open MPI's remote
 * launch, every message over TCP between the namespaces' own addresses ({@code scripts/mpi-two-hosts.sh}). The
 * checksums are those of one process. Skipped, with the reason, where namespaces cannot be made (not root).
 */
class MpiTwoHostsTest {

    @Test
    void ranksOnTwoHostsGiveTheBitsOfOneProcess() throws Exception {
        MpiJob.require();
        Path script = Path.of("..", "scripts", "mpi-two-hosts.sh").toAbsolutePath().normalize();
        List<String> models = List.of("heat2d:43:12:2", "sugarscape:45:10:1", "wolfsheep:39:10:1");
        List<String> command = new ArrayList<>(List.of("bash", script.toString(), "--ranks", "3", "--timeout", "200",
                "--"));
        command.addAll(MpiJob.java(MpiDriver.class.getName(), models.toArray(String[]::new)));
        MpiJob.Result r = MpiJob.run(command, 240);
        assumeTrue(r.status() != 77, () -> "no two hosts here: " + r.err().strip());
        assertEquals(0, r.status(), () -> "the two-host job failed:\n" + r.out() + r.err());
        assertEquals(true, r.err().contains("10.231."), () -> "the script names the hosts' addresses:\n" + r.err());
        List<String> lines = Arrays.stream(r.out().split("\n")).filter(l -> !l.isBlank()).toList();
        assertEquals(models.size(), lines.size(), r.out() + r.err());
        for (int i = 0; i < models.size(); i++) {
            Case c = Case.parse(models.get(i));
            String expected = MpiDriver.run(Config.defaults().withBackend("cpu").withThreads(1).withSeed(42),
                    new Case(c.model(), c.side(), c.steps(), 1), -1, -1);
            assertEquals(expected, lines.get(i), models.get(i) + " on two hosts");
        }
        assertEquals(true, Files.isRegularFile(script));
    }
}
