package org.colony.runtime.spi;

import org.colony.runtime.ColonyException;

/** Small helpers that generated CPU kernels call. */
public final class KernelSupport {

    private KernelSupport() {
    }

    /** Checks a neighbour offset that is not a compile-time constant against the step's reach. */
    public static int checkOffset(int offset, int reach, String site) {
        if (offset > reach || offset < -reach) {
            throw new ColonyException(site + ": neighbor offset " + offset + " is beyond the step's reach " + reach
                    + "; raise @Step(reach = ...)");
        }
        return offset;
    }

    /** Whether coordinate {@code c + d} lies in {@code [0, n)}. */
    public static boolean inside(int c, int d, int n) {
        long v = (long) c + d;
        return v >= 0 && v < n;
    }
}
