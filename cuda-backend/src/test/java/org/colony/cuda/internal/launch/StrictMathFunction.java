package org.colony.cuda.internal.launch;

import java.util.function.DoubleBinaryOperator;

/**
 * The functions of {@code fdlibm.cuh} the tests compare with Java: each {@code java.lang.StrictMath} function the
 * model language allows, and {@code RandomStream.normal()}'s arithmetic on its two uniforms ({@code boxMuller}).
 * Each has its name in C++ ({@code colony::fdlibm::exp}), its arity and Java's value.
 */
enum StrictMathFunction {
    EXP("exp", 1, (x, y) -> StrictMath.exp(x)),
    EXPM1("expm1", 1, (x, y) -> StrictMath.expm1(x)),
    LOG("log", 1, (x, y) -> StrictMath.log(x)),
    LOG10("log10", 1, (x, y) -> StrictMath.log10(x)),
    LOG1P("log1p", 1, (x, y) -> StrictMath.log1p(x)),
    POW("pow", 2, StrictMath::pow),
    SIN("sin", 1, (x, y) -> StrictMath.sin(x)),
    COS("cos", 1, (x, y) -> StrictMath.cos(x)),
    TAN("tan", 1, (x, y) -> StrictMath.tan(x)),
    ASIN("asin", 1, (x, y) -> StrictMath.asin(x)),
    ACOS("acos", 1, (x, y) -> StrictMath.acos(x)),
    ATAN("atan", 1, (x, y) -> StrictMath.atan(x)),
    ATAN2("atan2", 2, StrictMath::atan2),
    SINH("sinh", 1, (x, y) -> StrictMath.sinh(x)),
    COSH("cosh", 1, (x, y) -> StrictMath.cosh(x)),
    TANH("tanh", 1, (x, y) -> StrictMath.tanh(x)),
    HYPOT("hypot", 2, StrictMath::hypot),
    CBRT("cbrt", 1, (x, y) -> StrictMath.cbrt(x)),
    /** {@code RandomStream.normal()} from its uniforms u (x) and v (y). */
    BOX_MULLER("boxMuller", 2, (u, v) -> StrictMath.sqrt(-2.0 * StrictMath.log(1.0 - u))
            * StrictMath.cos(6.283185307179586 * v));

    private final String cppName;
    private final int arity;
    private final DoubleBinaryOperator java;

    StrictMathFunction(String cppName, int arity, DoubleBinaryOperator java) {
        this.cppName = cppName;
        this.arity = arity;
        this.java = java;
    }

    /** The name in {@code colony::fdlibm}. */
    String cppName() {
        return cppName;
    }

    /** 1 or 2 (a unary function ignores its second argument). */
    int arity() {
        return arity;
    }

    /** Java's value. */
    double java(double x, double y) {
        return java.applyAsDouble(x, y);
    }

    /** Whether {@code actual} is Java's value: the same bits, or NaN where Java gives NaN (CUDA has one NaN). */
    static boolean same(double expected, double actual) {
        return Double.isNaN(expected) ? Double.isNaN(actual)
                : Double.doubleToRawLongBits(expected) == Double.doubleToRawLongBits(actual);
    }
}
