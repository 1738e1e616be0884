package org.colony.runtime.record;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.colony.ColonyException;
import org.colony.runtime.files.AtomicFile;

/**
 * A CSV file written row by row into {@code FILE.partial}, each row flushed to the operating system as it is
 * written, and moved to {@code FILE} when closed: a run killed on the way leaves {@code FILE.partial} holding
 * every row written so far, and {@code FILE} (a previous run's, say) untouched.
 */
final class CsvFile implements AutoCloseable {

    private final Path file;
    private final Path partial;
    private final Writer writer;
    private boolean closed;

    private CsvFile(Path file, Path partial, Writer writer) {
        this.file = file;
        this.partial = partial;
        this.writer = writer;
    }

    /**
     * Checks that {@code file} can be written, without writing anything.
     *
     * @param file the file
     * @throws ColonyException where it is a directory or not a regular file, its folder is missing or takes no new
     *     files, or it is read-only (as every output file is checked, {@link AtomicFile#checkWritable})
     */
    static void check(Path file) {
        AtomicFile.checkWritable(file, null);
        if (Files.isDirectory(partial(file.toAbsolutePath()))) {
            throw new ColonyException(partial(file) + " is a directory; the series are written there first");
        }
    }

    /** {@return where the rows of {@code file} go until it is closed} */
    static Path partial(Path file) {
        return file.resolveSibling(file.getFileName() + ".partial");
    }

    /**
     * {@return a new, empty {@code file.partial}, checked first}
     *
     * @param file the file the rows end in
     */
    static CsvFile open(Path file) {
        check(file);
        Path partial = partial(file);
        try {
            return new CsvFile(file, partial, Files.newBufferedWriter(partial, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new ColonyException("cannot write " + partial + ": " + e.getMessage());
        }
    }

    /**
     * {@return the rows of an earlier run's {@code file} before step {@code step}, as lines, where its header is {@code
     * header}: those of {@code FILE.partial} where a run stopped on the way left one, else of {@code FILE}; none where
     * neither exists or the header differs} A resumed run writes them first, so that its file holds the whole run.
     *
     * @param file the file the rows end in
     * @param header the columns
     * @param step the first step the resumed run records
     */
    static List<String> rowsBefore(Path file, List<String> header, long step) {
        Path from = Files.isRegularFile(partial(file)) ? partial(file) : file;
        List<String> kept = new ArrayList<>();
        if (!Files.isRegularFile(from)) {
            return kept;
        }
        try (BufferedReader in = Files.newBufferedReader(from, StandardCharsets.UTF_8)) {
            if (!String.join(",", header).equals(in.readLine())) {
                return kept;
            }
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                int comma = line.indexOf(',');
                try {
                    if (comma < 0 || Long.parseLong(line.substring(0, comma)) >= step) {
                        break;
                    }
                } catch (NumberFormatException e) {
                    break; // a row cut short by a kill
                }
                kept.add(line);
            }
        } catch (IOException e) {
            throw new ColonyException("cannot read the earlier rows of " + from + ": " + e.getMessage());
        }
        return kept;
    }

    /**
     * Writes one row, fields joined by commas, and flushes it.
     *
     * @param fields the fields, none holding a comma, quote or line break
     */
    void row(List<String> fields) {
        try {
            writer.write(String.join(",", fields) + "\n");
            writer.flush();
        } catch (IOException e) {
            throw new ColonyException("cannot write " + partial + ": " + e.getMessage());
        }
    }

    /** {@return the file the rows end in} */
    Path file() {
        return file;
    }

    /** Closes the partial file and moves it to its name. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            writer.close();
            try {
                Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new ColonyException("cannot move " + partial + " to " + file + ": " + e.getMessage());
        }
    }
}
