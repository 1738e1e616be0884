package org.colony.kernel;

import java.util.List;

/** The tuning switches of generated kernels; see {@link Switch}. */
public final class KernelSwitches {

    /** {@code colony.vectors}: whether generated CPU kernels run their vector forms, where they have one. */
    public static final Switch VECTORS = Switch.flag("colony.vectors", true,
            "Generated CPU kernels run their vector forms (Vector API) where they have one and the JVM has "
            + "`jdk.incubator.vector`; `false` runs the scalar kernels. Results are the same bit for bit.");

    /** {@code colony.bits}: whether generated CPU kernels run their bit-sliced forms, where they have one. */
    public static final Switch BITS = Switch.flag("colony.bits", true,
            "Generated CPU kernels of steps on `boolean` attributes alone that have a bit-sliced form (GameOfLife's "
            + "`update`) run it, 64 cells a `long`, where the vector forms run (`colony.vectors`); `false` runs their "
            + "vector or scalar form. Results are the same bit for bit.");

    /** Every switch of this module, in the order the table lists them. */
    public static final List<Switch> ALL = List.of(VECTORS, BITS);

    private KernelSwitches() {
    }
}
