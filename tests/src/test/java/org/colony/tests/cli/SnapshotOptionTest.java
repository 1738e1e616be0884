package org.colony.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import org.colony.runtime.io.ColorMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mass run --snapshot}: every bad file and attribute refused before the first step, files written whole, names
 * taken literally, array elements, non-finite values and fixed ranges, and a failed frame that loses nothing else.
 */
class SnapshotOptionTest {

    private static Mass.Result mass(String... args) {
        return Mass.run(args);
    }

    /** A heat2d run of a billion steps with these options: it must be refused before its first step. */
    private static Mass.Result refusedAtOnce(String... options) {
        List<String> args = new ArrayList<>(List.of("run", "heat2d", "--size", "16", "--steps", "1000000000",
                "--backend", "cpu", "--quiet"));
        args.addAll(List.of(options));
        Mass.Result r = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> mass(args.toArray(String[]::new)),
                "refused only after steps ran: " + args);
        assertEquals(2, r.rc(), String.join(" ", args) + ": " + r.out() + r.err());
        assertEquals("", r.out(), "nothing ran: " + args);
        assertEquals(1, r.err().lines().count(), "one line: " + r.err());
        return r;
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    private static int rgb(BufferedImage image, int x, int y) {
        return image.getRGB(x, y) & 0xFFFFFF;
    }

    @Test
    void badFiles_areRefusedBeforeTheFirstStep_andNothingAtThePathIsTouched(@TempDir Path dir) throws IOException {
        Path empty = Files.createDirectory(dir.resolve("empty.png"));
        String spec = "temp=" + empty;
        assertEquals("mass: error: --snapshot " + spec + ": " + empty + " is a directory; name a file in it, like "
                + empty.resolve("a.png"), refusedAtOnce("--snapshot", spec).err().strip());
        assertTrue(Files.isDirectory(empty), "an existing empty directory at the path is kept");
        Path missing = dir.resolve("frames").resolve("t.png");
        spec = "temp=" + missing + "@100";
        assertEquals("mass: error: --snapshot " + spec + ": the directory of " + dir.resolve("frames/t-000100.png")
                + " does not exist; create " + dir.resolve("frames") + " first",
                refusedAtOnce("--snapshot", spec).err().strip());
        Path file = Files.writeString(dir.resolve("plain"), "x");
        spec = "temp=" + file.resolve("t.png");
        assertEquals("mass: error: --snapshot " + spec + ": the directory of " + file.resolve("t.png") + ", " + file
                + ", is not a directory", refusedAtOnce("--snapshot", spec).err().strip());
        spec = "temp=" + dir.resolve("t.jpg");
        assertEquals("mass: error: --snapshot " + spec + ": snapshots are PNG files, or an animated GIF; name one "
                + "ending in .png or .gif", refusedAtOnce("--snapshot", spec).err().strip());
        spec = "temp=" + dir.resolve("{step}").resolve("t.png") + "@5";
        assertEquals("mass: error: --snapshot " + spec + ": {step} goes in the file's name, not in its directory",
                refusedAtOnce("--snapshot", spec).err().strip());
        String twice = "temp=" + dir.resolve("t.png");
        assertEquals("mass: error: --snapshot " + twice + " and --snapshot " + twice + " write the same files; name "
                + "another file for one of them",
                refusedAtOnce("--snapshot", twice, "--snapshot", twice).err().strip());
        assertEquals(List.of("empty.png", "plain"), names(dir), "the checks leave nothing behind");
        assertEquals(List.of(), names(empty));
    }

