package org.colony.kernel;

import java.util.List;

/** The tuning switches of generated kernels; see {@link Switch}. */
public final class KernelSwitches {

    /** {@code colony.vectors}: whether generated CPU kernels run their vector forms, where they have one. */
    public static final Switch VECTORS = Switch.flag("colony.vectors", true,
            "Generated CPU kernels run their vector forms (Vector API) where they have one and the JVM has "
            + "`jdk.incubator.vector`; `false` runs the scalar kernels. Results are the same bit for bit.");

    /** Every switch of this module, in the order the table lists them. */
    public static final List<Switch> ALL = List.of(VECTORS);

    private KernelSwitches() {
    }
}
