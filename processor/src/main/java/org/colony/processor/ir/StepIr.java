package org.colony.processor.ir;

import java.util.List;
import java.util.Set;

/**
 * One step, translated: its parameters, its body as IR and the facts about it that backends and the
 * runtime need.
 *
 * @param name the method name
 * @param params the step's parameters, as locals of the body
 * @param predicate whether the step returns boolean (a predicate step)
 * @param result the local holding a predicate's result, otherwise {@code null}
 * @param bodyLabel the id of the {@link Stmt.Labeled} block that {@code return} leaves
 * @param body the statements; the whole body is {@code Labeled(bodyLabel, ...)}
 * @param writes ordinals of attributes the step writes
 * @param selfReads ordinals of attributes the step reads on its own instance
 * @param remoteReads ordinals of attributes the step reads through a neighbour
 * @param reach the largest neighbour offset along any dimension (declared or proven)
 * @param declaredReach the reach given in {@code @Step(reach = ...)}, 0 when absent
 * @param usesRandom whether the step draws random numbers
 * @param sourceFile the simple name of the model's source file
 * @param line the line of the step's declaration
 */
public record StepIr(String name, List<Local> params, boolean predicate, Local result, int bodyLabel,
        List<Stmt> body, Set<Integer> writes, Set<Integer> selfReads, Set<Integer> remoteReads, int reach,
        int declaredReach, boolean usesRandom, String sourceFile, int line) {
}
