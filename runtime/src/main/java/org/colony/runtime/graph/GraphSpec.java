package org.colony.runtime.graph;

import java.nio.file.Path;
import java.util.function.LongFunction;
import org.colony.ColonyException;

/**
 * A graph named on the command line, parsed once and built from a seed: {@code GraphSpec.parse("ba:1000000:5")
 * .build(seed)}. The forms:
 *
 * <pre>
 * er:N:M              Erdős–Rényi, N vertices and exactly M edges
 * ba:N:M              Barabási–Albert, N vertices, M edges per new vertex
 * ws:N:K:BETA         Watts–Strogatz, N vertices, K ring neighbours each (even), rewired with chance BETA
 * lattice:WxH[:wrap]  the 4-neighbour lattice of a W x H grid, wrapping round with :wrap
 * file:PATH           a file: binary where it starts with the graph magic number ({@link GraphFile}), else a
 *                     text edge list ({@link EdgeListFile})
 * </pre>
 *
 * Numbers are decimal ({@code 1000000}; {@code 1_000_000} also reads). A spec that is not one of these is refused in
 * one line naming what is wrong and the forms. Generators are in {@link Generators}; a file and a lattice ignore the
 * seed.
 */
public final class GraphSpec {

    /** The accepted forms, as refusals list them. */
    public static final String FORMS = "er:N:M, ba:N:M, ws:N:K:BETA, lattice:WxH[:wrap] or file:PATH";

    private final String text;
    private final LongFunction<Graph> build;

    private GraphSpec(String text, LongFunction<Graph> build) {
        this.text = text;
        this.build = build;
    }

    /**
     * {@return the spec of a graph, checked for its form and numbers (not yet built: a generator's own limits, such as
     * m below n, and a file's content are checked by {@link #build})}
     *
     * @param text the spec, such as {@code ba:1000000:5}
     * @throws ColonyException in one line naming what is wrong and the accepted forms
     */
    public static GraphSpec parse(String text) {
        if (text == null || text.isBlank()) {
            throw new ColonyException("the graph spec is empty; give one of " + FORMS);
        }
        int colon = text.indexOf(':');
        String kind = colon < 0 ? text : text.substring(0, colon);
        if (kind.equals("file")) {
            String file = text.substring(colon + 1);
            if (file.isEmpty()) {
                throw refuse(text, "it names no file", "file:PATH");
            }
            Path path = Path.of(file);
            return new GraphSpec(text, seed -> GraphFile.isGraphFile(path) ? GraphFile.read(path)
                    : EdgeListFile.read(path));
        }
        String[] f = text.split(":", -1);
        return switch (kind) {
            case "er" -> {
                fields(text, f, 3, "er:N:M");
                int n = count(text, f[1], "N", "er:N:M");
                long m = number(text, f[2], "M", "er:N:M");
                yield new GraphSpec(text, seed -> Generators.erdosRenyi(n, m, seed));
            }
            case "ba" -> {
                fields(text, f, 3, "ba:N:M");
                int n = count(text, f[1], "N", "ba:N:M");
                int m = count(text, f[2], "M", "ba:N:M");
                yield new GraphSpec(text, seed -> Generators.barabasiAlbert(n, m, seed));
            }
            case "ws" -> {
                fields(text, f, 4, "ws:N:K:BETA");
                int n = count(text, f[1], "N", "ws:N:K:BETA");
                int k = count(text, f[2], "K", "ws:N:K:BETA");
                double beta = chance(text, f[3]);
                yield new GraphSpec(text, seed -> Generators.wattsStrogatz(n, k, beta, seed));
            }
            case "lattice" -> lattice(text, f);
            default -> throw new ColonyException("the graph spec \"" + text + "\" is of no known kind (\"" + kind
                    + "\"); give one of " + FORMS);
        };
    }

    private static GraphSpec lattice(String text, String[] f) {
        String form = "lattice:WxH[:wrap]";
        if (f.length < 2 || f.length > 3) {
            throw refuse(text, "it has " + f.length + " fields", form);
        }
        boolean wrap = f.length == 3;
        if (wrap && !f[2].equals("wrap")) {
            throw refuse(text, "\"" + f[2] + "\" is not \"wrap\"", form);
        }
        String[] sizes = f[1].split("x", -1);
        if (sizes.length != 2) {
            throw refuse(text, "\"" + f[1] + "\" is not a size WxH such as 100x100", form);
        }
        int w = count(text, sizes[0], "W", form);
        int h = count(text, sizes[1], "H", form);
        return new GraphSpec(text, seed -> Generators.lattice(w, h, wrap));
    }

    private static ColonyException refuse(String text, String why, String form) {
        return new ColonyException("the graph spec \"" + text + "\" is wrong: " + why + "; its form is " + form
                + " (the forms are " + FORMS + ")");
    }

    private static void fields(String text, String[] f, int count, String form) {
        if (f.length != count) {
            throw refuse(text, "it has " + f.length + " fields, not " + count, form);
        }
    }

    private static long number(String text, String field, String name, String form) {
        String digits = field.replace("_", "");
        if (digits.isEmpty() || digits.length() > 18 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')
                || field.startsWith("_") || field.endsWith("_")) {
            throw refuse(text, name + "=\"" + field + "\" is not a whole number from 0", form);
        }
        return Long.parseLong(digits);
    }

    private static int count(String text, String field, String name, String form) {
        long v = number(text, field, name, form);
        if (v > Integer.MAX_VALUE - 1) {
            throw refuse(text, name + "=" + field + " is above " + (Integer.MAX_VALUE - 1), form);
        }
        return (int) v;
    }

    private static double chance(String text, String field) {
        double beta;
        try {
            beta = field.matches("[0-9.eE+-]+") ? Double.parseDouble(field) : Double.NaN;
        } catch (NumberFormatException e) {
            beta = Double.NaN;
        }
        if (!(beta >= 0 && beta <= 1)) {
            throw refuse(text, "BETA=\"" + field + "\" is not a chance from 0 to 1", "ws:N:K:BETA");
        }
        return beta;
    }

    /**
     * {@return the graph, generated from the seed or read from the file}
     *
     * @param seed the seed of a generator's draws (a file and a lattice ignore it)
     * @throws ColonyException where the numbers do not fit the generator or the file is malformed
     */
    public Graph build(long seed) {
        return build.apply(seed);
    }

    /** {@return the spec as given} */
    @Override
    public String toString() {
        return text;
    }
}
