package org.colony.runtime.step;

import java.io.Serializable;

/**
 * A method reference to a step with 0 parameter(s), such as {@code HeatCell::diffuse}. It is
 * {@link Serializable} only so that Colony can read which method it names; Colony never calls it.
 *
 * @param <P> the model class
 */
@FunctionalInterface
public interface StepRef0<P> extends Serializable {
    /**
     * Never called by Colony; the method reference identifies the step.
     *
     * @param place the instance the step runs on
     */
    void call(P place);
}
