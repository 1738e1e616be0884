package org.colony;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a method of a model class as behaviour that runs for every instance when driver code calls
 * {@code callAll}. The Colony annotation processor translates the body into data-parallel kernels
 * for every backend; what a step may contain is described in {@code docs/model-language.md}.
 *
 * <p>A step returns {@code void}, or {@code boolean} for a <em>predicate step</em> that counting
 * reductions use ({@code places.count(Cell::alive)}); a predicate step may not write attributes.
 * Parameters must be primitives; their values are passed from {@code callAll}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Step {
    /**
     * The largest neighbour offset, along any dimension, that this step reads through
     * {@code neighbor(...)} when the offsets are not compile-time constants. The processor works the
     * reach out itself for constant offsets; a step whose offsets it cannot bound must declare it.
     * Offsets beyond the declared reach are an error at run time.
     *
     * @return the reach in places, or 0 to let the processor work it out from constant offsets
     */
    int reach() default 0;
}
