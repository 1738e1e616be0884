package org.colony.runtime.record;

import org.colony.runtime.ModelCollection;

/** How series name collections and numbers in column names. */
final class Names {

    private Names() {
    }

    /** {@return the collection's name in column names: its model class's simple name} */
    static String of(ModelCollection<?> collection) {
        return collection.modelClass().getSimpleName();
    }

    /** {@return a bin edge as a column name shows it: {@code 3} for 3.0, {@code 0.25}, {@code 1.0E-9}} */
    static String number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }
}
