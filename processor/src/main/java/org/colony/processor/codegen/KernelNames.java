package org.colony.processor.codegen;

import java.util.function.Function;
import org.colony.processor.ir.Expr;

/**
 * How the kernel around an expression names its storage and values, for the expression printers of both
 * backends: each kernel shape answers with its own columns, registers, locals and checks, so that one printer
 * per language serves every shape. {@code print} prints a sub-expression with the same printer.
 */
public interface KernelNames {

    /** The value of an attribute read, self or remote. */
    String attribute(Expr.AttrRead read, Function<Expr, String> print);

    /** The storage index of a neighbour. */
    String neighbor(Expr.Neighbor n, Function<Expr, String> print);

    /** A shared value. */
    String shared(Expr.SharedRead read, Function<Expr, String> print);

    /** The global coordinate along d. */
    String coord(int d);

    /** The grid size along d. */
    String size(int d);

    /** The grid dimensionality the kernel was written for. */
    int dims();

    /** The storage index of the agent's own place (agent kernels). */
    String agentPlace();

    /** The id of the agent itself ({@code ref} null) or of agent {@code ref} of the model in {@code slot}. */
    String id(Expr ref, int slot, Function<Expr, String> print);

    /** The number of agents of the model in {@code slot} on a place (Self, AgentPlace or Neighbor). */
    String agentCount(Expr place, int slot, Function<Expr, String> print);

    /** The source line of the statement being printed, for errors raised at run time. */
    int line();
}
