package org.colony;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a field of a model class as per-instance state that Colony stores, one column per attribute.
 *
 * <p>Allowed types are {@code boolean}, {@code byte}, {@code short}, {@code int}, {@code long},
 * {@code float} and {@code double}, and one-dimensional arrays of them with a fixed {@link #length()}.
 * Array attributes are stored transposed: element {@code k} of every instance is contiguous, so that
 * neighbouring instances reading the same element touch neighbouring memory.
 *
 * <pre>{@code
 * @Attribute double temp;
 * @Attribute(length = 4) int[] history;
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface Attribute {
    /**
     * The number of elements of an array attribute; must be positive for arrays and absent for scalars.
     *
     * @return the array length, or 0 for a scalar
     */
    int length() default 0;
}
