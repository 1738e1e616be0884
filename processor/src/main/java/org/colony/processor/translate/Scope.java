package org.colony.processor.translate;

import java.util.HashMap;
import java.util.Map;
import org.colony.processor.ir.Local;

/** A lexical scope of locals, linked to its enclosing scope. */
final class Scope {

    private final Scope parent;
    private final Map<String, Local> locals = new HashMap<>();

    Scope(Scope parent) {
        this.parent = parent;
    }

    /** Declares a source name in this scope. */
    void declare(String sourceName, Local local) {
        locals.put(sourceName, local);
    }

    /** The local a source name refers to here, or null. */
    Local lookup(String sourceName) {
        for (Scope s = this; s != null; s = s.parent) {
            Local l = s.locals.get(sourceName);
            if (l != null) {
                return l;
            }
        }
        return null;
    }
}
