package org.colony.runtime.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.colony.ColonyException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Heat maps read back from their PNG files: colours, the legend, non-finite values and fixed ranges. */
class HeatMapTest {

    private static int rgb(BufferedImage image, int x, int y) {
        return image.getRGB(x, y) & 0xFFFFFF;
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void nanAndInfinities_haveColoursOfTheirOwn_areCounted_andLeaveTheScaleToTheFiniteValues(@TempDir Path dir)
            throws IOException {
        double nan = Double.NaN;
        double inf = Double.POSITIVE_INFINITY;
        double[] v = {0, 1, 2, 3, nan, inf, -inf, 3};
        Path file = dir.resolve("h.png");
        FrameStats stats = HeatMap.write(v, 4, 2, null, file);
        assertEquals(new FrameStats(0, 3, 1, 1, 1), stats);
        assertEquals("1 NaN, 1 +inf, 1 -inf", stats.nonFiniteText());
        BufferedImage image = ImageIO.read(file.toFile());
        assertEquals(ColorMap.rgb(0), rgb(image, 0, 0));
        assertEquals(ColorMap.rgb(1.0 / 3), rgb(image, 1, 0));
        assertEquals(ColorMap.rgb(1), rgb(image, 3, 0));
        assertEquals(HeatMapImage.NAN_RGB, rgb(image, 0, 1));
        assertEquals(HeatMapImage.POSITIVE_INFINITY_RGB, rgb(image, 1, 1));
        assertEquals(HeatMapImage.NEGATIVE_INFINITY_RGB, rgb(image, 2, 1));
        assertEquals(ColorMap.rgb(1), rgb(image, 3, 1), "one +inf does not black out the finite values");
        for (int colour : new int[] {HeatMapImage.NAN_RGB, HeatMapImage.POSITIVE_INFINITY_RGB,
            HeatMapImage.NEGATIVE_INFINITY_RGB}) {
            for (int t = 0; t <= 1000; t++) {
                assertNotEquals(colour, ColorMap.rgb(t / 1000.0), "a non-finite colour is on the scale");
            }
        }
        int keys = 2 + HeatMapImage.MARGIN + HeatMapImage.BAR_HEIGHT + HeatMapImage.MARGIN + PixelFont.HEIGHT
                + HeatMapImage.MARGIN;
        assertEquals(HeatMapImage.NAN_RGB, rgb(image, HeatMapImage.MARGIN, keys), "the legend's NaN key");
    }

    @Test
    void legend_hasTheColourBar_andTheRangeWrittenAtItsEnds(@TempDir Path dir) throws IOException {
        double[] v = new double[20 * 10];
        for (int i = 0; i < v.length; i++) {
            v[i] = -2.5 + i;
        }
        Path file = dir.resolve("bar.png");
        HeatMap.write(v, 20, 10, null, file);
        BufferedImage image = ImageIO.read(file.toFile());
        assertEquals(HeatMapImage.MIN_WIDTH, image.getWidth(), "a narrow map gets a legend of the least width");
        int bar = 10 + HeatMapImage.MARGIN;
        assertEquals(ColorMap.rgb(0), rgb(image, HeatMapImage.MARGIN, bar));
        assertEquals(ColorMap.rgb(1), rgb(image, image.getWidth() - 1 - HeatMapImage.MARGIN, bar));
        assertEquals(HeatMapImage.PANEL_RGB, rgb(image, 30, 5), "beside a narrow map: the legend's background");
        int labels = bar + HeatMapImage.BAR_HEIGHT + HeatMapImage.MARGIN;
        BufferedImage expected = new BufferedImage(image.getWidth(), image.getHeight(), BufferedImage.TYPE_INT_RGB);
        PixelFont.draw(expected, "-2.5", HeatMapImage.MARGIN, labels, 0xFFFFFF);
        PixelFont.draw(expected, "196.5", image.getWidth() - HeatMapImage.MARGIN - PixelFont.width("196.5"), labels,
                0xFFFFFF);
        int text = 0;
        for (int y = labels; y < labels + PixelFont.HEIGHT; y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                boolean lit = rgb(expected, x, y) == 0xFFFFFF;
                text += lit ? 1 : 0;
                assertEquals(lit, rgb(image, x, y) == HeatMapImage.TEXT_RGB, "label pixel x=" + x + " y=" + y);
            }
        }
        assertTrue(text > 20, "the labels are drawn: " + text + " pixels");
    }

    @Test
    void fixedRange_holdsAcrossFrames_andClampsValuesOutsideIt(@TempDir Path dir) throws IOException {
        ValueRange range = ValueRange.parse("0:100");
        HeatMap.write(new double[] {25, 50}, 2, 1, range, dir.resolve("a.png"));
        FrameStats stats = HeatMap.write(new double[] {50, 150, -7, 100}, 4, 1, range, dir.resolve("b.png"));
        assertEquals(0, stats.min());
        assertEquals(100, stats.max());
        BufferedImage a = ImageIO.read(dir.resolve("a.png").toFile());
        BufferedImage b = ImageIO.read(dir.resolve("b.png").toFile());
        assertEquals(ColorMap.rgb(0.5), rgb(a, 1, 0));
        assertEquals(rgb(a, 1, 0), rgb(b, 0, 0), "one value, one colour in every frame");
        assertEquals(ColorMap.rgb(1), rgb(b, 1, 0));
        assertEquals(ColorMap.rgb(0), rgb(b, 2, 0));
    }

