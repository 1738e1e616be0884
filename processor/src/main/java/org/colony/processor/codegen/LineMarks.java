package org.colony.processor.codegen;

import com.palantir.javapoet.CodeBlock;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Marks in generated Java that say which line of the model a generated line comes from. A code generator puts
 * {@link #at(int)} before each statement it prints for a model statement (and {@code at(0)} before code of its
 * own); {@link GeneratedWriter} takes the marks out of the file it writes and keeps, in {@link Table}, the generated
 * line each one was on. JavaPoet gives no line numbers of what it prints; the marks are how they are found.
 */
public final class LineMarks {

    private static final Pattern MARK = Pattern.compile("/\\*@line (\\d+)\\*/");

    private LineMarks() {
    }

    /**
     * The mark of model line {@code line} for the generated line that follows it; 0 for code that is no statement of
     * the model. A line of its own: put it between statements.
     */
    public static CodeBlock at(int line) {
        return CodeBlock.of("/*@line $L*/\n", line);
    }

    /**
     * A file's text without its marks, and its table of lines.
     *
     * @param pairs a generated line (1-based) and the model line from there on, in ascending generated lines, each
     *     pair naming a model line other than the pair before's
     */
    public record Table(String text, int[] pairs) {
    }

    /**
     * Takes the marks out of {@code text}. A line of nothing but marks goes, and its last mark is the next line's;
     * otherwise the last mark on a line is that line's.
     */
    public static Table strip(String text) {
        StringBuilder out = new StringBuilder(text.length());
        List<Integer> pairs = new ArrayList<>();
        int current = 0;
        int pending = -1;
        int number = 0;
        for (String line : text.split("\n", -1)) {
            Matcher m = MARK.matcher(line);
            int last = pending;
            boolean marked = false;
            while (m.find()) {
                last = Integer.parseInt(m.group(1));
                marked = true;
            }
            String rest = marked ? m.reset().replaceAll("") : line;
            if (marked && rest.isBlank()) {
                pending = last;
                continue;
            }
            pending = -1;
            number++;
            if (number > 1) {
                out.append('\n');
            }
            out.append(rest);
            if (last >= 0 && last != current) {
                pairs.add(number);
                pairs.add(last);
                current = last;
            }
        }
        return new Table(out.toString(), pairs.stream().mapToInt(Integer::intValue).toArray());
    }
}
