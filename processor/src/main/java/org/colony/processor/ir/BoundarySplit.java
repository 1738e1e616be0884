package org.colony.processor.ir;

import java.util.ArrayList;
import java.util.List;

/**
 * The interior/boundary split of a place step whose body branches on {@code onBoundary()} at its top level:
 * the statements a place off the grid's boundary runs, which a backend may give its fast form (the CPU's vector
 * form, the GPU's register window) while boundary places keep the plain per-cell code of the whole body.
 *
 * <p>The body, after local declarations only, has an {@code if} whose condition is {@code onBoundary()} or
 * {@code !onBoundary()}: {@code if (!onBoundary()) { A } else { B }}, {@code if (onBoundary()) { B } else { A }}
 * or {@code if (onBoundary()) { B; return; } A}. The interior statements are the declarations, then the branch
 * taken off the boundary, then what follows the {@code if} unless that branch ends in the step's {@code return}.
 * Steps that draw random numbers, predicates and agent steps are not split, nor are steps that change nothing off
 * the boundary (they run on the boundary alone already).
 *
 * <p>Splitting changes no value: each place still runs the statements of the whole body that its own
 * {@code onBoundary()} selects, in their order, reading its neighbours as they were before the step.
 *
 * @param interior the statements a place off the boundary runs, in order, with no {@code return} left at their end
 * @param onBoundary the {@code onBoundary()} test of the body's {@code if} (true on the places that do not run
 *     {@code interior} alone)
 */
public record BoundarySplit(List<Stmt> interior, Expr onBoundary) {

    /** The split of a step, or null when its body has not one of the forms above. */
    public static BoundarySplit of(ModelIr model, StepIr step) {
        if (model.agent() || model.dimensions() < 1 || step.predicate() || step.usesRandom() || step.boundaryOnly()
                || step.body().size() != 1 || !(step.body().get(0) instanceof Stmt.Labeled labeled)) {
            return null;
        }
        List<Stmt> top = labeled.body();
        for (int i = 0; i < top.size(); i++) {
            Stmt s = top.get(i);
            if (s instanceof Stmt.Declare) {
                continue;
            }
            if (!(s instanceof Stmt.If branch)) {
                return null;
            }
            Expr test;
            List<Stmt> taken;
            if (isOnBoundary(branch.cond())) {
                test = branch.cond();
                taken = branch.otherwise();
            } else if (branch.cond() instanceof Expr.Unary u && u.op() == UnaryOp.NOT && isOnBoundary(u.operand())) {
                test = u.operand();
                taken = branch.then();
            } else {
                return null;
            }
            List<Stmt> interior = new ArrayList<>(top.subList(0, i));
            if (!taken.isEmpty() && taken.getLast() instanceof Stmt.Exit e && e.labelId() == labeled.id()) {
                interior.addAll(taken.subList(0, taken.size() - 1));
            } else {
                interior.addAll(taken);
                interior.addAll(top.subList(i + 1, top.size()));
            }
            return new BoundarySplit(List.copyOf(interior), test);
        }
        return null;
    }

    private static boolean isOnBoundary(Expr e) {
        return e instanceof Expr.Intrinsic i && i.op() == IntrinsicOp.ON_BOUNDARY;
    }
}
