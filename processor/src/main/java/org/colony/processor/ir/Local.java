package org.colony.processor.ir;

/**
 * A local variable of a translated step: a user's local or parameter, an inlined method's parameter,
 * or a temporary the translator introduced. Names are unique within one step.
 *
 * @param id unique within the step
 * @param name the name to print (the user's where there is one)
 * @param type the variable's type
 */
public record Local(int id, String name, IrType type) {
}
