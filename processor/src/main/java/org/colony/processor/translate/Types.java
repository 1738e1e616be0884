package org.colony.processor.translate;

import com.sun.source.tree.Tree;
import org.colony.processor.ir.BinaryOp;
import org.colony.processor.ir.IrType;

/**
 * Mappings from javac's tree kinds to the IR's, and Java's widening between IR types (the IR type of a primitive
 * type kind is {@code ModelReader.primitive}).
 */
final class Types {

    private Types() {
    }

    /** The IR operator of a binary tree kind (or of a compound assignment), or null. */
    static BinaryOp binaryOp(Tree.Kind kind) {
        return switch (kind) {
            case MULTIPLY, MULTIPLY_ASSIGNMENT -> BinaryOp.MUL;
            case DIVIDE, DIVIDE_ASSIGNMENT -> BinaryOp.DIV;
            case REMAINDER, REMAINDER_ASSIGNMENT -> BinaryOp.REM;
            case PLUS, PLUS_ASSIGNMENT -> BinaryOp.ADD;
            case MINUS, MINUS_ASSIGNMENT -> BinaryOp.SUB;
            case LEFT_SHIFT, LEFT_SHIFT_ASSIGNMENT -> BinaryOp.SHL;
            case RIGHT_SHIFT, RIGHT_SHIFT_ASSIGNMENT -> BinaryOp.SHR;
            case UNSIGNED_RIGHT_SHIFT, UNSIGNED_RIGHT_SHIFT_ASSIGNMENT -> BinaryOp.USHR;
            case LESS_THAN -> BinaryOp.LT;
            case LESS_THAN_EQUAL -> BinaryOp.LE;
            case GREATER_THAN -> BinaryOp.GT;
            case GREATER_THAN_EQUAL -> BinaryOp.GE;
            case EQUAL_TO -> BinaryOp.EQ;
            case NOT_EQUAL_TO -> BinaryOp.NE;
            case AND, AND_ASSIGNMENT -> BinaryOp.AND;
            case XOR, XOR_ASSIGNMENT -> BinaryOp.XOR;
            case OR, OR_ASSIGNMENT -> BinaryOp.OR;
            case CONDITIONAL_AND -> BinaryOp.COND_AND;
            case CONDITIONAL_OR -> BinaryOp.COND_OR;
            default -> null;
        };
    }

    /** Whether Java converts {@code from} to {@code to} by identity or primitive widening. */
    static boolean widens(IrType from, IrType to) {
        if (from == to) {
            return true;
        }
        if (!from.isNumeric() || !to.isNumeric()) {
            return false;
        }
        return rank(from) <= rank(to);
    }

    private static int rank(IrType t) {
        return switch (t) {
            case BYTE -> 0;
            case SHORT -> 1;
            case INT -> 2;
            case LONG -> 3;
            case FLOAT -> 4;
            case DOUBLE -> 5;
            default -> 9;
        };
    }
}
