package org.colony.runtime.io;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageOutputStream;
import org.colony.ColonyException;
import org.colony.runtime.Agents;
import org.colony.runtime.Places;
import org.colony.runtime.cluster.MpiCluster;
import org.colony.runtime.files.AtomicFile;

/**
 * An animated GIF of heat maps, one frame added at a time, that loops forever: written through the JDK's own GIF
 * writer ({@code javax.imageio}) into a temporary file of the target's directory and moved into place by
 * {@link #finish()}, so the file is never seen half-written. Every frame has the first frame's size (a later legend
 * of another height is cut or padded). Closing an animation that was not finished removes the temporary file.
 */
public final class Animation implements AutoCloseable {

    private static final String GIF_FORMAT = "javax_imageio_gif_image_1.0";

    private final Path file;
    private final int delayMillis;
    private final boolean writes;
    private Path temp;
    private ImageOutputStream stream;
    private ImageWriter writer;
    private int width;
    private int height;
    private int frames;
    private String failure;

    private Animation(Path file, int delayMillis) {
        this.file = file;
        this.delayMillis = delayMillis;
        this.writes = !(MpiCluster.launched() && MpiCluster.get().rank() != 0); // rank 0 writes for all
    }

    /**
     * {@return a new animation for {@code file}, to which frames are added}
     *
     * @param file the GIF file to write
     * @param delayMillis the time each frame is shown, in milliseconds (GIF keeps hundredths of a second)
     * @throws ColonyException where the delay is not positive or the temporary file cannot be made
     */
    public static Animation create(Path file, int delayMillis) {
        if (delayMillis < 10) {
            throw new ColonyException("an animation frame shows for 10 ms or more, not delayMillis=" + delayMillis);
        }
        return new Animation(file, delayMillis);
    }

    /** {@return the number of frames added} */
    public int frames() {
        return frames;
    }

    /**
     * Adds the heat map of {@code attribute} as the next frame, as
     * {@link HeatMap#write(Places, String, int, List, ValueRange, Path)} draws it.
     *
     * @param places the places, on a 2-D grid
     * @param attribute the attribute's field name
     * @param element the element of an array attribute, or {@link HeatMap#SCALAR}
     * @param agents the agent collections to draw
     * @param range the colour scale's fixed range, or null to span each frame's finite values
     * @return the frame's scale and the values that were not finite
     * @throws ColonyException where the attribute cannot be drawn or the frame cannot be written
     */
    public FrameStats add(Places<?> places, String attribute, int element, List<Agents<?>> agents, ValueRange range) {
        return HeatMap.draw(places, attribute, element, agents, range, this::append);
    }

    /**
     * Adds the heat map of row-major values {@code v[x + w * y]} as the next frame.
     *
     * @param v the values, {@code w * h} of them
     * @param w the map's width in pixels
     * @param h the map's height in pixels
     * @param range the colour scale's fixed range, or null to span the frame's finite values
     * @return the frame's scale and the values that were not finite
     */
    public FrameStats add(double[] v, int w, int h, ValueRange range) {
        return HeatMap.draw(v, w, h, range, this::append);
    }

    private void append(BufferedImage image) {
        if (!writes) {
            frames++;
            return;
        }
        if (failure != null) {
            throw new ColonyException("cannot write " + file + ": " + failure);
        }
        try {
            if (writer == null) {
                start(image);
            }
            BufferedImage frame = image;
            if (image.getWidth() != width || image.getHeight() != height) {
                frame = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
                Graphics2D g = frame.createGraphics();
                g.setColor(new Color(HeatMapImage.PANEL_RGB));
                g.fillRect(0, 0, width, height);
                g.drawImage(image, 0, 0, null);
                g.dispose();
            }
            ImageWriteParam param = writer.getDefaultWriteParam();
            IIOMetadata metadata = writer.getDefaultImageMetadata(ImageTypeSpecifier.createFromRenderedImage(frame),
                    param);
            IIOMetadataNode root = (IIOMetadataNode) metadata.getAsTree(GIF_FORMAT);
            IIOMetadataNode control = child(root, "GraphicControlExtension");
            control.setAttribute("disposalMethod", "none");
            control.setAttribute("userInputFlag", "FALSE");
            control.setAttribute("transparentColorFlag", "FALSE");
            control.setAttribute("delayTime", Integer.toString(Math.max(1, delayMillis / 10)));
            control.setAttribute("transparentColorIndex", "0");
            if (frames == 0) {
                IIOMetadataNode loop = new IIOMetadataNode("ApplicationExtension");
                loop.setAttribute("applicationID", "NETSCAPE");
                loop.setAttribute("authenticationCode", "2.0");
                loop.setUserObject(new byte[] {1, 0, 0}); // loop count 0: forever
                child(root, "ApplicationExtensions").appendChild(loop);
            }
            metadata.setFromTree(GIF_FORMAT, root);
            writer.writeToSequence(new IIOImage(frame, null, metadata), param);
            frames++;
        } catch (IOException | RuntimeException e) {
            close();
            failure = AtomicFile.reason(e);
            throw new ColonyException("cannot write " + file + ": " + failure, e);
        }
    }

    private void start(BufferedImage first) throws IOException {
        Iterator<ImageWriter> writers = ImageIO.getImageWritersByFormatName("gif");
        if (!writers.hasNext()) {
            throw new IOException("no GIF writer in this Java runtime");
        }
        temp = AtomicFile.temporaryFor(file);
        temp.toFile().deleteOnExit(); // an interrupted run leaves no temporary file
        stream = ImageIO.createImageOutputStream(temp.toFile());
        writer = writers.next();
        writer.setOutput(stream);
        writer.prepareWriteSequence(null);
        width = first.getWidth();
        height = first.getHeight();
    }

    private static IIOMetadataNode child(IIOMetadataNode root, String name) {
        for (int i = 0; i < root.getLength(); i++) {
            if (root.item(i).getNodeName().equalsIgnoreCase(name)) {
                return (IIOMetadataNode) root.item(i);
            }
        }
        IIOMetadataNode node = new IIOMetadataNode(name);
        root.appendChild(node);
        return node;
    }

    /**
     * Ends the animation and moves it into place; an animation without frames writes nothing.
     *
     * @throws ColonyException naming the file and the reason, where it cannot be written
     */
    public void finish() {
        if (failure != null) {
            throw new ColonyException("cannot write " + file + ": " + failure);
        }
        if (writer == null) {
            return;
        }
        try {
            writer.endWriteSequence();
            stream.close();
            stream = null;
            OutputFiles.moveIntoPlace(temp, file);
            temp = null;
        } catch (IOException | RuntimeException e) {
            throw new ColonyException("cannot write " + file + ": " + AtomicFile.reason(e), e);
        } finally {
            close();
        }
    }

    /** Releases the writer and removes the temporary file of an animation that was not finished. */
    @Override
    public void close() {
        if (writer != null) {
            writer.dispose();
            writer = null;
        }
        try {
            if (stream != null) {
                stream.close();
            }
            if (temp != null) {
                Files.deleteIfExists(temp);
            }
        } catch (IOException e) {
            // nothing more to do: the file at the path was never touched
        } finally {
            stream = null;
            temp = null;
        }
    }
}
