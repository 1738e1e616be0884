package org.colony.runtime.graph;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.zip.CRC32C;
import org.colony.ColonyException;
import org.colony.kernel.ScalarType;
import org.colony.runtime.files.AtomicFile;

/**
 * Reads and writes graphs in Colony's compact binary form, which loads without parsing. Little-endian throughout:
 *
 * <pre>
 * magic    8 bytes   0x89 'C' 'G' 'R' 'A' 'P' 'H' '\n'
 * version  int32     2 for a graph with edge columns, 1 (the same without them) for one without; both are read
 * flags    int32     bit 0: directed, bit 1: weighted, bit 2: edge columns; the other bits 0
 * n        int64     vertices, 0 to 2^31 - 2
 * m        int64     edges stored: all of a directed graph's; each undirected edge once, at its smaller end
 * offsets  (n + 1) int32, from 0 to m, never decreasing: row u is entries offsets[u] to offsets[u+1] - 1
 * targets  m int32   each entry's other end (not below its row's vertex if undirected)
 * weights  m float64 where weighted, as IEEE 754 bits
 * columns  where bit 2: int32 c (1 to 64), then per column: int32 L (1 to 255), L bytes of its ASCII name, int32
 *          its type (0 boolean, 1 byte, 2 short, 3 int, 4 long, 5 float, 6 double), m values of that type in its
 *          width (a boolean one byte, 0 or 1; floats as IEEE 754 bits), aligned with targets
 * trailer  8 bytes "GRAPHEND", the content's length (int64, every byte before the trailer) and its CRC-32C (int32)
 * </pre>
 *
 * <p>The reader checks the magic number, the version and the trailer first, then that the header's {@code n} and
 * {@code m} account for exactly the bytes the file holds, before it allocates anything: a hostile header cannot
 * make it allocate more than the file's size (the rows alone bound {@code n}). It then reads the arrays with their
 * checksum, compares it with the trailer's, checks every offset, id and weight, and only then builds the graph,
 * under the given rules as from any other source: it never returns part of a file. Refusals are one line naming the
 * file. The writer writes the file whole or not at all ({@link AtomicFile}), and keeps the rows' order, so a graph
 * written and read back is equal to itself.
 */
public final class GraphFile {

    /** The first eight bytes of every graph file. */
    static final byte[] MAGIC = {(byte) 0x89, 'C', 'G', 'R', 'A', 'P', 'H', '\n'};
    /** The eight bytes that open the trailer. */
    private static final byte[] END = "GRAPHEND".getBytes(StandardCharsets.US_ASCII);
    /** The newest version of the format, which this Colony writes for a graph with edge columns, and reads. */
    public static final int VERSION = 2;
    /** The version without edge columns, which this Colony writes for a graph that has none, and reads. */
    private static final int VERSION_WITHOUT_COLUMNS = 1;
    private static final int HEAD = MAGIC.length + 4 + 4 + 8 + 8;
    private static final int TRAILER = END.length + 8 + 4;
    private static final int DIRECTED = 1;
    private static final int WEIGHTED = 2;
    private static final int COLUMNS = 4;
    /** The most edge columns a file holds, and the longest name of one, in bytes. */
    private static final int MAX_COLUMNS = 64;
    private static final int MAX_NAME = 255;
    /** The type codes of edge columns in the file, by code. */
    private static final ScalarType[] TYPES = {ScalarType.BOOLEAN, ScalarType.BYTE, ScalarType.SHORT, ScalarType.INT,
        ScalarType.LONG, ScalarType.FLOAT, ScalarType.DOUBLE};

    private GraphFile() {
    }

    /**
     * {@return whether the file starts with a graph file's magic number (false where it cannot be read)}
     *
     * @param file the file
     */
    public static boolean isGraphFile(Path file) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer start = ByteBuffer.allocate(MAGIC.length);
            while (start.hasRemaining() && channel.read(start) >= 0) {
                // reads the first bytes
            }
            return Arrays.equals(start.array(), MAGIC) && !start.hasRemaining();
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * {@return the graph of a binary graph file, simple: self-loops and duplicates refused}
     *
     * @param file the file
     * @throws ColonyException in one line naming the file and the reason, where it is not a whole, valid graph file
     */
    public static Graph read(Path file) {
        return read(file, EdgeRules.SIMPLE);
    }

