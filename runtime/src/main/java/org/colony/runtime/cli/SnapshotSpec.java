package org.colony.runtime.cli;

import java.nio.file.Path;
import java.util.Locale;
import org.colony.ColonyException;
import org.colony.runtime.io.HeatMap;

/**
 * One {@code --snapshot attribute=file.png[@period]} request: draw the attribute (an array attribute's element as
 * {@code attribute[k]}) at the end of the run, or every {@code period} steps into numbered files: the step number, six
 * digits or more, in place of {@value #STEP} in the name, or added before the extension as {@code -000100} where the
 * name has no {@value #STEP}. Every other character of the name, {@code %} included, is itself. A name ending in
 * {@code .gif} is one animated GIF of all the frames instead.
 *
 * @param text the option's value as given, for messages
 * @param attribute the attribute to draw
 * @param element the element of an array attribute, or {@link HeatMap#SCALAR}
 * @param file the file, or the pattern of the files
 * @param period steps between snapshots, or 0 for the final state only
 */
record SnapshotSpec(String text, String attribute, int element, String file, long period) {

    /** The placeholder for the step number in a file name. */
    static final String STEP = StepFiles.STEP;

    private static final String PNG = ".png";

    private static final String GIF = ".gif";

    static SnapshotSpec parse(String spec) {
        int eq = spec.indexOf('=');
        if (eq <= 0 || eq == spec.length() - 1) {
            throw new ColonyException("--snapshot " + spec + " is malformed; write --snapshot attribute=file.png "
                    + "or --snapshot attribute=file.png@period");
        }
        String attribute = spec.substring(0, eq);
        String rest = spec.substring(eq + 1);
        StepFiles.Periodic file = StepFiles.periodic("--snapshot", spec, rest, SnapshotSpec::isImage);
        long period = file.period();
        rest = file.name();
        if (!isImage(rest)) {
            throw new ColonyException("--snapshot " + spec + ": snapshots are PNG files, or an animated GIF; name one "
                    + "ending in .png or .gif");
        }
        if (rest.toLowerCase(Locale.ROOT).endsWith(GIF) && rest.contains(STEP)) {
            throw new ColonyException("--snapshot " + spec + ": an animated GIF is one file of all the frames; leave "
                    + STEP + " out of its name");
        }
        Path path = Path.of(rest);
        if (path.getParent() != null && path.getParent().toString().contains(STEP)) {
            throw new ColonyException("--snapshot " + spec + ": " + STEP + " goes in the file's name, not in its "
                    + "directory");
        }
        int element = HeatMap.SCALAR;
        int open = attribute.indexOf('[');
        if (open >= 0) {
            if (!attribute.endsWith("]") || open == 0) {
                throw new ColonyException("--snapshot " + spec + ": write an array attribute's element as "
                        + "attribute[k], like history[0]");
            }
            try {
                element = Integer.parseInt(attribute.substring(open + 1, attribute.length() - 1));
            } catch (NumberFormatException e) {
                element = -1;
            }
            if (element < 0) {
                throw new ColonyException("--snapshot " + spec + ": the element in " + attribute + " must be a whole "
                        + "number of 0 or more");
            }
            attribute = attribute.substring(0, open);
        }
        return new SnapshotSpec(spec, attribute, element, rest, period);
    }

    private static boolean isImage(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return lower.endsWith(PNG) || lower.endsWith(GIF);
    }

    /** {@return whether the frames go into one animated GIF} */
    boolean animated() {
        return file.toLowerCase(Locale.ROOT).endsWith(GIF);
    }

    /** {@return the file name's extension, with its dot, in lower case} */
    String extension() {
        return animated() ? GIF : PNG;
    }

    /** {@return the attribute as the option names it: {@code temp}, or {@code history[2]} for an element} */
    String label() {
        return element == HeatMap.SCALAR ? attribute : attribute + "[" + element + "]";
    }

    /** The file for the snapshot taken after {@code step} steps. */
    Path fileFor(long step) {
        if (animated()) {
            return Path.of(file);
        }
        return StepFiles.of(file, period, step, PNG);
    }
}
