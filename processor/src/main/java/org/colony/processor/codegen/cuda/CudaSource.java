package org.colony.processor.codegen.cuda;

/**
 * The text of a model's CUDA source as one kernel writes it: lines at the kernel's current indentation, raw
 * text, and {@code #line} directives that map what follows to the model's Java source.
 */
final class CudaSource {

    private final StringBuilder text;
    private int indent = 1;

    CudaSource(StringBuilder text) {
        this.text = text;
    }

    /** Appends a line at the current indentation. */
    void emit(String line) {
        text.append("    ".repeat(indent)).append(line).append('\n');
    }

    /** Appends text as it is. */
    void raw(String raw) {
        text.append(raw);
    }

    /** Indents the lines that follow one level more. */
    void indent() {
        indent++;
    }

    /** Indents the lines that follow one level less. */
    void outdent() {
        indent--;
    }

    /** A {@code #line} directive: what follows comes from {@code line} of {@code file}. */
    void lineDirective(int line, String file) {
        text.append("#line ").append(line).append(" \"").append(file).append("\"\n");
    }
}