    @Test
    void badAttributes_areRefusedBeforeTheFirstStep(@TempDir Path dir) {
        String file = dir.resolve("t.png").toString();
        String unknown = refusedAtOnce("--snapshot", "nope=" + file).err();
        assertTrue(unknown.startsWith("mass: error: --snapshot nope=" + file + ": HeatCell has no attribute 'nope'; "
                + "attributes: ["), unknown);
        assertEquals("mass: error: --snapshot temp[1]=" + file + ": HeatCell.temp is not an array; leave out the "
                + "element [1]", refusedAtOnce("--snapshot", "temp[1]=" + file).err().strip());
        assertEquals("mass: error: --snapshot temp[x]=" + file + ": the element in temp[x] must be a whole number of "
                + "0 or more", refusedAtOnce("--snapshot", "temp[x]=" + file).err().strip());
        assertEquals("mass: error: --snapshot-range nope=0:1: no --snapshot draws nope",
                refusedAtOnce("--snapshot", "temp=" + file, "--snapshot-range", "nope=0:1").err().strip());
        assertEquals("mass: error: --snapshot-range temp=5:1: the value range min=5.0 max=1.0 is not a range; give "
                + "two finite numbers, the smaller first",
                refusedAtOnce("--snapshot", "temp=" + file, "--snapshot-range", "temp=5:1").err().strip());
        for (String attribute : List.of("h", "h[4]")) {
            Mass.Result r = mass("run", "snapshotfield", "--steps", "1000000000", "--quiet", "--backend", "cpu",
                    "--snapshot", attribute + "=" + file);
            assertEquals(2, r.rc(), r.err());
            assertEquals("", r.out(), "nothing ran");
            String expected = attribute.equals("h")
                    ? "HistoryCell.h is an array of 4; name the element to draw, h[0] to h[3]"
                    : "HistoryCell.h has no element 4; it is an array of 4, h[0] to h[3]";
            assertEquals("mass: error: --snapshot " + attribute + "=" + file + ": " + expected, r.err().strip());
        }
    }

    @Test
    void periodicNames_takePercentLiterally_andPutTheStepInPlaceOfItsPlaceholder(@TempDir Path dir)
            throws IOException {
        Mass.Result r = mass("run", "heat2d", "--size", "16", "--steps", "10", "--backend", "cpu", "--quiet",
                "--snapshot", "temp=" + dir.resolve("100%-{step}.png") + "@5",
                "--snapshot", "temp=" + dir.resolve("a%d.png") + "@10",
                "--snapshot", "temp=" + dir.resolve("end-{step}%s.png"));
        assertEquals(0, r.rc(), r.err());
        assertEquals(List.of("100%-000005.png", "100%-000010.png", "a%d-000010.png", "end-000010%s.png"), names(dir),
                "every frame, no temporary file left");
        assertTrue(r.out().contains("snapshot  " + dir.resolve("100%-000005.png") + " to 100%-000010.png: 2 frames, "
                + "the last scale "), r.out());
        assertTrue(r.out().contains("snapshot  " + dir.resolve("end-000010%s.png") + ": scale "), r.out());
    }

    @Test
    void anArraysElement_isDrawn_withNonFiniteValuesApartAndCounted(@TempDir Path dir) throws IOException {
        Path h2 = dir.resolve("h2.png");
        Path d1 = dir.resolve("d1.png");
        Mass.Result r = mass("run", "snapshotfield", "--size", "8x4", "--steps", "1", "--quiet", "--backend", "cpu",
                "--snapshot", "h[2]=" + h2, "--snapshot", "d[1]=" + d1);
        assertEquals(0, r.rc(), r.err());
        BufferedImage image = ImageIO.read(h2.toFile());
        for (int y = 0; y < 4; y++) {
            for (int x = 0; x < 8; x++) {
                int i = x + 8 * y;
                assertEquals(ColorMap.rgb(i * 3 / 93.0), rgb(image, x, y), "h[2] at x=" + x + " y=" + y);
            }
        }
        assertTrue(r.out().contains("snapshot  " + h2 + ": scale 0 to 93\n"), r.out());
        assertTrue(r.out().contains("snapshot  " + d1 + ": scale 0 to 31; 1 NaN, 1 +inf (drawn apart)\n"), r.out());
        BufferedImage d = ImageIO.read(d1.toFile());
        assertEquals(0x808080, rgb(d, 1, 0), "NaN in grey");
        assertEquals(0x1E50FF, rgb(d, 2, 0), "+inf in blue");
        assertEquals(ColorMap.rgb(1), rgb(d, 7, 3), "the scale ends at the largest finite value");
    }

    @Test
    void aFixedRange_holdsForEveryFrame(@TempDir Path dir) throws IOException {
        Mass.Result r = mass("run", "snapshotfield", "--size", "8x4", "--steps", "2", "--quiet", "--backend", "cpu",
                "--snapshot", "h[0]=" + dir.resolve("h.png") + "@1", "--snapshot-range", "h[0]=0:62");
        assertEquals(0, r.rc(), r.err());
        assertTrue(r.out().contains("snapshot  " + dir.resolve("h-000001.png") + " to h-000002.png: 2 frames, "
                + "scale 0 to 62 (fixed)\n"), r.out());
        BufferedImage image = ImageIO.read(dir.resolve("h-000002.png").toFile());
        assertEquals(ColorMap.rgb(0.5), rgb(image, 7, 3), "31 on a scale of 0 to 62");
    }

