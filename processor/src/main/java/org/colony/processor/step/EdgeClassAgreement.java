package org.colony.processor.step;

import java.util.HashMap;
import java.util.Map;
import javax.lang.model.element.TypeElement;
import org.colony.processor.Diagnostics;
import org.colony.processor.Messages;
import org.colony.processor.ir.ModelIr;

/**
 * Holds a vertex model and the agents on its vertices to one edge class, across the models of a compilation: the
 * places' graph carries one set of columns for both. A model that reads another edge class than the one already
 * seen for its places is reported on its class.
 */
final class EdgeClassAgreement {

    private final Diagnostics diagnostics;
    /** By vertex model (canonical name): the edge class read by it or an agent on it, and the model that read it. */
    private final Map<String, String[]> byPlaces = new HashMap<>();

    EdgeClassAgreement(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    /** {@return whether the model agrees with the models of its places seen before (reporting it where not)} */
    boolean agree(ModelIr model, TypeElement type) {
        if (model.edges() == null || !model.graph()) {
            return true;
        }
        String places = model.agent() ? model.place().ref().qualifiedName() : model.qualifiedName();
        String edge = model.edges().qualifiedName();
        String[] seen = byPlaces.putIfAbsent(places, new String[] {edge, model.simpleName()});
        if (seen == null || seen[0].equals(edge)) {
            return true;
        }
        diagnostics.error(type, Messages.edgeClassMismatch(model.simpleName() + " (with " + seen[1] + ")",
                simple(seen[0]), simple(edge)));
        return false;
    }

    private static String simple(String qualified) {
        return qualified.substring(qualified.lastIndexOf('.') + 1);
    }
}
