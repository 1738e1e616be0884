package org.colony.runtime.cli;

import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Predicate;
import org.colony.ColonyException;

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

    /** A file name as an option gives it, and the period after its {@code @} (0 where it has none). */
    record Periodic(String name, long period) {
    }

    /**
     * {@return {@code text} split into a file name and a period: {@code NAME@N} with N a positive number of steps, or
     * {@code NAME} alone (period 0)} An {@code @} inside a name that already is one ({@code isName} holds for the
     * whole text: {@code run@2.csv}) is a character of the name.
     *
     * @param option the option, for the refusal ({@code --dump})
     * @param spec the option's whole value, for the refusal
     * @param text the file part of it
     * @param isName whether a text is a whole file name of the option's kind (its extension)
     * @throws ColonyException where what follows the {@code @} is not a positive whole number
     */
    static Periodic periodic(String option, String spec, String text, Predicate<String> isName) {
        int at = text.lastIndexOf('@');
        if (at < 0 || isName.test(text)) {
            return new Periodic(text, 0);
        }
        long period;
        try {
            period = Long.parseLong(text.substring(at + 1));
        } catch (NumberFormatException e) {
            period = -1;
        }
        if (period <= 0) {
            throw new ColonyException(option + " " + spec + ": the period after @ must be a positive number of steps");
        }
        return new Periodic(text.substring(0, at), period);
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
