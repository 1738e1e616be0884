package org.colony.runtime.graph;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.colony.ColonyException;
import org.colony.runtime.files.AtomicFile;

/**
 * The partition file a user gives to place a graph's vertices: one part number per line, in vertex order, with
 * {@code #} starting a comment and blank lines skipped. A file is read whole or refused, with the line and the
 * reason: a line that is not a number, a number outside 0 to {@code k - 1}, more or fewer numbers than vertices, or a
 * part that no line names.
 */
final class PartitionFile {

    private static final Pattern WHOLE = Pattern.compile("-?[0-9]+");

    private PartitionFile() {
    }

    /**
     * Reads the part of each of {@code n} vertices.
     *
     * @throws ColonyException naming the file, the line and what is wrong
     * @throws IOException when the file cannot be read
     */
    static int[] read(Path file, int n, int k) throws IOException {
        int[] part = new int[n];
        int[] counts = new int[k];
        int vertex = 0;
        int line = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String text = in.readLine(); text != null; text = in.readLine()) {
                line++;
                int hash = text.indexOf('#');
                String value = (hash < 0 ? text : text.substring(0, hash)).strip();
                if (value.isEmpty()) {
                    continue;
                }
                if (vertex == n) {
                    throw refused(file, line, "a part for vertex " + vertex + ", but the graph has " + n
                            + " vertices; give one line per vertex");
                }
                int p = parse(file, line, value, k);
                part[vertex++] = p;
                counts[p]++;
            }
        }
        if (vertex < n) {
            throw new ColonyException(file + ": " + vertex + " parts for a graph of " + n
                    + " vertices; give one line per vertex, in vertex order");
        }
        for (int p = 0; p < k; p++) {
            if (counts[p] == 0) {
                throw new ColonyException(file + ": part " + p + " of k=" + k
                        + " has no vertex; every part needs one, so number the parts 0 to " + (k - 1)
                        + " without gaps or ask for fewer parts");
            }
        }
        return part;
    }

    /** Writes one part per line after a comment line. */
    static void write(Path file, int[] part, int k, String method) throws IOException {
        AtomicFile.write(file, stream -> {
            Writer out = new OutputStreamWriter(stream, StandardCharsets.UTF_8);
            out.write("# " + part.length + " vertices in " + k + " parts (" + method
                    + "); the part of each vertex, one per line, in vertex order\n");
            for (int p : part) {
                out.write(Integer.toString(p));
                out.write('\n');
            }
            out.flush();
        });
    }

    private static int parse(Path file, int line, String value, int k) {
        if (!WHOLE.matcher(value).matches()) {
            throw refused(file, line, "'" + value + "' is not a part number; write one whole number per line");
        }
        long p;
        try {
            p = Long.parseLong(value);
        } catch (NumberFormatException e) {
            p = Long.MAX_VALUE; // too many digits: out of range whatever k is
        }
        if (p < 0 || p >= k) {
            throw refused(file, line, "part " + value + " is out of range for k=" + k + "; parts are 0 to " + (k - 1));
        }
        return (int) p;
    }

    private static ColonyException refused(Path file, int line, String reason) {
        return new ColonyException(file + ":" + line + ": " + reason);
    }
}
