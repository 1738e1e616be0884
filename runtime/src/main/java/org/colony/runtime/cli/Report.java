package org.colony.runtime.cli;

import java.util.Locale;

/** Formatting of times and sizes for the command line. */
final class Report {

    private Report() {
    }

    /** A duration in seconds as "12.3 us", "4.56 ms", "7.89 s". */
    static String duration(double seconds) {
        if (seconds < 1e-3) {
            return String.format(Locale.ROOT, "%.1f us", seconds * 1e6);
        }
        if (seconds < 1) {
            return String.format(Locale.ROOT, "%.3f ms", seconds * 1e3);
        }
        return String.format(Locale.ROOT, "%.2f s", seconds);
    }

    /** A byte count as "12.3 MB". */
    static String bytes(long b) {
        if (b < 1L << 20) {
            return String.format(Locale.ROOT, "%.1f kB", b / 1024.0);
        }
        if (b < 1L << 30) {
            return String.format(Locale.ROOT, "%.1f MB", b / (double) (1L << 20));
        }
        return String.format(Locale.ROOT, "%.2f GB", b / (double) (1L << 30));
    }
}
