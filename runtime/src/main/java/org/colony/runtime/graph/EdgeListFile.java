package org.colony.runtime.graph;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.colony.ColonyException;
import org.colony.runtime.files.AtomicFile;

/**
 * Reads and writes graphs as plain-text edge lists, the form other tools and people write. One edge a line,
 * {@code u v} or {@code u v w} (ids and an optional weight, separated by spaces or tabs); {@code #} starts a comment
 * to the end of its line; blank lines are allowed. Before the first edge, three comment lines are headers:
 *
 * <pre>
 * # vertices 1000      the vertex count (else n = the largest id + 1)
 * # directed           edges are one-way (else the graph is undirected: "# undirected")
 * # columns: from to weight length lanes:int    the fields of each edge line, with named edge columns
 * </pre>
 *
 * <p>A comment line whose first word starts with {@code columns}, in any case, is taken as a {@code # columns:}
 * header and refused unless it is one. With a {@code # columns:} header every edge line has exactly the fields it names: the two ids, a weight where
 * it names {@code weight} third, then one value per edge column ({@code NAME} holds doubles, {@code NAME:TYPE} any of
 * {@code double float long int short byte boolean}). The columns become the graph's {@link EdgeColumn}s.
 *
 * <p>The reader refuses a malformed file whole, in one line naming the file, the line and the reason: a field that
 * is not a number, a negative id, an id not below the declared count, a missing or extra field, a weight that is NaN
 * or infinite, a line with a weight in a file whose first edge had none (or the reverse), and a self-loop or
 * duplicate the rules refuse. Its arrays grow with the lines it has read, so it allocates no more than the file holds
 * (save the rows of a declared vertex count, which the Java heap must hold). The writer writes the headers and each
 * edge once ({@code u <= v} if undirected) with weights as {@link Double#toString} gives them, which read back to
 * the same bits; it writes the file whole or not at all.
 */
public final class EdgeListFile {

    private static final Pattern VERTICES = Pattern.compile("vertices\\s+(\\S+)");
    private static final Pattern COLUMNS = Pattern.compile("columns:(\\s.*)?");
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");
    private static final Pattern NOT_FINITE = Pattern.compile("[+-]?(nan|inf|infinity)", Pattern.CASE_INSENSITIVE);
    /** A binary graph file's first line, as this reader decodes it. */
    private static final String BINARY = new String(GraphFile.MAGIC, 0, 7, StandardCharsets.ISO_8859_1);
    private static final String FORM = "an edge line is \"u v\" or \"u v w\"";

    private final Path file;
    private long declared = -1;
    private int directed = -1;
    private int weighted = -1;
    private int firstEdgeLine;
    private int m;
    private int[] from = new int[1024];
    private int[] to = new int[1024];
    private double[] weights = new double[1024];
    private int[] lines = new int[1024];
    private int line;
    private int columnsLine;
    private String[] fields = new String[4];
    private TextColumns columns;

    private EdgeListFile(Path file) {
        this.file = file;
    }

    /**
     * {@return the graph of a text edge list, simple: self-loops and duplicates refused}
     *
     * @param file the file
     * @throws ColonyException in one line naming the file, the line and the reason, where it is malformed
     */
    public static Graph read(Path file) {
        return read(file, EdgeRules.SIMPLE);
    }

