package org.colony.processor.ir;

/**
 * An attribute as the IR refers to it: of the model being translated, of the place model its agents
 * live on, or of an agent model whose agents a step iterates.
 *
 * @param owner the model that declares it
 * @param ordinal position among that model's attributes, as the runtime numbers them
 * @param name the field name
 * @param type the element type
 * @param length 0 for a scalar, the element count of an array attribute
 */
public record AttributeRef(ModelRef owner, int ordinal, String name, IrType type, int length) {
    /** Whether this is an array attribute. */
    public boolean isArray() {
        return length > 0;
    }
}
