package org.colony.runtime.cli;

import java.nio.file.Path;
import java.util.Locale;

/**
 * The names of the files a run writes at a step ({@code --snapshot}, {@code --dump}): {@code {step}} in the name
 * stands for the step, six digits; a periodic name without it gets {@code -000100} before its extension; a final one
 * is the name itself.
 */
final class StepFiles {

    /** What stands for the step in a name. */
    static final String STEP = "{step}";

    private StepFiles() {
    }

    /**
     * {@return the file of {@code name} for {@code step}}
     *
     * @param period the steps between two files, 0 for one at the end
     * @param extension the name's extension, with its dot ({@code ".png"})
     */
    static Path of(String name, long period, long step, String extension) {
        String number = String.format(Locale.ROOT, "%06d", step);
        if (name.contains(STEP)) {
            return Path.of(name.replace(STEP, number));
        }
        if (period == 0) {
            return Path.of(name);
        }
        int dot = name.length() - extension.length();
        return Path.of(name.substring(0, dot) + "-" + number + name.substring(dot));
    }
}
