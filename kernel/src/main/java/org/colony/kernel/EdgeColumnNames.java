package org.colony.kernel;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * The rule for the names of a graph's edge columns, which are the field names of a model's edge class: the processor
 * checks an edge class's attributes by it and the runtime checks every column by it, so a model the processor
 * accepts always finds its columns. A name is an ASCII Java identifier (letters, digits and {@code _}, no {@code $}),
 * not a Java keyword, and not one of the edge list's own fields {@code from}, {@code to} and {@code weight}.
 */
public final class EdgeColumnNames {

    /** The edge list's own fields, which no column may be named. */
    public static final Set<String> RESERVED = Set.of("from", "to", "weight");

    /** The rule in words, for messages. */
    public static final String RULE = "letters, digits and _, not starting with a digit, not a Java keyword, "
            + "not from, to or weight";

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /**
     * Java's keywords and literals (JLS 3.9, 3.10), which no field may be named; the processor's tests check them
     * against {@code javax.lang.model.SourceVersion}, which the runtime does not load.
     */
    private static final Set<String> KEYWORDS = Set.of("_", "abstract", "assert", "boolean", "break", "byte", "case", "catch",
            "char", "class", "const", "continue", "default", "do", "double", "else", "enum", "extends", "false",
            "final", "finally", "float", "for", "goto", "if", "implements", "import", "instanceof", "int",
            "interface", "long", "native", "new", "null", "package", "private", "protected", "public", "return",
            "short", "static", "strictfp", "super", "switch", "synchronized", "this", "throw", "throws", "transient",
            "true", "try", "void", "volatile", "while");

    private EdgeColumnNames() {
    }

    /**
     * {@return whether an edge column, and the edge class's field it is read as, may take {@code name}}
     *
     * @param name a proposed name, or null (never allowed)
     */
    public static boolean allowed(String name) {
        return name != null && IDENTIFIER.matcher(name).matches() && !KEYWORDS.contains(name)
                && !RESERVED.contains(name);
    }

    /** {@return Java's keywords and literals, for the processor's tests} */
    public static Set<String> keywords() {
        return KEYWORDS;
    }
}
