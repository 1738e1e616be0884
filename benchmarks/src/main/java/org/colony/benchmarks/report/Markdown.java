package org.colony.benchmarks.report;

import java.util.List;
import java.util.Locale;

/** Small helpers for Markdown tables and numbers. */
final class Markdown {

    private Markdown() {
    }

    /** A table: header, alignment row (first column left, the others right), rows. */
    static String table(List<String> header, List<List<String>> rows) {
        StringBuilder sb = new StringBuilder();
        sb.append("| ").append(String.join(" | ", header)).append(" |\n|");
        for (int i = 0; i < header.size(); i++) {
            sb.append(i == 0 ? "---|" : "---:|");
        }
        sb.append('\n');
        for (List<String> row : rows) {
            sb.append("| ").append(String.join(" | ", row)).append(" |\n");
        }
        return sb.toString();
    }

    /** Milliseconds with three significant digits or more: 0.0123, 1.23, 12.3, 1234. */
    static String ms(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        if (v >= 100) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (v >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        if (v >= 1) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        return String.format(Locale.ROOT, "%.3g", v);
    }

    /** A mean with its error: {@code 12.3 ± 0.4}. */
    static String ms(double v, double error) {
        return Double.isNaN(error) || Double.isNaN(v) ? ms(v) : ms(v) + " ± " + ms(error);
    }

    /** A ratio: {@code 2.41x}. */
    static String ratio(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? "-" : String.format(Locale.ROOT, "%.2fx", v);
    }

    /** A place count: {@code 4.19 M}, {@code 65.5 k}, {@code 900}. */
    static String places(long n) {
        if (n >= 1_000_000_000L) {
            return String.format(Locale.ROOT, "%.3g G", n / 1e9);
        }
        if (n >= 1_000_000) {
            return String.format(Locale.ROOT, "%.3g M", n / 1e6);
        }
        if (n >= 10_000) {
            return String.format(Locale.ROOT, "%.3g k", n / 1e3);
        }
        return Long.toString(n);
    }
}
