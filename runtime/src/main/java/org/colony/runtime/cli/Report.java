package org.colony.runtime.cli;

import java.util.Locale;
import org.colony.runtime.storage.ByteSize;

/** Formatting of times and sizes for the command line. */
final class Report {

    private static final long MINUTE = 60;
    private static final long HOUR = 60 * MINUTE;
    private static final long DAY = 24 * HOUR;

    private Report() {
    }

    /**
     * A duration in seconds as "12.3 us", "4.56 ms", "7.89 s" below a minute, then in whole units: "4 min 05 s",
     * "2 h 07 min", "4 d 02 h".
     */
    static String duration(double seconds) {
        if (seconds < 1e-3) {
            return String.format(Locale.ROOT, "%.1f us", seconds * 1e6);
        }
        if (seconds < 1) {
            return String.format(Locale.ROOT, "%.3f ms", seconds * 1e3);
        }
        if (seconds < MINUTE - 0.005) {
            return String.format(Locale.ROOT, "%.2f s", seconds);
        }
        if (!Double.isFinite(seconds) || seconds >= Long.MAX_VALUE) {
            return "forever";
        }
        long s = Math.round(seconds);
        if (s < HOUR) {
            return String.format(Locale.ROOT, "%d min %02d s", s / MINUTE, s % MINUTE);
        }
        if (s < DAY) {
            return String.format(Locale.ROOT, "%d h %02d min", s / HOUR, s % HOUR / MINUTE);
        }
        return String.format(Locale.ROOT, "%d d %02d h", s / DAY, s % DAY / HOUR);
    }

    /** A byte count as "12.3 MiB" (binary units). */
    static String bytes(long b) {
        return ByteSize.of(b);
    }
}
