package org.colony.processor.ir;

import static org.colony.processor.ir.IrType.BOOLEAN;
import static org.colony.processor.ir.IrType.DOUBLE;
import static org.colony.processor.ir.IrType.FLOAT;
import static org.colony.processor.ir.IrType.INT;
import static org.colony.processor.ir.IrType.LONG;

import java.util.ArrayList;
import java.util.List;

/**
 * The library functions a step may call, each with fixed parameter and result types (one constant
 * per Java overload). {@link Precision#EXACT} functions are exact or correctly rounded by IEEE 754, so
 * every backend computes the same bits with its own instructions; {@link Precision#FDLIBM} functions are
 * defined by {@code java.lang.StrictMath} (fdlibm), and every backend must reproduce those bits.
 */
public enum MathFunction {
    ABS_INT("Math", "abs", Precision.EXACT, INT, INT),
    ABS_LONG("Math", "abs", Precision.EXACT, LONG, LONG),
    ABS_FLOAT("Math", "abs", Precision.EXACT, FLOAT, FLOAT),
    ABS_DOUBLE("Math", "abs", Precision.EXACT, DOUBLE, DOUBLE),
    MIN_INT("Math", "min", Precision.EXACT, INT, INT, INT),
    MIN_LONG("Math", "min", Precision.EXACT, LONG, LONG, LONG),
    MIN_FLOAT("Math", "min", Precision.EXACT, FLOAT, FLOAT, FLOAT),
    MIN_DOUBLE("Math", "min", Precision.EXACT, DOUBLE, DOUBLE, DOUBLE),
    MAX_INT("Math", "max", Precision.EXACT, INT, INT, INT),
    MAX_LONG("Math", "max", Precision.EXACT, LONG, LONG, LONG),
    MAX_FLOAT("Math", "max", Precision.EXACT, FLOAT, FLOAT, FLOAT),
    MAX_DOUBLE("Math", "max", Precision.EXACT, DOUBLE, DOUBLE, DOUBLE),
    FLOOR_DIV_INT("Math", "floorDiv", Precision.EXACT, INT, INT, INT),
    FLOOR_DIV_LONG("Math", "floorDiv", Precision.EXACT, LONG, LONG, LONG),
    FLOOR_MOD_INT("Math", "floorMod", Precision.EXACT, INT, INT, INT),
    FLOOR_MOD_LONG("Math", "floorMod", Precision.EXACT, LONG, LONG, LONG),
    SQRT("Math", "sqrt", Precision.EXACT, DOUBLE, DOUBLE),
    FLOOR("Math", "floor", Precision.EXACT, DOUBLE, DOUBLE),
    CEIL("Math", "ceil", Precision.EXACT, DOUBLE, DOUBLE),
    RINT("Math", "rint", Precision.EXACT, DOUBLE, DOUBLE),
    ROUND_FLOAT("Math", "round", Precision.EXACT, INT, FLOAT),
    ROUND_DOUBLE("Math", "round", Precision.EXACT, LONG, DOUBLE),
    SIGNUM_FLOAT("Math", "signum", Precision.EXACT, FLOAT, FLOAT),
    SIGNUM_DOUBLE("Math", "signum", Precision.EXACT, DOUBLE, DOUBLE),
    COPY_SIGN_FLOAT("Math", "copySign", Precision.EXACT, FLOAT, FLOAT, FLOAT),
    COPY_SIGN_DOUBLE("Math", "copySign", Precision.EXACT, DOUBLE, DOUBLE, DOUBLE),
    FMA_FLOAT("Math", "fma", Precision.EXACT, FLOAT, FLOAT, FLOAT, FLOAT),
    FMA_DOUBLE("Math", "fma", Precision.EXACT, DOUBLE, DOUBLE, DOUBLE, DOUBLE),
    CBRT("Math", "cbrt", Precision.FDLIBM, DOUBLE, DOUBLE),
    EXP("Math", "exp", Precision.FDLIBM, DOUBLE, DOUBLE),
    EXPM1("Math", "expm1", Precision.FDLIBM, DOUBLE, DOUBLE),
    LOG("Math", "log", Precision.FDLIBM, DOUBLE, DOUBLE),
    LOG10("Math", "log10", Precision.FDLIBM, DOUBLE, DOUBLE),
    LOG1P("Math", "log1p", Precision.FDLIBM, DOUBLE, DOUBLE),
    POW("Math", "pow", Precision.FDLIBM, DOUBLE, DOUBLE, DOUBLE),
    SIN("Math", "sin", Precision.FDLIBM, DOUBLE, DOUBLE),
    COS("Math", "cos", Precision.FDLIBM, DOUBLE, DOUBLE),
    TAN("Math", "tan", Precision.FDLIBM, DOUBLE, DOUBLE),
    ASIN("Math", "asin", Precision.FDLIBM, DOUBLE, DOUBLE),
    ACOS("Math", "acos", Precision.FDLIBM, DOUBLE, DOUBLE),
    ATAN("Math", "atan", Precision.FDLIBM, DOUBLE, DOUBLE),
    ATAN2("Math", "atan2", Precision.FDLIBM, DOUBLE, DOUBLE, DOUBLE),
    SINH("Math", "sinh", Precision.FDLIBM, DOUBLE, DOUBLE),
    COSH("Math", "cosh", Precision.FDLIBM, DOUBLE, DOUBLE),
    TANH("Math", "tanh", Precision.FDLIBM, DOUBLE, DOUBLE),
    HYPOT("Math", "hypot", Precision.FDLIBM, DOUBLE, DOUBLE, DOUBLE),
    IS_NAN_FLOAT("Float", "isNaN", Precision.EXACT, BOOLEAN, FLOAT),
    IS_NAN_DOUBLE("Double", "isNaN", Precision.EXACT, BOOLEAN, DOUBLE),
    IS_INFINITE_FLOAT("Float", "isInfinite", Precision.EXACT, BOOLEAN, FLOAT),
    IS_INFINITE_DOUBLE("Double", "isInfinite", Precision.EXACT, BOOLEAN, DOUBLE),
    IS_FINITE_FLOAT("Float", "isFinite", Precision.EXACT, BOOLEAN, FLOAT),
    IS_FINITE_DOUBLE("Double", "isFinite", Precision.EXACT, BOOLEAN, DOUBLE),
    BIT_COUNT_INT("Integer", "bitCount", Precision.EXACT, INT, INT),
    BIT_COUNT_LONG("Long", "bitCount", Precision.EXACT, INT, LONG),
    LEADING_ZEROS_INT("Integer", "numberOfLeadingZeros", Precision.EXACT, INT, INT),
    LEADING_ZEROS_LONG("Long", "numberOfLeadingZeros", Precision.EXACT, INT, LONG),
    TRAILING_ZEROS_INT("Integer", "numberOfTrailingZeros", Precision.EXACT, INT, INT),
    TRAILING_ZEROS_LONG("Long", "numberOfTrailingZeros", Precision.EXACT, INT, LONG);

