package org.colony.runtime.spi;

import org.colony.ColonyException;

/**
 * A step that failed while it ran ({@code step Cell.divide (Cell.java:25) failed: ...}), leaving its collection
 * half-updated: the simulation is failed from then on. Other {@link ColonyException}s are refusals, thrown before
 * anything changed.
 */
public final class StepFailure extends ColonyException {
    private static final long serialVersionUID = 1L;

    /**
     * A step's failure.
     *
     * @param message one line naming the step, its source and what failed
     * @param cause what the step threw
     */
    public StepFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
