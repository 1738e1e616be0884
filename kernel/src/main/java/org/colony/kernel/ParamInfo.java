package org.colony.kernel;

/**
 * A parameter of a step.
 *
 * @param name the parameter name
 * @param type its type
 */
public record ParamInfo(String name, ScalarType type) {
}
