package org.colony.kernel;

import java.util.Locale;
import org.colony.ColonyException;

/**
 * A tuning switch: a {@code colony.*} system property that changes how Colony runs a model, never what it
 * computes. Each module declares its switches in one class ({@code KernelSwitches}, {@code RuntimeSwitches},
 * {@code CudaSwitches}) with their meaning, allowed values and default, and parses them here, so that every switch
 * is read the same way and refused with the same words; {@code docs/switches.md} is the table of them all.
 *
 * @param property the system property, {@code colony.cuda.graphs}
 * @param values what it may be set to, as the table says it ({@code true, false})
 * @param fallback the value when the property is unset or blank
 * @param description what it changes, one or two sentences
 */
public record Switch(String property, String values, String fallback, String description) {

    /** The property's value with blanks stripped, or the fallback when it is unset or blank. */
    public String value() {
        String v = System.getProperty(property);
        return v == null || v.isBlank() ? fallback : v.strip();
    }

    /**
     * Whether the switch is on: anything but {@code false} (in any case) is on.
     *
     * @throws IllegalStateException if the switch is not a flag (its fallback is not true or false)
     */
    public boolean on() {
        if (!fallback.equals("true") && !fallback.equals("false")) {
            throw new IllegalStateException(property + " is not a flag");
        }
        return !value().toLowerCase(Locale.ROOT).equals("false");
    }

    /**
     * The switch as a whole number from {@code min} to {@code max}.
     *
     * @throws ColonyException if it is set to anything else
     */
    public long whole(long min, long max) {
        String v = value();
        try {
            long n = Long.parseLong(v);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // the message below
        }
        throw new ColonyException(property + " must be a whole number from " + min + " to " + max + ", not '"
                + System.getProperty(property) + "'");
    }

    /**
     * The switch as one of {@code choices} (in any case).
     *
     * @throws ColonyException if it is set to anything else
     */
    public String choice(String... choices) {
        String v = value().toLowerCase(Locale.ROOT);
        for (String c : choices) {
            if (c.equals(v)) {
                return c;
            }
        }
        throw new ColonyException(property + " must be one of " + String.join(", ", choices) + ", not '"
                + System.getProperty(property) + "'");
    }
}