    /**
     * {@return the graph of a binary graph file, under the rules}
     *
     * @param file the file
     * @param rules what is accepted of self-loops and duplicates
     * @throws ColonyException in one line naming the file and the reason, where it is not a whole, valid graph file
     */
    public static Graph read(Path file, EdgeRules rules) {
        if (Files.isDirectory(file)) {
            throw new ColonyException("the graph file " + file + " is a directory; name a graph file");
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            return read(file, channel, rules);
        } catch (NoSuchFileException e) {
            throw new ColonyException("the graph file " + file + " does not exist");
        } catch (IOException e) {
            throw new ColonyException("cannot read the graph file " + file + ": " + AtomicFile.reason(e));
        }
    }

    private static Graph read(Path file, FileChannel channel, EdgeRules rules) throws IOException {
        long size = channel.size();
        ByteBuffer head = ByteBuffer.allocate(HEAD).order(ByteOrder.LITTLE_ENDIAN);
        readFully(channel, head, 0);
        head.flip();
        byte[] magic = new byte[MAGIC.length];
        if (head.remaining() >= MAGIC.length) {
            head.get(magic);
        }
        if (!Arrays.equals(magic, MAGIC)) {
            throw new ColonyException(file + " is not a Colony graph file (it does not start as one)");
        }
        int version = head.remaining() >= 4 ? head.getInt() : -1;
        if (version < 1 || version > VERSION) {
            throw new ColonyException(file + " is a graph file of format version " + version + "; this Colony reads "
                    + "versions 1 to " + VERSION + " (write it again with this Colony)");
        }
        if (size < HEAD + TRAILER) {
            throw new ColonyException("the graph file " + file + " is truncated (" + size + " bytes, with no end)");
        }
        ByteBuffer trailer = ByteBuffer.allocate(TRAILER).order(ByteOrder.LITTLE_ENDIAN);
        readFully(channel, trailer, size - TRAILER);
        trailer.flip();
        byte[] end = new byte[END.length];
        trailer.get(end);
        long content = trailer.getLong();
        int sum = trailer.getInt();
        if (!Arrays.equals(end, END) || content != size - TRAILER) {
            throw new ColonyException("the graph file " + file + " is truncated or has bytes after its end (" + size
                    + " bytes)");
        }
        int flags = head.getInt();
        long n = head.getLong();
        long m = head.getLong();
        if ((flags & ~(DIRECTED | WEIGHTED | (version > 1 ? COLUMNS : 0))) != 0) {
            throw corrupt(file, "unknown flags " + Integer.toHexString(flags));
        }
        boolean directed = (flags & DIRECTED) != 0;
        boolean weighted = (flags & WEIGHTED) != 0;
        boolean named = (flags & COLUMNS) != 0;
        long rows = n < 0 || m < 0 ? -1 : HEAD + 4 * (n + 1) + m * (weighted ? 12 : 4);
        if (n < 0 || n > Integer.MAX_VALUE - 1 || m < 0 || m > CsrBuilder.MAX_ARCS
                || (named ? rows + 4 > content : rows != content)) {
            throw corrupt(file, "its header declares n=" + n + " vertices and m=" + m + " edges"
                    + (weighted ? " with weights" : "") + ", which is not the " + (content - HEAD)
                    + " bytes it holds after the header");
        }
        Content in = new Content(channel, head);
        int[] offsets = in.ints((int) n + 1);
        int[] targets = in.ints((int) m);
        double[] weights = weighted ? in.doubles((int) m) : null;
        EdgeColumn[] columns = named ? columns(file, in, (int) m, content) : new EdgeColumn[0];
        if ((int) in.crc.getValue() != sum) {
            throw corrupt(file, "its checksum does not match its content (the file was changed or damaged)");
        }
        int[] from = new int[(int) m];
        check(file, (int) n, directed, offsets, targets, weights, from);
        return CsrBuilder.build((int) n, from, targets, weights, columns, directed, rules, new Refusals() {
            private String edge(int i) {
                return "edge " + i + " (" + from[i] + (directed ? " -> " : " - ") + targets[i] + ")";
            }

            @Override
            public ColonyException selfLoop(int i) {
                return new ColonyException(file + ": " + edge(i) + " is a self-loop; read the file with "
                        + "EdgeRules.SIMPLE.allowSelfLoops() to keep self-loops");
            }

            @Override
            public ColonyException duplicate(int i, int earlier) {
                return new ColonyException(file + ": " + edge(i) + " repeats " + edge(earlier) + "; read the file "
                        + "with EdgeRules.SIMPLE.mergeDuplicates() or keepDuplicates()");
            }

            @Override
            public ColonyException unequalWeights(int i, int earlier) {
                return new ColonyException(file + ": " + edge(i) + " repeats " + edge(earlier) + " with another "
                        + "weight (" + weights[i] + ", not " + weights[earlier] + "); merged duplicates need equal "
                        + "weights");
            }
        });
    }

