package org.colony.runtime;

import java.util.ArrayList;
import java.util.List;
import org.colony.ColonyException;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.ScalarType;

/**
 * Finds the attribute a collection's accessor names, and the element of an array attribute, refusing with the
 * accessors' messages what does not fit.
 */
final class AttributeLookup {

    private final Simulation sim;
    private final ModelInfo model;
    private final String name;

    /**
     * @param sim the simulation, checked open on every lookup
     * @param model the collection's model
     * @param name the model's simple name, for messages
     */
    AttributeLookup(Simulation sim, ModelInfo model, String name) {
        this.sim = sim;
        this.model = model;
        this.name = name;
    }

    /** {@return the names of the model's attributes} */
    List<String> names() {
        List<String> names = new ArrayList<>();
        for (AttributeInfo a : model.attributes()) {
            names.add(a.name());
        }
        return names;
    }

    /**
     * {@return the ordinal of attribute {@code attr}, checked}
     *
     * @param expected the type the accessor reads or writes; null for any
     * @param element whether the accessor names an element (of an array attribute)
     */
    int attribute(String attr, ScalarType expected, boolean element) {
        sim.checkOpen();
        int a = model.attributeIndex(attr);
        if (a < 0) {
            throw new ColonyException(name + " has no attribute '" + attr + "'; attributes: " + names());
        }
        AttributeInfo info = model.attributes().get(a);
        if (expected != null && info.type() != expected) {
            throw new ColonyException("attribute " + name + "." + attr + " is " + info.type().javaName()
                    + ", not " + expected.javaName() + "; use the " + info.type().javaName() + " accessor");
        }
        if (info.isArray() && !element) {
            throw new ColonyException("attribute " + name + "." + attr + " is an array of " + info.length()
                    + "; name the element: (\"" + attr + "\", k) with 0 <= k < " + info.length());
        }
        if (!info.isArray() && element) {
            throw new ColonyException("attribute " + name + "." + attr + " is not an array; leave out the element");
        }
        return a;
    }

    /** {@return the ordinal of attribute {@code attr}, scalar or array, checked} */
    int any(String attr) {
        int a = model.attributeIndex(attr);
        return attribute(attr, null, a >= 0 && model.attributes().get(a).isArray());
    }

    /** {@return the element {@code k} names of an attribute: {@code k}, checked, for an array; 0 for a scalar} */
    int element(int attribute, int k) {
        AttributeInfo info = model.attributes().get(attribute);
        if (info.isArray() && (k < 0 || k >= info.length())) {
            throw new ColonyException("element " + k + " of " + name + "." + info.name() + " is out of range; use 0 to "
                    + (info.length() - 1));
        }
        return info.isArray() ? k : 0;
    }
}
