package org.colony.processor.ir;

/** Binary operators of the IR, with Java's semantics. */
public enum BinaryOp {
    MUL("*", 12), DIV("/", 12), REM("%", 12),
    ADD("+", 11), SUB("-", 11),
    SHL("<<", 10), SHR(">>", 10), USHR(">>>", 10),
    LT("<", 9), LE("<=", 9), GT(">", 9), GE(">=", 9),
    EQ("==", 8), NE("!=", 8),
    AND("&", 7), XOR("^", 6), OR("|", 5),
    COND_AND("&&", 4), COND_OR("||", 3);

    private final String symbol;
    private final int precedence;

    BinaryOp(String symbol, int precedence) {
        this.symbol = symbol;
        this.precedence = precedence;
    }

    /** The operator as Java writes it. */
    public String symbol() {
        return symbol;
    }

    /** Java's precedence (higher binds tighter); C++ orders these operators the same way. */
    public int precedence() {
        return precedence;
    }

    /** Whether the result is boolean whatever the operand type. */
    public boolean isComparison() {
        return switch (this) {
            case LT, LE, GT, GE, EQ, NE -> true;
            default -> false;
        };
    }

    /** Whether this is a shift. */
    public boolean isShift() {
        return this == SHL || this == SHR || this == USHR;
    }
}
