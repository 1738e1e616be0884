package org.colony.processor.ir;

/** Unary operators of the IR. */
public enum UnaryOp {
    /** Arithmetic negation. */
    NEG("-"),
    /** Logical not of a boolean. */
    NOT("!"),
    /** Bitwise complement of an int or long. */
    BIT_NOT("~");

    private final String symbol;

    UnaryOp(String symbol) {
        this.symbol = symbol;
    }

    /** The operator as Java and C++ write it. */
    public String symbol() {
        return symbol;
    }
}
