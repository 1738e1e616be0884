package org.colony.tests.lang;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.colony.ColonyException;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.colony.tests.agents.Field;
import org.colony.tests.partition.PartitionedAgentsTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code Places.load}: a cell data file (coordinates, then one value per attribute) sets the places it names, on one
 * block and on partitions; a bad line stops with the file and line, and nothing is loaded.
 */
class CellFileTest {

    @TempDir
    Path dir;

    private Path file(String text) throws IOException {
        Path f = dir.resolve("cells.txt");
        Files.writeString(f, text);
        return f;
    }

    @Test
    void aCellFile_setsThePlacesItNames_andLeavesTheOthers() throws IOException {
        Path f = file("""
                # habitat cells of a 4 x 3 grid
                X\tY\tproduction\tmark
                0\t0\t0.25\t7
                3,2,-1e-3,-4
                1 1 0.5 0

                2; 0; 1.0E2; 2147483647
                """);
        for (String partitions : new String[] {null, "4", "2x2"}) {
            try (Simulation sim = PartitionedAgentsTest.sim(new String[] {"--backend=cpu"}, 1, 2, partitions)) {
                Places<Field> field = sim.places(Field.class, Grid.of(4, 3));
                double[] before = new double[12];
                Arrays.fill(before, 9.0);
                field.set("dsum", before);
                assertEquals(4, field.load(f, "dsum", "mark"));
                double[] dsum = field.getDouble("dsum");
                assertEquals(0.25, dsum[0]);
                assertEquals(-1e-3, dsum[3 + 4 * 2]);
                assertEquals(0.5, dsum[1 + 4]);
                assertEquals(100.0, dsum[2]);
                assertEquals(9.0, dsum[1], "places the file does not name keep their values");
                assertArrayEquals(new int[] {7, 0, Integer.MAX_VALUE, 0, 0, 0, 0, 0, 0, 0, 0, -4},
                        field.getInt("mark"), "on " + partitions);
            }
        }
    }

    @Test
    void aBadFile_namesItsLine_andLoadsNothing() throws IOException {
        try (Simulation sim = Lang.sim(1)) {
            Places<Field> field = sim.places(Field.class, Grid.of(4, 3));
            String[][] cases = {
                {"0 0 1.5\n1 0 2\n3 3 1\n", "cells.txt line 3: y = 3 is outside the grid Grid[4 x 3]; nothing was loaded"},
                {"0 0 1.5\n1 0\n", "cells.txt line 2: 2 fields, expected 3 (x y dsum); nothing was loaded"},
                {"0 0 1.5\n0 0 2\n", "cells.txt line 2: the place (0, 0) was given before; nothing was loaded"},
                {"# c\n0 0 1.5\n1 x 2\n", "cells.txt line 3: y 'x' is not an integer (only the first line may be "
                    + "a header); nothing was loaded"},
                {"0 0 1.5\n1 0 two\n", "cells.txt line 2: dsum 'two' is not a double; nothing was loaded"},
                {"0.0 0.0 5\n", "cells.txt line 1: x '0.0' is not an integer (only the first line may be a header); "
                    + "nothing was loaded"},
                {"X Y dsum\nx y dsum\n", "cells.txt line 2: x 'x' is not an integer (only the first line may be a "
                    + "header); nothing was loaded"},
            };
            for (String[] c : cases) {
                Path f = file(c[0]);
                assertEquals(c[1], assertThrows(ColonyException.class, () -> field.load(f, "dsum")).getMessage()
                        .replace(field.grid().toString(), "Grid[4 x 3]"));
                assertArrayEquals(new double[12], field.getDouble("dsum"), "nothing was loaded: " + c[0]);
            }
            Path f = file("0 0 1.5 2.5\n");
            assertEquals("cells.txt line 1: mark '2.5' is not an int; nothing was loaded",
                    assertThrows(ColonyException.class, () -> field.load(f, "dsum", "mark")).getMessage());
            assertEquals("load(cells.txt): Field has no scalar attribute 'tally'; its scalar attributes are mark, "
                    + "total, dsum, fsum, lo, hi, dlo, walkers, stones, idSum, digest",
                    assertThrows(ColonyException.class, () -> field.load(f, "tally")).getMessage());
            assertEquals("load(cells.txt): attribute 'dsum' is named twice",
                    assertThrows(ColonyException.class, () -> field.load(f, "dsum", "dsum")).getMessage());
            Path missing = dir.resolve("none.txt");
            assertEquals("load(" + missing + "): no such file",
                    assertThrows(ColonyException.class, () -> field.load(missing, "dsum")).getMessage());
        }
    }
}
