package org.colony.runtime.io;

import java.awt.image.RenderedImage;
import java.io.IOException;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.colony.ColonyException;
import org.colony.runtime.files.AtomicFile;

/**
 * Where output files go (images, state files): checks that a file can be written before a run starts, and writes it
 * atomically (into a temporary file of the same directory, forced to the disk, then moved into place), so that a
 * reader, a failure or an interrupted run never sees a truncated file and nothing that was at the path is lost unless
 * a whole new file replaces it.
 */
public final class OutputFiles {

    private OutputFiles() {
    }

    /**
     * Checks that {@code file} can be written as an output with the extension {@code extension}: its name ends in it,
     * its directory exists and takes new files (a temporary file is made and removed there), and the path is not a
     * directory or some other thing than a regular file. Nothing at the path is touched.
     *
     * @param file the file to check
     * @param extension the extension its name must end in, with its dot ({@code ".png"})
     * @throws ColonyException naming the file and what is wrong with it
     */
    public static void checkWritable(Path file, String extension) {
        AtomicFile.checkWritable(file, extension);
    }

    /**
     * Writes {@code image} to {@code file} in {@code format}: into a temporary file of the same directory, then moved
     * into place in one step where the file system allows (else replacing the file), so the file is either the old one
     * or the whole new one. A failure removes the temporary file.
     *
     * @param image the image
     * @param format the image format's name for {@code javax.imageio} ({@code "png"})
     * @param file the file to write
     * @throws ColonyException naming the file and the reason, where it cannot be written
     */
    static void writeAtomically(RenderedImage image, String format, Path file) {
        writeAtomically(file, out -> {
            if (!ImageIO.write(image, format, out)) {
                throw new IOException("no " + format + " writer in this Java runtime");
            }
        });
    }

    /** Writes the content into a temporary file of {@code file}'s directory, then moves it into place. */
    static void writeAtomically(Path file, AtomicFile.Content content) {
        AtomicFile.write(file, content);
    }

    /**
     * Moves a finished temporary file onto {@code file}: in one step where the file system allows (a reader sees the
     * old file or the new one), else replacing it.
     *
     * @param temp the finished file, in {@code file}'s directory
     * @param file where it goes
     * @throws IOException where it cannot be moved
     */
    public static void moveIntoPlace(Path temp, Path file) throws IOException {
        AtomicFile.moveIntoPlace(temp, file);
    }
}
