package org.colony.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code mass plot} and {@code mass run --plot}: a PNG that ImageIO reads back, and bad input refused in one line. */
class PlotCommandTest {

    @TempDir
    Path dir;

    private static Mass.Result mass(String... args) {
        return Mass.run(args);
    }

    private static void assertImage(Path png) throws IOException {
        BufferedImage image = ImageIO.read(png.toFile());
        assertNotNull(image, png + " is not an image ImageIO reads");
        assertEquals(1000, image.getWidth());
        assertEquals(600, image.getHeight());
        assertFalse(Files.exists(png.resolveSibling(png.getFileName() + ".partial")));
    }

    @Test
    void runWithPlot_drawsTheRecordedSeries_andPlotDrawsChosenColumns() throws IOException {
        Path csv = dir.resolve("sugar.csv");
        Mass.Result run = mass("run", "sugarscape", "--quiet", "--backend=cpu", "--size=40", "--steps=6",
                "--record=" + csv + "@2", "--plot");
        assertEquals(0, run.rc(), run.err());
        assertTrue(run.out().contains("plot      " + dir.resolve("sugar.png")), run.out());
        assertImage(dir.resolve("sugar.png"));

        Path chosen = dir.resolve("chosen.png");
        Mass.Result plot = mass("plot", csv.toString(), "--out", chosen.toString(), "--series",
                "Ant.population,Ant.sugar.mean");
        assertEquals(0, plot.rc(), plot.err());
        assertEquals("plot      " + chosen + " (2 series)", plot.out().strip());
        assertImage(chosen);
    }

    @Test
    void nanAndInfinity_areDrawnAsGaps() throws IOException {
        Path csv = dir.resolve("gaps.csv");
        Files.writeString(csv, "step,time,a,b\n0,0,NaN,1.0\n1,1,NaN,Infinity\n2,2,NaN,3.5\n");
        Mass.Result plot = mass("plot", csv.toString());
        assertEquals(0, plot.rc(), plot.err());
        assertImage(dir.resolve("gaps.png"));
    }

    @Test
    void badPlots_areRefusedInOneLine_andWriteNothing() throws IOException {
        Path csv = dir.resolve("s.csv");
        Files.writeString(csv, "step,time,a\n0,0,1\n1,1,2\n");
        Files.writeString(dir.resolve("short.csv"), "step,time,a\n0,0\n");
        Files.writeString(dir.resolve("words.csv"), "step,time,a\n0,0,many\n");
        Files.writeString(dir.resolve("other.csv"), "x,y\n1,2\n");
        Files.writeString(dir.resolve("empty.csv"), "");
        String[][] cases = {
            {"plot", dir.resolve("missing.csv").toString(), "is not a file"},
            {"plot", csv.toString(), "--series", "b", "--series b: no such column; columns: step, time, a"},
            {"plot", csv.toString(), "--out", dir.resolve("s.jpg").toString(), "plots are PNG files"},
            {"plot", csv.toString(), "--out", dir.resolve("no").resolve("s.png").toString(), "does not exist"},
            {"plot", dir.resolve("short.csv").toString(), "line 2 has 2 fields, the header 3"},
            {"plot", dir.resolve("words.csv").toString(), "line 2: a=many is not a number"},
            {"plot", dir.resolve("other.csv").toString(), "is not a time series"},
            {"plot", dir.resolve("empty.csv").toString(), "is empty"},
            {"run", "epidemic", "--size=8", "--steps=1", "--plot", "--plot needs a file: add --record"},
        };
        for (String[] c : cases) {
            Mass.Result r = mass(List.of(c).subList(0, c.length - 1).toArray(String[]::new));
            assertEquals(2, r.rc(), String.join(" ", c) + ": " + r.err());
            List<String> lines = r.err().lines().filter(l -> l.startsWith("mass:")).toList();
            assertEquals(1, lines.size(), r.err());
            assertTrue(lines.get(0).contains(c[c.length - 1]), c[c.length - 1] + " in " + r.err());
        }
        try (var files = Files.list(dir)) {
            assertTrue(files.noneMatch(f -> f.toString().endsWith(".png") || f.toString().endsWith(".partial")));
        }
    }
}
