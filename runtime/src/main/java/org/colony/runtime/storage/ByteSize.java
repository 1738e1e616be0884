package org.colony.runtime.storage;

import java.util.Locale;

/** Byte counts as people read them, in binary units: {@code 512 B}, {@code 15.3 MiB}, {@code 5.88 GiB}, {@code 142 PiB}. */
public final class ByteSize {

    private static final String[] UNITS = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};

    private ByteSize() {
    }

    /**
     * {@return {@code bytes} in the largest binary unit that keeps the number at least 1, to three significant figures}
     */
    public static String of(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        int unit = (63 - Long.numberOfLeadingZeros(bytes)) / 10;
        double value = bytes / Math.pow(1024, unit);
        if (value >= 1023.95) { // rounds up into the next unit
            unit++;
            value /= 1024;
        }
        String digits = value < 10 ? "%.2f %s" : value < 100 ? "%.1f %s" : "%.0f %s";
        return String.format(Locale.ROOT, digits, value, UNITS[unit]);
    }
}