    /**
     * {@return the graph of a text edge list, under the rules}
     *
     * @param file the file
     * @param rules what is accepted of self-loops and duplicates
     * @throws ColonyException in one line naming the file, the line and the reason, where it is malformed
     */
    public static Graph read(Path file, EdgeRules rules) {
        EdgeListFile reader = new EdgeListFile(file);
        // ISO-8859-1 maps every byte to a character: ids and weights are ASCII, comments may hold anything, and a
        // stray byte is refused on its own line as a field that is not a number
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            for (String text = in.readLine(); text != null; text = in.readLine()) {
                reader.line++;
                if (reader.line == 1 && text.startsWith(BINARY)) {
                    throw new ColonyException(file + " is a binary graph file, not a text edge list; read it with "
                            + "GraphFile.read");
                }
                reader.parse(text);
            }
        } catch (NoSuchFileException e) {
            throw new ColonyException("the graph file " + file + " does not exist");
        } catch (IOException e) {
            throw new ColonyException("cannot read the graph file " + file + ": " + AtomicFile.reason(e));
        }
        return reader.build(rules);
    }

    private ColonyException refuse(String why) {
        return refuse(line, why);
    }

    private ColonyException refuse(int at, String why) {
        return new ColonyException(file + " line " + at + ": " + why);
    }

    private void parse(String text) {
        int count = 0;
        int i = 0;
        int end = text.length();
        while (i < end) {
            char c = text.charAt(i);
            if (c == '#') {
                if (count == 0) {
                    header(text.substring(i + 1).strip());
                    return;
                }
                end = i;
                break;
            }
            if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
                i++;
                continue;
            }
            int start = i;
            while (i < end && " \t\r\f#".indexOf(text.charAt(i)) < 0) {
                i++;
            }
            if (count < fields.length) {
                fields[count] = text.substring(start, i);
            }
            count++;
        }
        if (count == 0) {
            return;
        }
        if (columns != null && count != columns.fields()) {
            throw refuse("the line has " + count + " field" + (count == 1 ? "" : "s") + ", not the "
                    + columns.fields() + " of the header \"" + columns.header() + "\" (line " + columnsLine + ")");
        }
        if (columns != null) {
            edge(columns.weighted());
            return;
        }
        if (count < 2) {
            throw refuse("the line has 1 field, a missing vertex id; " + FORM);
        }
        if (count > 3) {
            throw refuse("the line has " + count + " fields, too many; " + FORM);
        }
        edge(count == 3);
    }

    private void header(String comment) {
        boolean vertices = VERTICES.matcher(comment).matches();
        boolean direction = comment.equals("directed") || comment.equals("undirected");
        boolean named = COLUMNS.matcher(comment).matches();
        if (!named && comment.split("\\s", 2)[0].toLowerCase(Locale.ROOT).startsWith("columns")) {
            throw refuse("the comment \"# " + comment + "\" reads as a columns header but is not one; write it \""
                    + "# columns: from to [weight] NAME[:TYPE]...\" (columns in lower case, a colon, a space), or "
                    + "reword the comment");
        }
        if ((vertices || direction || named) && m > 0) {
            throw refuse("the header \"# " + comment + "\" comes after the first edge (line " + firstEdgeLine
                    + "); put the headers before the edges");
        }
        if (vertices) {
            if (declared >= 0) {
                throw refuse("a second \"# vertices\" header; declare the vertex count once");
            }
            Matcher count = VERTICES.matcher(comment);
            count.matches();
            String value = count.group(1);
            if (!value.chars().allMatch(Character::isDigit) || value.length() > 10
                    || Long.parseLong(value) > Integer.MAX_VALUE - 1) {
                throw refuse("the header \"# vertices " + value + "\" declares no vertex count; give a whole number "
                        + "from 0 to " + (Integer.MAX_VALUE - 1));
            }
            declared = Long.parseLong(value);
        } else if (named) {
            if (columns != null) {
                throw refuse("a second \"# columns:\" header (the first is line " + columnsLine + "); declare the "
                        + "columns once");
            }
            String[] names = comment.substring(comment.indexOf(':') + 1).strip().split("\\s+");
            columns = TextColumns.parse(names, this::refuse);
            columnsLine = line;
            fields = new String[columns.fields()];
        } else if (direction) {
            int d = comment.equals("directed") ? 1 : 0;
            if (directed >= 0 && directed != d) {
                throw refuse("the header \"# " + comment + "\" contradicts an earlier one; declare the direction once");
            }
            directed = d;
        }
    }

    private void edge(boolean hasWeight) {
        if (weighted < 0) {
            weighted = hasWeight ? 1 : 0;
            firstEdgeLine = line;
        } else if (hasWeight != (weighted == 1)) {
            throw refuse("the edge has " + (hasWeight ? "a weight" : "no weight") + " but the first edge (line "
                    + firstEdgeLine + ") had " + (hasWeight ? "none" : "one") + "; give every edge a weight or none");
        }
        int u = id(fields[0]);
        int v = id(fields[1]);
        double w = hasWeight ? weight(fields[2]) : 0;
        if (m == from.length) {
            if (m == CsrBuilder.MAX_ARCS) {
                throw refuse("more than " + CsrBuilder.MAX_ARCS + " edges; a graph holds fewer");
            }
            int grown = (int) Math.min(CsrBuilder.MAX_ARCS, 2L * m);
            from = Arrays.copyOf(from, grown);
            to = Arrays.copyOf(to, grown);
            lines = Arrays.copyOf(lines, grown);
            if (hasWeight) {
                weights = Arrays.copyOf(weights, grown);
            }
        }
        if (columns != null) {
            columns.add(m, fields, this::refuse);
        }
        from[m] = u;
        to[m] = v;
        lines[m] = line;
        if (hasWeight) {
            weights[m] = w;
        }
        m++;
    }

    private int id(String field) {
        boolean negative = field.startsWith("-");
        String digits = negative ? field.substring(1) : field;
        if (digits.isEmpty() || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw refuse("\"" + field + "\" is not a vertex id; ids are whole numbers from 0");
        }
        if (negative) {
            throw refuse("the vertex id " + field + " is negative; ids are whole numbers from 0");
        }
        long id = digits.length() > 18 ? Long.MAX_VALUE : Long.parseLong(digits);
        if (declared >= 0 && id >= declared) {
            throw refuse("the vertex id " + field + " is not below the declared vertex count (# vertices " + declared
                    + "); ids are 0 to " + (declared - 1));
        }
        if (id > Integer.MAX_VALUE - 2) {
            throw refuse("the vertex id " + field + " is above the largest, " + (Integer.MAX_VALUE - 2));
        }
        return (int) id;
    }

    private double weight(String field) {
        if (NOT_FINITE.matcher(field).matches()) {
            throw refuse("the weight " + field + " is not finite; weights are finite numbers");
        }
        if (!DECIMAL.matcher(field).matches()) {
            throw refuse("the weight \"" + field + "\" is not a number; weights are decimal numbers such as 0.25");
        }
        double w = Double.parseDouble(field);
        if (!Double.isFinite(w)) {
            throw refuse("the weight " + field + " is not finite; weights are finite numbers");
        }
        return w;
    }

    private Graph build(EdgeRules rules) {
        int n;
        if (declared >= 0) {
            n = (int) declared;
        } else {
            int max = -1;
            for (int i = 0; i < m; i++) {
                max = Math.max(max, Math.max(from[i], to[i]));
            }
            n = max + 1;
        }
        int[] u = Arrays.copyOf(from, m);
        int[] v = Arrays.copyOf(to, m);
        double[] w = weighted == 1 ? Arrays.copyOf(weights, m) : null;
        String remedy = "; remove it or read the file with EdgeRules.SIMPLE.";
        EdgeColumn[] named = columns == null ? new EdgeColumn[0] : columns.build(m);
        return CsrBuilder.build(n, u, v, w, named, directed == 1, rules, new Refusals() {
            private String edge(int i) {
                return u[i] + " " + v[i];
            }

            @Override
            public ColonyException selfLoop(int i) {
                return refuse(lines[i], "the edge " + edge(i) + " is a self-loop" + remedy + "allowSelfLoops()");
            }

            @Override
            public ColonyException duplicate(int i, int earlier) {
                return refuse(lines[i], "the edge " + edge(i) + " repeats line " + lines[earlier] + " (" + edge(earlier)
                        + ")" + remedy + "mergeDuplicates()");
            }

            @Override
            public ColonyException unequalWeights(int i, int earlier) {
                return refuse(lines[i], "the edge " + edge(i) + " repeats line " + lines[earlier] + " (" + edge(earlier)
                        + ") with another weight (" + w[i] + ", not " + w[earlier] + "); merged duplicates need "
                        + "equal weights");
            }
        });
    }

    /**
     * Writes a graph as a text edge list, whole or not at all: the headers, then each edge once.
     *
     * @param file the file
     * @param graph the graph
     * @throws ColonyException naming the file and the reason, where it cannot be written
     */
    public static void write(Path file, Graph graph) {
        AtomicFile.write(file, stream -> {
            Writer out = new OutputStreamWriter(stream, StandardCharsets.UTF_8);
            out.write("# " + graph + "\n");
            out.write("# vertices " + graph.vertices() + "\n");
            out.write(graph.directed() ? "# directed\n" : "# undirected\n");
            String header = TextColumns.header(graph);
            if (header != null) {
                out.write(header + "\n");
            }
            EdgeColumn[] named = graph.rawColumns();
            StringBuilder text = new StringBuilder(1 << 16);
            for (int u = 0; u < graph.vertices(); u++) {
                for (int i = graph.offset(u); i < graph.offset(u + 1); i++) {
                    int v = graph.target(i);
                    if (graph.directed() || v >= u) {
                        text.append(u).append(' ').append(v);
                        if (graph.weighted()) {
                            text.append(' ').append(graph.weight(i));
                        }
                        for (EdgeColumn c : named) {
                            text.append(' ').append(c.format(i));
                        }
                        text.append('\n');
                    }
                }
                if (text.length() > 60_000) {
                    out.append(text);
                    text.setLength(0);
                }
            }
            out.append(text);
            out.flush();
        });
    }
}
