package org.colony.processor.ir;

import java.util.List;

/**
 * A whole model class, translated: everything a code generator for any backend needs.
 *
 * @param packageName the model's package ("" for the unnamed package)
 * @param simpleName the model's simple name (nested classes joined with '_')
 * @param qualifiedName the model's canonical name
 * @param binaryName the model's binary name, as {@code Class.forName} wants it
 * @param agent whether it is an agent model (otherwise a place model)
 * @param dimensions the grid dimensions the model needs exactly (1-3), or 0 when any grid serves
 * @param minDimensions the least dimensionality the model's intrinsics need
 * @param attributes the attributes in ordinal order
 * @param shared the shared attributes in ordinal order
 * @param steps the translated steps
 * @param doubleBuffered per attribute ordinal, whether some step reads it on other instances and writes it
 * @param place for an agent model, the place model it lives on; otherwise null
 * @param agentModels the agent models whose agents steps iterate, by slot
 * @param priority the ordinal of the {@code @Priority} attribute, or -1
 * @param graph whether the model's places (an agent model's: its place model's) are the vertices of a graph
 *     ({@code Vertex}), stored as a 1-D block
 * @param edges the edge class the steps read through {@code edge(n)}, or null
 */
public record ModelIr(String packageName, String simpleName, String qualifiedName, String binaryName, boolean agent,
        int dimensions, int minDimensions, List<AttributeRef> attributes, List<SharedRef> shared,
        List<StepIr> steps, List<Boolean> doubleBuffered, ModelShape place, List<ModelShape> agentModels,
        int priority, boolean graph, EdgeShape edges) {

    /** The largest reach of any step. */
    public int reach() {
        int r = 0;
        for (StepIr s : steps) {
            r = Math.max(r, s.reach());
        }
        return r;
    }
}
