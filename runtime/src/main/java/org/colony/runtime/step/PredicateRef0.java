package org.colony.runtime.step;

import java.io.Serializable;

/**
 * A method reference to a predicate step (returning boolean) with 0 parameter(s), such as
 * {@code LifeCell::isAlive}, for counting reductions. Colony never calls it.
 *
 * @param <P> the model class
 */
@FunctionalInterface
public interface PredicateRef0<P> extends Serializable {
    /**
     * Never called by Colony; the method reference identifies the step.
     *
     * @param place the instance the step runs on
     * @return what the step returns
     */
    boolean test(P place);
}
