package org.colony.kernel;

import java.util.List;
import java.util.Locale;
import org.colony.ColonyException;

/**
 * A tuning switch: a {@code colony.*} system property that changes how Colony runs a model, never what it
 * computes. Each module declares its switches in one class ({@code KernelSwitches}, {@code RuntimeSwitches},
 * {@code CudaSwitches}): a switch holds its property, what it may be set to, its default and its meaning, and parses
 * itself, so that every switch is read the same way and refused with the same words, and {@code docs/switches.md}
 * is the table of them all. A value a switch does not allow is refused with a message naming the property, rather
 * than read as something else.
 */
public final class Switch {

    /** What a switch holds. */
    private enum Kind {
        FLAG, WHOLE, CHOICE, TEXT
    }

    private final String property;
    private final Kind kind;
    private final long min;
    private final long max;
    private final String unit;
    private final List<String> choices;
    private final String values;
    private final String fallback;
    private final String description;

    private Switch(String property, Kind kind, long min, long max, String unit, List<String> choices, String values,
            String fallback, String description) {
        this.property = property;
        this.kind = kind;
        this.min = min;
        this.max = max;
        this.unit = unit;
        this.choices = choices;
        this.values = values;
        this.fallback = fallback;
        this.description = description;
    }

    /**
     * {@return a switch that is on or off ({@code true} or {@code false}, in any case)}
     *
     * @param property the system property, {@code colony.vectors}
     * @param fallback the value when the property is not set
     * @param description what the switch changes, one sentence for the table
     */
    public static Switch flag(String property, boolean fallback, String description) {
        return new Switch(property, Kind.FLAG, 0, 0, "", List.of(), "true, false", Boolean.toString(fallback),
                description);
    }

    /**
     * {@return a whole number from {@code min} to {@code max} of {@code unit} ({@code "microseconds"}; empty for a
     * plain number); {@code meaning} says what a special value means in the table ({@code "0: each kernel's own"}), or
     * is empty}
     *
     * @param property the system property
     * @param min the smallest value allowed
     * @param max the largest value allowed
     * @param unit the unit of the value, or empty
     * @param fallback the value when the property is not set
     * @param meaning what a special value means, or empty
     * @param description what the switch changes, one sentence for the table
     */
    public static Switch whole(String property, long min, long max, String unit, long fallback, String meaning,
            String description) {
        String range = min + " to " + (max == Long.MAX_VALUE ? "2^63 - 1" : max == Integer.MAX_VALUE ? "2^31 - 1"
                : Long.toString(max)) + (unit.isEmpty() ? "" : " " + unit) + (meaning.isEmpty() ? "" : " (" + meaning
                + ")");
        return new Switch(property, Kind.WHOLE, min, max, unit, List.of(), range, Long.toString(fallback),
                description);
    }

    /**
     * {@return one of {@code choices} (in any case), the first of which is the default}
     *
     * @param property the system property
     * @param choices the values allowed, the default first
     * @param description what the switch changes, one sentence for the table
     */
    public static Switch choice(String property, List<String> choices, String description) {
        return new Switch(property, Kind.CHOICE, 0, 0, "", List.copyOf(choices), String.join(", ", choices),
                choices.getFirst(), description);
    }

    /**
     * {@return any text, such as a path; {@code values} says what it is for the table}
     *
     * @param property the system property
     * @param values what the value is, for the table ({@code "a directory"})
     * @param fallback the value when the property is not set
     * @param description what the switch changes, one sentence for the table
     */
    public static Switch text(String property, String values, String fallback, String description) {
        return new Switch(property, Kind.TEXT, 0, 0, "", List.of(), values, fallback, description);
    }

    /** {@return the system property, {@code colony.cuda.graphs}} */
    public String property() {
        return property;
    }

    /** {@return what it may be set to, as the table says it ({@code true, false}, {@code 0 to 4})} */
    public String values() {
        return values;
    }

    /** {@return the value when the property is unset or blank} */
    public String fallback() {
        return fallback;
    }

    /** {@return what it changes, one or two sentences} */
    public String description() {
        return description;
    }

    /** {@return the property's value with blanks stripped, or the default when it is unset or blank} */
    public String value() {
        String v = System.getProperty(property);
        return v == null || v.isBlank() ? fallback : v.strip();
    }

    /**
     * {@return whether a flag is on}
     *
     * @throws ColonyException if it is set to anything but true or false
     */
    public boolean on() {
        check(Kind.FLAG);
        String v = value().toLowerCase(Locale.ROOT);
        if (!v.equals("true") && !v.equals("false")) {
            throw refused("true or false");
        }
        return v.equals("true");
    }

    /**
     * {@return the whole number the switch is set to}
     *
     * @throws ColonyException if it is set to anything but a whole number in its range
     */
    public long whole() {
        check(Kind.WHOLE);
        try {
            long n = Long.parseLong(value());
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // the message below
        }
        throw refused("a whole number" + (unit.isEmpty() ? "" : " of " + unit) + " from " + min + " to " + max);
    }

    /**
     * {@return the choice the switch is set to, in lower case}
     *
     * @throws ColonyException if it is set to anything but one of its choices
     */
    public String choice() {
        check(Kind.CHOICE);
        String v = value().toLowerCase(Locale.ROOT);
        if (!choices.contains(v)) {
            throw refused("one of " + String.join(", ", choices));
        }
        return v;
    }

    private void check(Kind asked) {
        if (kind != asked) {
            throw new IllegalStateException(property + " is not a " + asked.name().toLowerCase(Locale.ROOT) + " switch");
        }
    }

    private ColonyException refused(String allowed) {
        return new ColonyException(property + " must be " + allowed + ", not '" + System.getProperty(property) + "'");
    }

    @Override
    public String toString() {
        return property + "=" + value();
    }
}
