package org.colony.runtime.step;

import java.io.Serializable;

/**
 * A method reference to a predicate step (returning boolean) with 1 parameter(s), such as
 * {@code LifeCell::isAlive}, for counting reductions. Colony never calls it.
 *
 * @param <P> the model class
 * @param <A> the type of argument 1
 */
@FunctionalInterface
public interface PredicateRef1<P, A> extends Serializable {
    /**
     * Never called by Colony; the method reference identifies the step.
     *
     * @param a the step's first argument
     * @param place the instance the step runs on
     * @return what the step returns
     */
    boolean test(P place, A a);
}
