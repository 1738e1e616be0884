package org.colony.runtime.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Animated GIFs read back: every frame, its delay, the loop, and no temporary file left. */
class AnimationTest {

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    private static IIOMetadataNode child(IIOMetadataNode root, String name) {
        for (int i = 0; i < root.getLength(); i++) {
            if (root.item(i).getNodeName().equals(name)) {
                return (IIOMetadataNode) root.item(i);
            }
        }
        throw new AssertionError("no " + name);
    }

    @Test
    void frames_readBack_withTheirDelay_andLoopForever(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("a.gif");
        try (Animation animation = Animation.create(file, 100)) {
            for (int f = 0; f < 3; f++) {
                double[] v = new double[8 * 4];
                v[f] = 1;
                animation.add(v, 8, 4, null);
            }
            assertEquals(List.of(), names(dir).stream().filter(n -> !n.startsWith(".")).toList(),
                    "nothing at the path before the end");
            animation.finish();
            assertEquals(3, animation.frames());
        }
        assertEquals(List.of("a.gif"), names(dir), "no temporary file left");
        try (ImageInputStream in = ImageIO.createImageInputStream(file.toFile())) {
            ImageReader reader = ImageIO.getImageReadersByFormatName("gif").next();
            reader.setInput(in);
            assertEquals(3, reader.getNumImages(true));
            for (int f = 0; f < 3; f++) {
                BufferedImage frame = reader.read(f);
                assertEquals(HeatMapImage.MIN_WIDTH, frame.getWidth());
                assertEquals(ColorMap.rgb(1), frame.getRGB(f, 0) & 0xFFFFFF, "frame " + f + ": its hot place");
                assertEquals(ColorMap.rgb(0), frame.getRGB(f + 1, 0) & 0xFFFFFF, "frame " + f + ": a cold place");
                IIOMetadataNode root = (IIOMetadataNode) reader.getImageMetadata(f)
                        .getAsTree("javax_imageio_gif_image_1.0");
                assertEquals("10", child(root, "GraphicControlExtension").getAttribute("delayTime"));
            }
            IIOMetadataNode first = (IIOMetadataNode) reader.getImageMetadata(0)
                    .getAsTree("javax_imageio_gif_image_1.0");
            IIOMetadataNode loop = (IIOMetadataNode) child(first, "ApplicationExtensions").getFirstChild();
            assertEquals("NETSCAPE", loop.getAttribute("applicationID"));
            assertEquals(0, ((byte[]) loop.getUserObject())[1], "loops forever");
            reader.dispose();
        }
    }

    @Test
    void anUnfinishedAnimation_leavesNothing_andKeepsWhatWasThere(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("a.gif"), "old");
        try (Animation animation = Animation.create(file, 50)) {
            animation.add(new double[] {1, 2}, 2, 1, null);
            assertTrue(names(dir).size() == 2, "the frames go to a temporary file: " + names(dir));
        }
        assertEquals(List.of("a.gif"), names(dir));
        assertEquals("old", Files.readString(file));
    }
}
