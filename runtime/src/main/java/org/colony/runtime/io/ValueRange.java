package org.colony.runtime.io;

import org.colony.ColonyException;

/**
 * The values a heat map's colour scale spans, from {@code min} (its darkest colour) to {@code max} (its lightest):
 * fixed across the frames of a series so that one colour means one value in all of them. Values outside are drawn in
 * the colour of the nearer end.
 *
 * @param min the value drawn in the scale's first colour, a finite number
 * @param max the value drawn in its last colour, a finite number above {@code min}
 */
public record ValueRange(double min, double max) {

    /**
     * Checks the range.
     *
     * @throws ColonyException where an end is not a finite number or {@code max} is not above {@code min}
     */
    public ValueRange {
        if (!Double.isFinite(min) || !Double.isFinite(max) || !(max > min)) {
            throw new ColonyException("the value range min=" + min + " max=" + max + " is not a range; give two finite "
                    + "numbers, the smaller first");
        }
    }

    /**
     * {@return the range written {@code MIN:MAX} ({@code 0:100}, {@code -1.5:2e3})}
     *
     * @param text the range
     * @throws ColonyException where it is not two numbers joined by a colon, or not a range
     */
    public static ValueRange parse(String text) {
        int colon = text.indexOf(':', 1); // a colon, not the sign of a first number
        if (colon < 0) {
            throw new ColonyException("the value range '" + text + "' is not MIN:MAX; write it like 0:100");
        }
        try {
            return new ValueRange(Double.parseDouble(text.substring(0, colon)),
                    Double.parseDouble(text.substring(colon + 1)));
        } catch (NumberFormatException e) {
            throw new ColonyException("the value range '" + text + "' is not MIN:MAX of two numbers; write it like "
                    + "0:100");
        }
    }
}
