package org.colony.runtime.step;

import java.io.Serializable;

/**
 * A method reference to a predicate step (returning boolean) with 2 parameter(s), such as
 * {@code LifeCell::isAlive}, for counting reductions. Colony never calls it.
 *
 * @param <P> the model class
 * @param <A> the type of argument 1
 * @param <B> the type of argument 2
 */
@FunctionalInterface
public interface PredicateRef2<P, A, B> extends Serializable {
    /**
     * Never called by Colony; the method reference identifies the step.
     *
     * @param a the step's first argument
     * @param b the step's second argument
     * @param place the instance the step runs on
     * @return what the step returns
     */
    boolean test(P place, A a, B b);
}
