package org.colony.processor.ir;

import java.util.List;

/**
 * A pure expression: evaluating it has no effect other than possibly failing (integer division by
 * zero, an array element out of range). Effects such as random draws are statements ({@link Stmt}),
 * so evaluation order inside an expression never matters to a backend.
 */
public sealed interface Expr {

    /** The type of the value. */
    IrType type();

    /** A literal of a primitive type; {@code value} is the boxed Java value of exactly that type. */
    record Const(IrType type, Object value) implements Expr {
    }

    /** The current value of a local variable. */
    record LocalRef(Local local) implements Expr {
        @Override
        public IrType type() {
            return local.type();
        }
    }

    /** The place the step runs on. Type {@link IrType#PLACE}; only attributes are read through it. */
    record Self() implements Expr {
        @Override
        public IrType type() {
            return IrType.PLACE;
        }
    }

    /** The place an agent resides on (in agent models). Type {@link IrType#PLACE}. */
    record AgentPlace() implements Expr {
        @Override
        public IrType type() {
            return IrType.PLACE;
        }
    }

    /**
     * The place at the given offsets from the current place (for agent models: from the agent's place),
     * one offset per grid dimension.
     *
     * @param offsets int expressions
     * @param checked whether some offset is not a constant, so a backend must check it against the
     *     step's reach at run time
     */
    record Neighbor(List<Expr> offsets, boolean checked) implements Expr {
        @Override
        public IrType type() {
            return IrType.PLACE;
        }
    }

    /**
     * An attribute of the instance itself when {@code place} is {@link Self} (the value as this step left
     * it so far); otherwise of another place or agent, whose value is the one from before the step.
     * {@code place} has type PLACE or AGENT and {@code attr.owner()} says which model declares it.
     *
     * @param element the element index of an array attribute, otherwise {@code null}
     */
    record AttrRead(Expr place, AttributeRef attr, Expr element) implements Expr {
        @Override
        public IrType type() {
            return attr.type();
        }

        /** Whether this reads the instance's own attribute. */
        public boolean isSelf() {
            return place instanceof Self;
        }
    }

    /** A shared attribute; {@code element} is the element index of a shared array, otherwise {@code null}. */
    record SharedRead(SharedRef shared, Expr element) implements Expr {
        @Override
        public IrType type() {
            return shared.type();
        }
    }

    /** A unary operation whose operand already has the result type (after promotion). */
    record Unary(UnaryOp op, Expr operand, IrType type) implements Expr {
    }

    /**
     * A binary operation. Operands of arithmetic, bitwise and comparison operators have been converted
     * to one type; shift operands keep their own promoted types (Java semantics: the count is masked).
     * {@code COND_AND} and {@code COND_OR} evaluate the right operand only when needed, which matters
     * because evaluation may fail.
     */
    record Binary(BinaryOp op, Expr left, Expr right, IrType type) implements Expr {
    }

    /** A primitive conversion with Java semantics (narrowing truncates, float to int saturates, NaN to 0). */
    record Convert(IrType type, Expr operand) implements Expr {
    }

    /** {@code cond ? then : otherwise}; both branches already have the result type. */
    record Conditional(Expr cond, Expr then, Expr otherwise, IrType type) implements Expr {
    }

    /** A pure intrinsic of the place: coordinates, sizes, boundary tests, the time. */
    record Intrinsic(IntrinsicOp op, List<Expr> args, IrType type) implements Expr {
    }

    /** A function of {@code java.lang.Math} with Java's results; arguments already have the parameter types. */
    record MathCall(MathFunction function, List<Expr> args, IrType type) implements Expr {
    }
}
