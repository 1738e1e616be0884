package org.colony.runtime.files;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import org.colony.ColonyException;

/**
 * Writes a file whole or not at all: into a temporary file of the same directory, forced to the disk, then moved into
 * place, so that a reader, a failure or an interrupted run never sees a truncated file and nothing that was at the
 * path is lost unless a whole new file replaces it.
 */
public final class AtomicFile {

    private AtomicFile() {
    }

    /** What writes the content of a file into a stream. */
    @FunctionalInterface
    public interface Content {

        /**
         * Writes the content.
         *
         * @param out where it goes (buffered; flushed and closed by the caller)
         * @throws IOException where it cannot be written
         */
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * Checks that {@code file} can be written as an output with the extension {@code extension}: its name ends in it,
     * its directory exists and takes new files (a temporary file is made and removed there), and the path is not a
     * directory or some other thing than a regular file. Nothing at the path is touched.
     *
     * @param file the file to check
     * @param extension the extension its name must end in, with its dot ({@code ".png"}); null for any name
     * @throws ColonyException naming the file and what is wrong with it
     */
    public static void checkWritable(Path file, String extension) {
        Path name = file.getFileName();
        if (name == null) {
            throw new ColonyException(file + " names no file; name one" + (extension == null ? ""
                    : " ending in " + extension));
        }
        if (extension != null && !name.toString().toLowerCase(Locale.ROOT).endsWith(extension)) {
            throw new ColonyException(file + " is not a " + extension + " file name; name one ending in " + extension);
        }
        if (Files.isDirectory(file)) {
            throw new ColonyException(file + " is a directory; name a file in it" + (extension == null ? ""
                    : ", like " + file.resolve("a" + extension)));
        }
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            throw new ColonyException(file + " exists and is not a regular file; name another");
        }
        if (Files.exists(file) && !Files.isWritable(file)) {
            throw new ColonyException(file + " exists and is read-only; make it writable or name another");
        }
        Path dir = directory(file);
        if (!Files.exists(dir)) {
            throw new ColonyException("the directory of " + file + " does not exist; create " + dir + " first");
        }
        if (!Files.isDirectory(dir)) {
            throw new ColonyException("the directory of " + file + ", " + dir + ", is not a directory");
        }
        try {
            Files.delete(temporaryFor(file));
        } catch (IOException | SecurityException e) {
            throw new ColonyException("cannot write into " + dir + " (for " + file + "): " + reason(e));
        }
    }

    /**
     * Writes the content into a temporary file of {@code file}'s directory, then moves it into place. A failure
     * removes the temporary file and leaves whatever was at {@code file}.
     *
     * @param file the file to write
     * @param content what writes it
     * @throws ColonyException naming the file and the reason, where it cannot be written
     */
    public static void write(Path file, Content content) {
        Path temp = null;
        try {
            temp = temporaryFor(file);
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE);
                    OutputStream out = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 16)) {
                content.writeTo(out);
                out.flush();
                channel.force(true); // on the disk before it takes the name: a crash leaves the old file or the new
            }
            moveIntoPlace(temp, file);
            temp = null;
        } catch (IOException | RuntimeException e) {
            throw new ColonyException("cannot write " + file + ": " + reason(e), e);
        } finally {
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException e) {
                    // the write's own failure is the one reported
                }
            }
        }
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
        try {
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * {@return a new empty hidden file beside {@code file} ({@code .heat.png.k3x9q.tmp}), made with the permissions a
     * new file gets (the process's umask), which the finished file keeps}
     *
     * @param file the file the temporary one is for
     * @throws IOException where none can be made
     */
    public static Path temporaryFor(Path file) throws IOException {
        Path dir = directory(file);
        for (int attempt = 0; ; attempt++) {
            String suffix = Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36);
            try {
                return Files.createFile(dir.resolve("." + file.getFileName() + "." + suffix + ".tmp"));
            } catch (FileAlreadyExistsException e) {
                if (attempt == 100) {
                    throw e;
                }
            }
        }
    }

    /**
     * {@return the directory {@code file} is in, absolute}
     *
     * @param file a file
     */
    public static Path directory(Path file) {
        Path parent = file.toAbsolutePath().getParent();
        return parent == null ? file.toAbsolutePath().getRoot() : parent;
    }

    /**
     * {@return the reason of an I/O failure in words: the exception's class where it carries no message}
     *
     * @param e the failure
     */
    public static String reason(Exception e) {
        if (e instanceof FileSystemException f) {
            if (f.getReason() != null) {
                return f.getReason();
            }
            return switch (f) {
                case AccessDeniedException denied -> "permission denied";
                case NoSuchFileException missing -> "no such file or directory";
                default -> f.getClass().getSimpleName();
            };
        }
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
    }
}
