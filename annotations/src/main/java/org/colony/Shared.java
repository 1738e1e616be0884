package org.colony;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a field of a model class as one value shared by all instances: read-only inside steps, set
 * from driver code with {@code Places.setShared(name, value)}.
 *
 * <p>The same primitive types as {@link Attribute} are allowed, and arrays of them with a fixed
 * {@link #length()}. On a GPU shared values live in constant memory.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface Shared {
    /**
     * The number of elements of a shared array; must be positive for arrays and absent for scalars.
     *
     * @return the array length, or 0 for a scalar
     */
    int length() default 0;
}