    @Test
    void aFrameThatCannotBeWritten_endsInOneLine_afterTheWholeReport(@TempDir Path dir) throws IOException {
        Path frames = Files.createDirectory(dir.resolve("frames"));
        String spec = "h[1]=" + frames.resolve("h.png") + "@1";
        Mass.Result r = mass("run", "snapshotfield", "--steps", "4", "--quiet", "--backend", "cpu", "--param",
                "spoil=" + frames, "--snapshot", spec);
        assertEquals(2, r.rc(), r.out() + r.err());
        assertTrue(r.out().contains("\nchecksum  "), "the report is printed: " + r.out());
        assertTrue(r.out().contains("snapshot  " + frames.resolve("h-000001.png") + " to h-000001.png: 1 frame"),
                r.out());
        assertEquals("mass: error: --snapshot " + spec + ": cannot write " + frames.resolve("h-000002.png")
                + ": no such file or directory (after step 2); the rest of the run and its report are complete",
                r.err().strip());
        assertEquals(List.of(), names(dir));

        Files.createDirectory(frames);
        String gif = "h[1]=" + frames.resolve("h.gif") + "@1";
        Mass.Result animation = mass("run", "snapshotfield", "--steps", "4", "--quiet", "--backend", "cpu", "--param",
                "spoil=" + frames, "--snapshot", gif);
        assertEquals(2, animation.rc(), animation.out() + animation.err());
        assertTrue(animation.out().contains("\nchecksum  "), "the report is printed: " + animation.out());
        assertFalse(animation.out().contains("snapshot  "), "no line for an animation not written: " + animation.out());
        assertEquals("mass: error: --snapshot " + gif + ": cannot write " + frames.resolve("h.gif") + ": no such file "
                + "or directory (at the end); the rest of the run and its report are complete",
                animation.err().strip());
        assertEquals(List.of(), names(dir));
    }

    @Test
    void aGifName_writesOneAnimationOfTheSeries(@TempDir Path dir) throws IOException {
        Path gif = dir.resolve("heat.gif");
        Mass.Result r = mass("run", "heat2d", "--size", "16", "--steps", "10", "--backend", "cpu", "--quiet",
                "--snapshot", "temp=" + gif + "@2", "--snapshot-range", "temp=0:20");
        assertEquals(0, r.rc(), r.err());
        assertEquals(List.of("heat.gif"), names(dir), "one file, no temporary file left");
        assertTrue(r.out().contains("snapshot  " + gif + ": an animation of 5 frames at 10 a second, scale 0 to 20 "
                + "(fixed)\n"), r.out());
        try (ImageInputStream in = ImageIO.createImageInputStream(gif.toFile())) {
            ImageReader reader = ImageIO.getImageReadersByFormatName("gif").next();
            reader.setInput(in);
            assertEquals(5, reader.getNumImages(true));
            reader.dispose();
        }
        String spec = "temp=" + dir.resolve("t-{step}.gif") + "@2";
        assertEquals("mass: error: --snapshot " + spec + ": an animated GIF is one file of all the frames; leave "
                + "{step} out of its name", refusedAtOnce("--snapshot", spec).err().strip());
    }

    @Test
    void agents_areALayerOverTheMap_namedInTheLegend(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("food.png");
        Mass.Result r = mass("run", "stupidmodel", "--size", "32", "--steps", "3", "--backend", "cpu", "--quiet",
                "--param", "bugs=20", "--param", "predators=3", "--snapshot", "food=" + file);
        assertEquals(0, r.rc(), r.err());
        BufferedImage image = ImageIO.read(file.toFile());
        int bugs = 0;
        for (int y = 0; y < 32; y++) {
            for (int x = 0; x < 32; x++) {
                bugs += rgb(image, x, y) == 0x00E5FF ? 1 : 0;
            }
        }
        assertTrue(bugs > 0 && bugs <= 20, "bugs drawn in cyan: " + bugs);
        int keyTop = 32 + 4 + 10 + 4 + 7 + 4; // the map, the colour bar and the range, then the keys
        assertEquals(0x00E5FF, rgb(image, 4, keyTop), "the first collection's key");
        assertEquals(0xFFFFFF, rgb(image, 4 + 7 + 3 + (3 * 6 - 1) + 12, keyTop), "the second's");
    }
}
