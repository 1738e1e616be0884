package org.colony.runtime.cli;

import java.nio.file.Path;
import java.util.Locale;
import org.colony.ColonyException;

/**
 * One {@code --snapshot attribute=file.png[@period]} request: draw the attribute at the end of the run,
 * or every {@code period} steps into numbered files (a {@code %d}-style pattern in the name, or a
 * six-digit step number added before the extension).
 *
 * @param attribute the attribute to draw
 * @param file the file, or the pattern of the files
 * @param period steps between snapshots, or 0 for the final state only
 */
record SnapshotSpec(String attribute, String file, long period) {

    static SnapshotSpec parse(String spec) {
        int eq = spec.indexOf('=');
        if (eq <= 0 || eq == spec.length() - 1) {
            throw new ColonyException("--snapshot " + spec + " is malformed; write --snapshot attribute=file.png "
                    + "or --snapshot attribute=file.png@period");
        }
        String attribute = spec.substring(0, eq);
        String rest = spec.substring(eq + 1);
        long period = 0;
        int at = rest.lastIndexOf('@');
        if (at >= 0) {
            try {
                period = Long.parseLong(rest.substring(at + 1));
            } catch (NumberFormatException e) {
                period = -1;
            }
            if (period <= 0) {
                throw new ColonyException("--snapshot " + spec + ": the period after @ must be a positive number of steps");
            }
            rest = rest.substring(0, at);
        }
        if (!rest.toLowerCase(Locale.ROOT).endsWith(".png")) {
            throw new ColonyException("--snapshot " + spec + ": snapshots are PNG files; name one ending in .png");
        }
        return new SnapshotSpec(attribute, rest, period);
    }

    /** The file for the snapshot taken after {@code step} steps. */
    Path fileFor(long step) {
        if (period == 0) {
            return Path.of(file);
        }
        if (file.contains("%")) {
            return Path.of(String.format(Locale.ROOT, file, step));
        }
        int dot = file.toLowerCase(Locale.ROOT).lastIndexOf(".png");
        return Path.of(file.substring(0, dot) + String.format(Locale.ROOT, "-%06d", step) + ".png");
    }
}