    /**
     * Reads the table of edge columns: their count, then each column's name, type code and values, every length
     * checked against the bytes left before anything is allocated.
     */
    private static EdgeColumn[] columns(Path file, Content in, int m, long content) throws IOException {
        int count = in.ints(1)[0];
        if (count < 1 || count > MAX_COLUMNS) {
            throw corrupt(file, "it declares " + count + " edge columns, not 1 to " + MAX_COLUMNS);
        }
        EdgeColumn[] columns = new EdgeColumn[count];
        for (int c = 0; c < count; c++) {
            if (content - in.position < 4) {
                throw corrupt(file, "its edge column " + c + " is cut short");
            }
            int length = in.ints(1)[0];
            if (length < 1 || length > MAX_NAME || content - in.position < length + 4L) {
                throw corrupt(file, "the name of its edge column " + c + " has " + length + " bytes, not 1 to "
                        + MAX_NAME + " within the file");
            }
            String name = new String(in.bytes(length), StandardCharsets.US_ASCII);
            int code = in.ints(1)[0];
            if (code < 0 || code >= TYPES.length) {
                throw corrupt(file, "its edge column " + name + " has the type code " + code + ", not 0 to "
                        + (TYPES.length - 1));
            }
            ScalarType type = TYPES[code];
            if (content - in.position < (long) m * type.bytes()) {
                throw corrupt(file, "its edge column " + name + " holds fewer than its " + m + " values");
            }
            try {
                columns[c] = EdgeColumn.wrap(name, type, in.values(type, m));
                columns[c].checkFinite();
            } catch (ColonyException e) {
                throw corrupt(file, e.getMessage());
            }
        }
        if (in.position != content) {
            throw corrupt(file, "it has " + (content - in.position) + " bytes after its edge columns");
        }
        try {
            EdgeColumns.check(columns, m, "edges");
        } catch (ColonyException e) {
            throw corrupt(file, e.getMessage());
        }
        return columns;
    }

    /** Checks the rows and fills {@code from} with each entry's row. */
    private static void check(Path file, int n, boolean directed, int[] offsets, int[] targets, double[] weights,
            int[] from) {
        if (offsets[0] != 0 || offsets[n] != targets.length) {
            throw corrupt(file, "its offsets run from " + offsets[0] + " to " + offsets[n] + ", not from 0 to m="
                    + targets.length);
        }
        for (int u = 0; u < n; u++) {
            if (offsets[u + 1] < offsets[u]) {
                throw corrupt(file, "the offset of vertex " + (u + 1) + " (" + offsets[u + 1] + ") is below that of "
                        + "vertex " + u + " (" + offsets[u] + ")");
            }
            for (int i = offsets[u]; i < offsets[u + 1]; i++) {
                int v = targets[i];
                if (v < 0 || v >= n || !directed && v < u) {
                    throw corrupt(file, "edge " + i + " of vertex " + u + " leads to " + v + ", not to a vertex "
                            + (directed ? "" : "from " + u + " ") + "below n=" + n);
                }
                if (weights != null && !Double.isFinite(weights[i])) {
                    throw corrupt(file, "edge " + i + " (" + u + " " + v + ") has the weight " + weights[i]
                            + "; weights are finite numbers");
                }
                from[i] = u;
            }
        }
    }

