package org.colony.processor.translate;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.Tree;
import org.colony.processor.Diagnostics;
import org.colony.processor.Messages;

/**
 * Works out the grid dimensionality a model is written for, from the arity of its neighbour calls
 * and the coordinates it reads, and reports calls that disagree.
 */
final class DimensionTracker {

    private final Diagnostics diagnostics;
    private final CompilationUnitTree unit;
    private final int declared;
    private int exact;
    private int minimum = 1;

    DimensionTracker(Diagnostics diagnostics, CompilationUnitTree unit, int declared) {
        this.diagnostics = diagnostics;
        this.unit = unit;
        this.declared = declared;
        this.exact = declared;
    }

    /** A call that fixes the dimensionality (neighbor / hasNeighbor with {@code n} offsets). */
    void exactly(int n, Tree where) {
        if (declared != 0 && n != declared) {
            diagnostics.error(where, unit, Messages.dimensionDeclared(n, declared));
        } else if (exact != 0 && n != exact) {
            diagnostics.error(where, unit, Messages.dimensionConflict(n, exact));
        } else if (n < minimum) {
            diagnostics.error(where, unit, Messages.dimensionConflict(n, minimum));
        } else {
            exact = n;
        }
    }

    /** A call that needs at least {@code n} dimensions (y() needs 2, coord(2) needs 3). */
    void atLeast(int n, Tree where) {
        if (exact != 0 && n > exact) {
            diagnostics.error(where, unit, declared != 0 ? Messages.dimensionDeclared(n, declared)
                    : Messages.dimensionConflict(n, exact));
        } else {
            minimum = Math.max(minimum, n);
        }
    }

    /** The exact dimensionality, or 0 when any grid with at least {@link #minimum()} dimensions serves. */
    int exact() {
        return exact;
    }

    /** The least dimensionality the model needs. */
    int minimum() {
        return minimum;
    }
}
