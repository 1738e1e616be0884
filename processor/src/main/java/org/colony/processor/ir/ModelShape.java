package org.colony.processor.ir;

import java.util.List;

/**
 * A model that a translated model refers to: the place model of an agent model, or an agent model
 * whose agents a step iterates.
 *
 * @param ref how the translated model refers to it
 * @param binaryName its binary name
 * @param attributes its attributes in ordinal order
 */
public record ModelShape(ModelRef ref, String binaryName, List<AttributeRef> attributes) {
}
