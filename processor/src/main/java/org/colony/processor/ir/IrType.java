package org.colony.processor.ir;

import java.util.Locale;
import org.colony.kernel.ScalarType;

/**
 * The value types of the intermediate representation: Java's primitive types without {@code char},
 * {@link #PLACE}, a reference to a place of the grid (a neighbour view, an agent's place), and
 * {@link #AGENT}, a reference to another agent (a loop variable over the agents on a place).
 */
public enum IrType {
    BOOLEAN, BYTE, SHORT, INT, LONG, FLOAT, DOUBLE, PLACE, AGENT, VOID;

    /** Whether values of this type take part in arithmetic. */
    public boolean isNumeric() {
        return switch (this) {
            case BYTE, SHORT, INT, LONG, FLOAT, DOUBLE -> true;
            default -> false;
        };
    }

    /** Whether this is an integral numeric type. */
    public boolean isIntegral() {
        return switch (this) {
            case BYTE, SHORT, INT, LONG -> true;
            default -> false;
        };
    }

    /** Whether this is {@code float} or {@code double}. */
    public boolean isFloating() {
        return this == FLOAT || this == DOUBLE;
    }

    /** Whether this is a primitive value type (numeric or boolean). */
    public boolean isPrimitive() {
        return isNumeric() || this == BOOLEAN;
    }

    /** The Java keyword of a primitive type. */
    public String javaName() {
        return switch (this) {
            case PLACE, AGENT -> throw new IllegalStateException(this + " has no Java keyword");
            default -> name().toLowerCase(Locale.ROOT);
        };
    }

    /**
     * The runtime's type of a primitive: how attributes, shared values and step parameters of this type are
     * described to the runtime and stored.
     */
    public ScalarType scalar() {
        return switch (this) {
            case BOOLEAN -> ScalarType.BOOLEAN;
            case BYTE -> ScalarType.BYTE;
            case SHORT -> ScalarType.SHORT;
            case INT -> ScalarType.INT;
            case LONG -> ScalarType.LONG;
            case FLOAT -> ScalarType.FLOAT;
            case DOUBLE -> ScalarType.DOUBLE;
            case PLACE, AGENT, VOID -> throw new IllegalStateException(this + " is not stored");
        };
    }

    /** Java's unary numeric promotion: byte and short become int. */
    public IrType promoted() {
        return (this == BYTE || this == SHORT) ? INT : this;
    }

    /** Java's binary numeric promotion of two numeric types. */
    public static IrType binaryPromotion(IrType a, IrType b) {
        if (a == DOUBLE || b == DOUBLE) {
            return DOUBLE;
        }
        if (a == FLOAT || b == FLOAT) {
            return FLOAT;
        }
        if (a == LONG || b == LONG) {
            return LONG;
        }
        return INT;
    }
}
