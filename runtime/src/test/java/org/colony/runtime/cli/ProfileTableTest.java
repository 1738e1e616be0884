package org.colony.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.colony.runtime.profile.StepProfile;
import org.junit.jupiter.api.Test;

class ProfileTableTest {

    @Test
    void format_listsCallsTotalMeanAndShare_withATotalLine() {
        StepProfile p = new StepProfile();
        for (int i = 0; i < 4; i++) {
            p.record("SugarCell.grow", 250_000);
            p.record("SugarCell.diffuse", 2_000_000);
        }
        p.record("SugarCell.init", 1_000_000);
        List<String> lines = ProfileTable.format(p).lines().toList();
        assertEquals(List.of(
                "profile   calls and time per step (wall clock on the JVM)",
                "          step                 calls       total        mean   share",
                "          SugarCell.grow           4    1.000 ms    250.0 us   10.0%",
                "          SugarCell.diffuse        4    8.000 ms    2.000 ms   80.0%",
                "          SugarCell.init           1    1.000 ms    1.000 ms   10.0%",
                "          all steps                9   10.000 ms              100.0%"), lines);
    }

    @Test
    void format_withDeviceTimes_addsDeviceColumns() {
        StepProfile p = new StepProfile();
        p.record("Ant.look", 20_000);
        p.recordDevice("Ant.look", 1.5);
        p.record("Ant.manageAll", 80_000);
        List<String> lines = ProfileTable.format(p).lines().toList();
        assertEquals("profile   calls and time per step (wall clock on the JVM; device time from the backend)",
                lines.get(0));
        assertEquals("          step             calls       total        mean   share device total  device mean",
                lines.get(1));
        assertEquals("          Ant.look             1     20.0 us     20.0 us   20.0%     1.500 ms     1.500 ms",
                lines.get(2));
        assertEquals("          Ant.manageAll        1     80.0 us     80.0 us   80.0%            -            -",
                lines.get(3));
        assertEquals("          all steps            2    100.0 us              100.0%     1.500 ms             ",
                lines.get(4));
    }
}