    private static ColonyException corrupt(Path file, String why) {
        return new ColonyException("the graph file " + file + " is corrupt: " + why);
    }

    private static void readFully(FileChannel channel, ByteBuffer into, long position) throws IOException {
        while (into.hasRemaining()) {
            if (channel.read(into, position + into.position()) < 0) {
                return;
            }
        }
    }

    /** The walk over the content after the header, with its CRC-32C (the header's bytes taken first). */
    private static final class Content {
        private final FileChannel channel;
        private final CRC32C crc = new CRC32C();
        private final ByteBuffer buffer = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
        private long position = HEAD;

        Content(FileChannel channel, ByteBuffer head) {
            this.channel = channel;
            crc.update(head.array(), 0, HEAD);
        }

        /** Reads the next {@code bytes} bytes (a whole number of values, at most the buffer) into the buffer. */
        private void next(int bytes) throws IOException {
            buffer.clear().limit(bytes);
            readFully(channel, buffer, position);
            if (buffer.hasRemaining()) {
                throw new IOException("the file became shorter while it was read");
            }
            crc.update(buffer.array(), 0, bytes);
            position += bytes;
            buffer.flip();
        }

        int[] ints(int count) throws IOException {
            int[] out = new int[count];
            for (int i = 0; i < count; ) {
                int k = Math.min(count - i, buffer.capacity() / 4);
                next(k * 4);
                buffer.asIntBuffer().get(out, i, k);
                i += k;
            }
            return out;
        }

        byte[] bytes(int count) throws IOException {
            byte[] out = new byte[count];
            for (int i = 0; i < count; ) {
                int k = Math.min(count - i, buffer.capacity());
                next(k);
                buffer.get(out, i, k);
                i += k;
            }
            return out;
        }

        /** {@return {@code count} values of {@code type}: a boolean as a byte, 0 or 1} */
        Object values(ScalarType type, int count) throws IOException {
            Object out = type.newArray(count);
            int size = type.bytes();
            for (int i = 0; i < count; ) {
                int k = Math.min(count - i, buffer.capacity() / size);
                next(k * size);
                switch (out) {
                    case double[] d -> buffer.asDoubleBuffer().get(d, i, k);
                    case float[] f -> buffer.asFloatBuffer().get(f, i, k);
                    case long[] l -> buffer.asLongBuffer().get(l, i, k);
                    case int[] n -> buffer.asIntBuffer().get(n, i, k);
                    case short[] s -> buffer.asShortBuffer().get(s, i, k);
                    case byte[] b -> buffer.get(b, i, k);
                    case boolean[] z -> {
                        for (int j = 0; j < k; j++) {
                            byte b = buffer.get();
                            if (b != 0 && b != 1) {
                                throw new ColonyException("a boolean of an edge column is " + b + ", not 0 or 1");
                            }
                            z[i + j] = b == 1;
                        }
                    }
                    default -> throw new IllegalStateException(out.getClass().toString());
                }
                i += k;
            }
            return out;
        }

        double[] doubles(int count) throws IOException {
            double[] out = new double[count];
            for (int i = 0; i < count; ) {
                int k = Math.min(count - i, buffer.capacity() / 8);
                next(k * 8);
                buffer.asDoubleBuffer().get(out, i, k);
                i += k;
            }
            return out;
        }
    }

    /**
     * Writes a graph as a binary graph file, whole or not at all.
     *
     * @param file the file
     * @param graph the graph
     * @throws ColonyException naming the file and the reason, where it cannot be written
     */
    public static void write(Path file, Graph graph) {
        AtomicFile.write(file, out -> write(out, graph));
    }

