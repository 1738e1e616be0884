package org.colony.tests.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.colony.ColonyException;
import org.colony.runtime.Config;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.record.SeriesSpec;
import org.colony.runtime.record.TimeSeries;
import org.colony.tests.lang.HistoryCell;
import org.colony.tests.lang.RandomCell;
import org.colony.tests.lang.StatsCell;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every misuse of a time series is refused with one line naming it, and leaves no file behind. */
class TimeSeriesMisuseTest {

    @TempDir
    Path dir;

    private static Simulation sim() {
        return Simulation.create(Config.fromArgs("--backend=cpu", "--threads=1"));
    }

    private static String refused(Runnable r) {
        String message = assertThrows(ColonyException.class, r::run).getMessage();
        assertFalse(message.contains("\n"), message);
        return message;
    }

    @Test
    void badPaths_areRefusedAtCreate_andNothingIsWritten() throws IOException {
        try (Simulation sim = sim()) {
            assertTrue(refused(() -> TimeSeries.create(sim, dir, 1)).contains("is a directory"));
            assertTrue(refused(() -> TimeSeries.create(sim, dir.resolve("missing").resolve("a.csv"), 1))
                    .contains("does not exist"));
            assertTrue(refused(() -> TimeSeries.create(sim, dir.resolve("a.csv"), 0)).contains("1 or more steps"));
            Files.createDirectory(dir.resolve("b.csv.partial"));
            assertTrue(refused(() -> TimeSeries.create(sim, dir.resolve("b.csv"), 1)).contains("b.csv.partial is a "
                    + "directory"));
        }
        try (var files = Files.list(dir)) {
            assertEquals(List.of(dir.resolve("b.csv.partial")), files.toList());
        }
    }

    @Test
    void badSeries_areRefused_andAFileIsWrittenOnlyWithItsFirstRow() {
        Path file = dir.resolve("s.csv");
        try (Simulation sim = sim()) {
            Places<StatsCell> p = sim.places(StatsCell.class, Grid.of(5, 4));
            Places<HistoryCell> h = sim.places(HistoryCell.class, Grid.of(5, 4));
            Places<RandomCell> random = sim.places(RandomCell.class, Grid.of(5, 4));
            TimeSeries series = TimeSeries.create(sim, file, 2);
            assertEquals("StatsCell has no attribute 'w'; attributes: [v, f, n, big, flag, s, b]",
                    refused(() -> series.sum(p, "w")));
            assertTrue(refused(() -> series.sum(h, "h")).contains("is an array of 4; name the element: h[k]"));
            assertTrue(refused(() -> series.sum(h, "h[4]")).contains("element 4 of HistoryCell.h is out of range"));
            assertTrue(refused(() -> series.sum(p, "v[0]")).contains("is not an array"));
            assertTrue(refused(() -> series.mean(h, "h[x]")).contains("malformed"));
            assertTrue(refused(() -> series.count(p, "settle")).contains("is not a predicate step"));
            assertTrue(refused(() -> series.count(p, "nothing")).contains("has no step 'nothing'"));
            assertTrue(refused(() -> series.count(p, "flaggedAbove")).contains("takes 1 argument(s), not 0"));
            assertTrue(refused(() -> series.count(random, "coin", 0.5)).contains("draws random numbers"));
            assertTrue(refused(() -> series.histogram(p, "v", 1, 1, 4)).contains("is not a range"));
            assertTrue(refused(() -> series.histogram(p, "v", 0, Double.POSITIVE_INFINITY, 4))
                    .contains("is not a range"));
            assertTrue(refused(() -> series.histogram(p, "v", 0, 1, 0)).contains("bins=0 is out of range"));
            assertTrue(refused(() -> series.value("a,b", () -> 1)).contains("without commas"));
            assertTrue(refused(() -> series.record(0)).contains("has no series"));
            series.sum(p, "v");
            assertEquals("the time series has a column StatsCell.v.sum already", refused(() -> series.sum(p, "v")));
            assertFalse(Files.exists(file) || Files.exists(dir.resolve("s.csv.partial")), "written before a row");
            series.sample(0);
            assertTrue(Files.exists(dir.resolve("s.csv.partial")));
            assertTrue(refused(() -> series.max(p, "v")).contains("declare every series before the first row"));
            series.sample(1); // not a multiple of 2: no row
            assertEquals(1, series.rows());
            series.record(1);
            series.record(1); // the same step twice: one row
            assertEquals(2, series.rows());
            assertTrue(refused(() -> series.record(0)).contains("comes after step 1"));
            series.close();
        }
        assertTrue(Files.exists(file));
        assertFalse(Files.exists(dir.resolve("s.csv.partial")));
    }

    @Test
    void seriesText_ofEveryFormIsParsed_andMalformedTextIsRefused() {
        assertEquals(List.of(new SeriesSpec("Bug.population", "Bug", "", "population", 0, 0, 0, null, 0, 0),
                new SeriesSpec("Cell.h[2].sum", "Cell", "h[2]", "sum", 0, 0, 0, null, 0, 0),
                new SeriesSpec("Bug.size.hist(0.5:10:4)", "Bug", "size", "hist", 0.5, 10, 4, null, 0, 0),
                new SeriesSpec("Cell.count(burning)", "Cell", "burning", "count", 0, 0, 0, null, 0, 0)),
                SeriesSpec.parse("Bug.population, Cell.h[2].sum,Bug.size.hist(0.5:10:4),Cell.count(burning)"));
        for (String bad : List.of("", "Bug", "Bug.", ".size.sum", "Bug.size", "Bug.size.median", "Bug.size.hist(0:1)",
                "Bug.size.hist(a:1:2)", "Bug.size.hist(1:0:2)", "Bug.size.hist(0:1:0)", "Bug.count()",
                "Bug.count(a b)", "Bug.population,,Bug.size.sum")) {
            String message = refused(() -> SeriesSpec.parse(bad));
            assertTrue(message.startsWith("--series "), message);
        }
    }
}
