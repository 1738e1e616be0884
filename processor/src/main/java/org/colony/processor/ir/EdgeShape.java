package org.colony.processor.ir;

import java.util.List;

/**
 * The edge class a model's steps read through {@code edge(n)}: its attributes, in declaration order, are the edge
 * columns its kernels take.
 *
 * @param qualifiedName the edge class's canonical name
 * @param binaryName its binary name, for a class literal in generated code
 * @param attributes its scalar attributes, in declaration order
 */
public record EdgeShape(String qualifiedName, String binaryName, List<Attribute> attributes) {

    /**
     * One attribute of an edge class.
     *
     * @param name the field's name
     * @param type its type
     */
    public record Attribute(String name, IrType type) {
    }

    /** Copies the list. */
    public EdgeShape {
        attributes = List.copyOf(attributes);
    }
}
