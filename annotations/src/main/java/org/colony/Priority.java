package org.colony;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the {@link Attribute} of an agent model that ranks its requests for room in {@code manageAll}: when more
 * agents ask to move to a place than it has room for, the higher values win; equal values fall to the seeded random
 * priority, then to the lower id. Children asking for room on a full place rank by their parent's value.
 *
 * <p>The value is the one the attribute holds when {@code manageAll} runs, so a step computes it (or it is simply a
 * trait such as size). At most one attribute of a model carries it; it must be a scalar of a numeric type. Among
 * floating-point values {@code -0.0} and {@code 0.0} are equal and NaN ranks below every number.
 *
 * <pre>{@code
 * @Priority @Attribute double size;   // larger bugs move first
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface Priority {
}
