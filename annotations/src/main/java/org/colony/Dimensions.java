package org.colony;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares the number of grid dimensions (1, 2 or 3) a place model is written for. Optional: the
 * processor infers it from the arity of {@code neighbor(...)} and the coordinates a model uses, and
 * checks that every use agrees with the declaration. Grids of another dimensionality are refused at
 * run time with a clear message.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Dimensions {
    /**
     * The number of dimensions of the grids the model runs on.
     *
     * @return 1, 2 or 3
     */
    int value();
}