    /** How a backend must compute a function to agree with every other backend bit for bit. */
    public enum Precision {
        /** Exact or correctly rounded by IEEE 754: native instructions agree. */
        EXACT,
        /** Defined by fdlibm, as {@code java.lang.StrictMath}: backends use the same algorithm. */
        FDLIBM
    }

    private final String owner;
    private final String methodName;
    private final Precision precision;
    private final IrType result;
    private final List<IrType> parameters;

    MathFunction(String owner, String methodName, Precision precision, IrType result, IrType... parameters) {
        this.owner = owner;
        this.methodName = methodName;
        this.precision = precision;
        this.result = result;
        this.parameters = List.of(parameters);
    }

    /** The simple name of the Java class that declares the function ({@code Math}, {@code Double}, ...). */
    public String owner() {
        return owner;
    }

    /** The Java method name. */
    public String methodName() {
        return methodName;
    }

    /** How backends compute it. */
    public Precision precision() {
        return precision;
    }

    /** The result type. */
    public IrType result() {
        return result;
    }

    /** The parameter types. */
    public List<IrType> parameters() {
        return parameters;
    }

    /**
     * The overloads of {@code owner.methodName}, in Java's order of specificity (int before long before
     * float before double), for overload resolution. {@code StrictMath} is looked up as {@code Math}.
     */
    public static List<MathFunction> overloads(String owner, String methodName) {
        String o = owner.equals("StrictMath") ? "Math" : owner;
        List<MathFunction> result = new ArrayList<>();
        for (MathFunction f : values()) {
            if (f.owner.equals(o) && f.methodName.equals(methodName)) {
                result.add(f);
            }
        }
        return result;
    }
}
