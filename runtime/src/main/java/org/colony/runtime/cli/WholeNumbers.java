package org.colony.runtime.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Converters for whole-number options that name the problem in words ("not a whole number"), not Java types. */
final class WholeNumbers {

    private WholeNumbers() {
    }

    /** A whole number from -2^63 to 2^63 - 1. */
    static final class LongValue implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return parse(value, Long.MIN_VALUE, Long.MAX_VALUE);
        }
    }

    /** A whole number from -2^31 to 2^31 - 1. */
    static final class IntValue implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return (int) parse(value, Integer.MIN_VALUE, Integer.MAX_VALUE);
        }
    }

    private static long parse(String value, long min, long max) {
        String text = value.strip();
        if (!text.matches("[+-]?[0-9]+")) {
            throw new TypeConversionException("'" + value + "' is not a whole number");
        }
        try {
            long v = Long.parseLong(text);
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // beyond 64 bits: out of range as well
        }
        throw new TypeConversionException("'" + value + "' is out of range; use a whole number from " + min + " to "
                + max);
    }
}