    @Test
    void valueRange_isTwoFiniteNumbers_theSmallerFirst() {
        assertEquals(new ValueRange(-1.5, 2000), ValueRange.parse("-1.5:2e3"));
        for (String bad : List.of("5", "1:1", "2:1", "a:b", "0:NaN", "-Infinity:0", ":3")) {
            ColonyException e = assertThrows(ColonyException.class, () -> ValueRange.parse(bad), bad);
            assertTrue(e.getMessage().contains("range"), e.getMessage());
        }
    }

    @Test
    void labels_areShort() {
        assertEquals("100", FrameStats.label(100));
        assertEquals("0", FrameStats.label(-0.0));
        assertEquals("0.5", FrameStats.label(0.5));
        assertEquals("1.235e4", FrameStats.label(12345.6));
        assertEquals("1e-5", FrameStats.label(1e-5));
        assertEquals("-2.5", FrameStats.label(-2.5));
        assertEquals("1e12", FrameStats.label(1e12));
        assertEquals("0 to 1", FrameStats.of(new double[] {1, 0, Double.NaN}, null).rangeText());
        assertEquals("no finite values", FrameStats.of(new double[] {Double.NaN}, null).rangeText());
    }

    @Test
    void allNaN_isDrawnWithoutAScale(@TempDir Path dir) throws IOException {
        FrameStats stats = HeatMap.write(new double[] {Double.NaN, Double.NaN}, 2, 1, null, dir.resolve("n.png"));
        assertEquals(2, stats.nan());
        assertEquals(HeatMapImage.NAN_RGB, rgb(ImageIO.read(dir.resolve("n.png").toFile()), 1, 0));
    }

    @Test
    void writing_replacesTheFileWhole_andLeavesNoTemporaryFile(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("h.png");
        Files.writeString(file, "old");
        HeatMap.write(new double[] {1, 2}, 2, 1, null, file);
        assertEquals(List.of("h.png"), names(dir));
        assertEquals(HeatMapImage.MIN_WIDTH, ImageIO.read(file.toFile()).getWidth(), "the old file is replaced whole");
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            Path plain = Files.createFile(dir.resolve("plain"));
            assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(file),
                    "a new file's permissions, not those of a private temporary file");
            Files.delete(plain);
        }
        Path missing = dir.resolve("no").resolve("h.png");
        ColonyException e = assertThrows(ColonyException.class,
                () -> HeatMap.write(new double[] {1}, 1, 1, null, missing));
        assertEquals("cannot write " + missing + ": no such file or directory", e.getMessage());
        assertEquals(List.of("h.png"), names(dir));
    }

    @Test
    void aFailingWrite_keepsTheOldFile_andLeavesNoTemporaryFile(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("h.png");
        Files.writeString(file, "old");
        ColonyException e = assertThrows(ColonyException.class, () -> OutputFiles.writeAtomically(file, out -> {
            out.write(new byte[] {1, 2, 3});
            throw new IOException("No space left on device");
        }));
        assertEquals("cannot write " + file + ": No space left on device", e.getMessage());
        assertEquals("old", Files.readString(file));
        assertEquals(List.of("h.png"), names(dir));
    }

    @Test
    void checkWritable_refusesEachBadPath_andTouchesNothing(@TempDir Path dir) throws IOException {
        Path empty = Files.createDirectory(dir.resolve("empty.png"));
        ColonyException e = assertThrows(ColonyException.class, () -> OutputFiles.checkWritable(empty, ".png"));
        assertEquals(empty + " is a directory; name a file in it, like " + empty.resolve("a.png"), e.getMessage());
        assertTrue(Files.isDirectory(empty), "the directory is still there");
        Path missing = dir.resolve("no/h.png");
        e = assertThrows(ColonyException.class, () -> OutputFiles.checkWritable(missing, ".png"));
        assertEquals("the directory of " + missing + " does not exist; create " + dir.resolve("no") + " first",
                e.getMessage());
        Path file = Files.writeString(dir.resolve("f"), "x");
        Path underFile = file.resolve("h.png");
        e = assertThrows(ColonyException.class, () -> OutputFiles.checkWritable(underFile, ".png"));
        assertEquals("the directory of " + underFile + ", " + file + ", is not a directory", e.getMessage());
        e = assertThrows(ColonyException.class, () -> OutputFiles.checkWritable(dir.resolve("h.jpg"), ".png"));
        assertEquals(dir.resolve("h.jpg") + " is not a .png file name; name one ending in .png", e.getMessage());
        OutputFiles.checkWritable(dir.resolve("ok.png"), ".png");
        assertEquals(List.of("empty.png", "f"), names(dir), "a check leaves nothing behind");
    }
}