    private static void write(OutputStream out, Graph graph) throws IOException {
        int n = graph.vertices();
        int[] offsets = graph.rawOffsets();
        int[] targets = graph.rawTargets();
        double[] weights = graph.rawWeights();
        boolean directed = graph.directed();
        int[] rows = new int[n + 1];
        for (int u = 0; u < n; u++) {
            int kept = 0;
            for (int i = offsets[u]; i < offsets[u + 1]; i++) {
                kept += directed || targets[i] >= u ? 1 : 0;
            }
            rows[u + 1] = rows[u] + kept;
        }
        Sink sink = new Sink(out);
        sink.bytes(MAGIC);
        EdgeColumn[] columns = graph.rawColumns();
        sink.i32(columns.length > 0 ? VERSION : VERSION_WITHOUT_COLUMNS);
        sink.i32((directed ? DIRECTED : 0) | (weights != null ? WEIGHTED : 0) | (columns.length > 0 ? COLUMNS : 0));
        sink.i64(n);
        sink.i64(rows[n]);
        for (int r : rows) {
            sink.i32(r);
        }
        for (int u = 0; u < n; u++) {
            for (int i = offsets[u]; i < offsets[u + 1]; i++) {
                if (directed || targets[i] >= u) {
                    sink.i32(targets[i]);
                }
            }
        }
        if (weights != null) {
            for (int u = 0; u < n; u++) {
                for (int i = offsets[u]; i < offsets[u + 1]; i++) {
                    if (directed || targets[i] >= u) {
                        sink.i64(Double.doubleToRawLongBits(weights[i]));
                    }
                }
            }
        }
        if (columns.length > 0) {
            sink.i32(columns.length);
            for (EdgeColumn c : columns) {
                byte[] name = c.name().getBytes(StandardCharsets.US_ASCII);
                sink.i32(name.length);
                sink.bytes(name);
                sink.i32(Arrays.asList(TYPES).indexOf(c.type()));
                for (int u = 0; u < n; u++) {
                    for (int i = offsets[u]; i < offsets[u + 1]; i++) {
                        if (directed || targets[i] >= u) {
                            sink.value(c, i);
                        }
                    }
                }
            }
        }
        long content = sink.finish();
        ByteBuffer trailer = ByteBuffer.allocate(TRAILER).order(ByteOrder.LITTLE_ENDIAN);
        trailer.put(END).putLong(content).putInt((int) sink.crc.getValue());
        out.write(trailer.array());
    }

    /** Little-endian values into a stream through a buffer, with their count and CRC-32C. */
    private static final class Sink {
        private final OutputStream out;
        private final CRC32C crc = new CRC32C();
        private final ByteBuffer buffer = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
        private long length;

        Sink(OutputStream out) {
            this.out = out;
        }

        private void room(int bytes) throws IOException {
            if (buffer.remaining() < bytes) {
                drain();
            }
        }

        private void drain() throws IOException {
            crc.update(buffer.array(), 0, buffer.position());
            out.write(buffer.array(), 0, buffer.position());
            length += buffer.position();
            buffer.clear();
        }

        void bytes(byte[] b) throws IOException {
            room(b.length);
            buffer.put(b);
        }

        void i32(int v) throws IOException {
            room(4);
            buffer.putInt(v);
        }

        void i64(long v) throws IOException {
            room(8);
            buffer.putLong(v);
        }

        /** Writes value {@code i} of a column in its type's bytes (a boolean as 0 or 1). */
        void value(EdgeColumn column, int i) throws IOException {
            room(8);
            long bits = column.bits(i);
            switch (column.type()) {
                case BOOLEAN, BYTE -> buffer.put((byte) bits);
                case SHORT -> buffer.putShort((short) bits);
                case INT, FLOAT -> buffer.putInt((int) bits);
                default -> buffer.putLong(bits);
            }
        }

        /** Writes what is buffered; {@return the bytes written} */
        long finish() throws IOException {
            drain();
            return length;
        }
    }
}
