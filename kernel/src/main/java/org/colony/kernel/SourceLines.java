package org.colony.kernel;

import java.util.Arrays;

/**
 * Where in the model's source a generated CPU kernel failed: a table from lines of the generated kernels class
 * ({@code HeatCell_Kernels.java}) to lines of the model ({@code HeatCell.java}), read from the innermost frame of
 * the kernels class in an exception's stack trace. It costs the kernels nothing while they run. Lines of a kernel
 * that are no statement of the model (the prologue, the loops over cells) map to no line.
 */
public final class SourceLines {

    /** A table that names no line, for descriptors generated without one. */
    public static final SourceLines NONE = new SourceLines("", "", new int[0]);

    private final String kernels;
    private final String file;
    private final int[] generated;
    private final int[] model;

    private SourceLines(String kernels, String file, int[] pairs) {
        if (pairs.length % 2 != 0) {
            throw new IllegalArgumentException("pairs of lines expected, got " + pairs.length + " numbers");
        }
        this.kernels = kernels;
        this.file = file;
        this.generated = new int[pairs.length / 2];
        this.model = new int[pairs.length / 2];
        for (int i = 0; i < generated.length; i++) {
            generated[i] = pairs[2 * i];
            model[i] = pairs[2 * i + 1];
            if (i > 0 && generated[i] <= generated[i - 1]) {
                throw new IllegalArgumentException("generated lines must ascend: " + generated[i - 1] + ", "
                        + generated[i]);
            }
        }
    }

    /**
     * A table for the kernels class {@code kernels} (its binary name; its nested classes are included) of a model in
     * {@code file}.
     *
     * @param kernels the binary name of the generated kernels class
     * @param file the model's source file name ({@code HeatCell.java})
     * @param pairs a generated line and the model line it starts, for each statement, in ascending generated lines;
     *     a model line of 0 starts lines that are no statement of the model
     * @return the table
     */
    public static SourceLines of(String kernels, String file, int... pairs) {
        return new SourceLines(kernels, file, pairs);
    }

    /**
     * The model line, as {@code HeatCell.java:31}, of the statement that threw {@code failure}: the innermost frame of
     * the kernels class in its stack trace, so that an exception of a helper the kernel called names the kernel's
     * statement that called it. Null where no frame of the kernels class is there (the JVM may omit the stack trace of
     * an exception it has thrown often at one place) or the frame is on no statement.
     *
     * @param failure what a kernel threw
     * @return {@code File.java:line}, or null
     */
    public String site(Throwable failure) {
        if (generated.length == 0) {
            return null;
        }
        for (StackTraceElement frame : failure.getStackTrace()) {
            String name = frame.getClassName();
            if (name.equals(kernels) || name.startsWith(kernels + "$")) {
                int line = modelLine(frame.getLineNumber());
                return line > 0 ? file + ":" + line : null;
            }
        }
        return null;
    }

    /** The model line of generated line {@code line}, or 0. */
    int modelLine(int line) {
        int i = Arrays.binarySearch(generated, line);
        if (i < 0) {
            i = -i - 2;
        }
        return i < 0 ? 0 : model[i];
    }
}
