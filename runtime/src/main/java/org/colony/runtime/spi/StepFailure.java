package org.colony.runtime.spi;

import org.colony.ColonyException;
import org.colony.kernel.ModelDescriptor;
import org.colony.kernel.StepInfo;

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

    /**
     * The failure of step {@code step} of {@code model}'s CPU kernels, which threw {@code failure}: one of Colony's
     * own checks ({@link ColonyException}) says where itself; any other exception is named with the model line of
     * the statement that threw it, where the kernels' line table finds one
     * ({@code step Cell.divide (Cell.java:25) failed: Cell.java:31: java.lang.ArithmeticException: / by zero}).
     *
     * @param model the model whose step failed
     * @param step the step
     * @param failure what the kernel threw
     * @return the failure to throw, with {@code failure} as its cause
     */
    public static StepFailure of(ModelDescriptor model, StepInfo step, RuntimeException failure) {
        String head = "step " + model.info().modelClass().getSimpleName() + "." + step.name() + " (" + step.source()
                + ") failed: ";
        if (failure instanceof ColonyException) {
            return new StepFailure(head + failure.getMessage(), failure);
        }
        String site = model.sourceLines().site(failure);
        return new StepFailure(head + (site == null ? "" : site + ": ") + failure, failure);
    }
}
