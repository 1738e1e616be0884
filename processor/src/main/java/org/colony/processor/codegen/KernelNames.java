package org.colony.processor.codegen;

import java.util.function.Function;
import org.colony.processor.ir.Expr;

/**
 * How the kernel around an expression names its storage and values, for the expression printers of both
 * backends: each kernel shape answers with its own columns, registers, locals and checks, so that one printer
 * per language serves every shape. {@code print} prints a sub-expression with the same printer.
 *
 * @param <C> printed code: {@code String} for CUDA C++, JavaPoet's {@code CodeBlock} for Java (so that the types
 *     it names are imported)
 */
public interface KernelNames<C> {

    /** The value of an attribute read, self or remote. */
    C attribute(Expr.AttrRead read, Function<Expr, C> print);

    /** The storage index of a neighbour. */
    C neighbor(Expr.Neighbor n, Function<Expr, C> print);

    /** A shared value. */
    C shared(Expr.SharedRead read, Function<Expr, C> print);

    /** The global coordinate along d. */
    C coord(int d);

    /** The grid size along d. */
    C size(int d);

    /** The grid dimensionality the kernel was written for. */
    int dims();

    /** The storage index of the agent's own place (agent kernels). */
    C agentPlace();

    /** The id of the agent itself ({@code ref} null) or of agent {@code ref} of the model in {@code slot}. */
    C id(Expr ref, int slot, Function<Expr, C> print);

    /** The number of agents of the model in {@code slot} on a place (Self, AgentPlace or Neighbor). */
    C agentCount(Expr place, int slot, Function<Expr, C> print);

    /**
     * A fact of a graph's vertex or edge: {@code DEGREE} / {@code IN_DEGREE} / {@code INDEX} of a vertex (Self or a
     * neighbours-loop variable), {@code EDGE_WEIGHT} of a neighbours loop's edge.
     */
    C vertex(Expr.Intrinsic fact, Function<Expr, C> print);

    /** The source line of the statement being printed, for errors raised at run time. */
    int line();
}
