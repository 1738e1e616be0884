package org.colony.runtime.record;

import org.colony.ColonyException;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.ScalarType;
import org.colony.runtime.ModelCollection;
import org.colony.runtime.reduce.Bins;
import org.colony.runtime.reduce.Extremes;
import org.colony.runtime.reduce.Reduction;

/**
 * An attribute of a collection a series reads: a scalar attribute, or one element of an array attribute, named
 * {@code attr} or {@code attr[k]}.
 *
 * @param collection the collection
 * @param attribute the attribute's field name
 * @param element the element of an array attribute, 0 for a scalar
 * @param info the attribute as the processor described it
 */
record Target(ModelCollection<?> collection, String attribute, int element, AttributeInfo info) {

    /**
     * {@return the attribute {@code text} names on {@code collection}}
     *
     * @param collection the collection
     * @param text {@code attr} or {@code attr[k]}
     * @throws ColonyException where the collection has no such attribute, or the element is missing or out of range
     */
    static Target of(ModelCollection<?> collection, String text) {
        if (collection == null) {
            throw new ColonyException("a series needs a collection, not null");
        }
        if (text == null) {
            throw new ColonyException("a series of " + Names.of(collection) + " needs an attribute, not null");
        }
        String name = text;
        int element = -1;
        int open = text.indexOf('[');
        if (open >= 0) {
            if (!text.endsWith("]")) {
                throw new ColonyException("attribute '" + text + "' is malformed; write attr or attr[k]");
            }
            name = text.substring(0, open);
            try {
                element = Integer.parseInt(text.substring(open + 1, text.length() - 1).trim());
            } catch (NumberFormatException e) {
                throw new ColonyException("attribute '" + text + "' is malformed; the element in brackets is a whole "
                        + "number");
            }
        }
        int index = collection.model().attributeIndex(name);
        if (index < 0) {
            throw new ColonyException(Names.of(collection) + " has no attribute '" + name + "'; attributes: "
                    + collection.attributeNames());
        }
        AttributeInfo info = collection.model().attributes().get(index);
        if (info.isArray() && element < 0) {
            throw new ColonyException("attribute " + Names.of(collection) + "." + name + " is an array of "
                    + info.length() + "; name the element: " + name + "[k] with 0 <= k < " + info.length());
        }
        if (!info.isArray() && element >= 0) {
            throw new ColonyException("attribute " + Names.of(collection) + "." + name + " is not an array; leave "
                    + "out [" + element + "]");
        }
        if (info.isArray() && element >= info.length()) {
            throw new ColonyException("element " + element + " of " + Names.of(collection) + "." + name + " is out "
                    + "of range; use 0 to " + (info.length() - 1));
        }
        return new Target(collection, name, Math.max(0, element), info);
    }

    /** {@return the attribute's type} */
    ScalarType type() {
        return info.type();
    }

    /** {@return how column names start: {@code Bug.size}, {@code Cell.history[2]}} */
    String prefix() {
        return Names.of(collection) + "." + attribute + (info.isArray() ? "[" + element + "]" : "");
    }

    /** {@return the attribute's reduction, computed by the collection's backend} */
    Reduction reduce() {
        return info.isArray() ? collection.reduce(attribute, element) : collection.reduce(attribute);
    }

    /** {@return the attribute's least and greatest values, reduced where the column lives} */
    Extremes extremes() {
        return collection.extremes(attribute, element);
    }

    /** {@return the counts of the values in {@code bins}, counted where they live where the backend can} */
    long[] histogram(Bins bins) {
        return collection.histogram(attribute, element, bins);
    }

    /** {@return the column of values, downloaded from where it lives} */
    Object column() {
        return collection.getColumn(attribute, element);
    }
}
