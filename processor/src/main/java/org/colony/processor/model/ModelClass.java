package org.colony.processor.model;

import com.sun.source.tree.CompilationUnitTree;
import java.util.List;
import javax.lang.model.element.TypeElement;

/**
 * A user's model class as the processor read it, before validation.
 *
 * @param element the class
 * @param unit the compilation unit that declares it (for imports and source positions)
 * @param packageName its package ("" for the unnamed package)
 * @param generatedPrefix the simple-name prefix of generated classes (nested names joined with '_')
 * @param placeType for an agent model ({@code extends Agent<P>}), the element of {@code P}; null for a
 *     place model (and for an agent model whose place type is not a class)
 * @param agent whether the class extends {@code Agent} rather than {@code Place}
 * @param declaredDimensions the value of {@code @Dimensions}, or 0 when absent
 * @param graph whether the class extends {@code Vertex} (a place model on a graph's vertices)
 * @param attributes the {@code @Attribute} fields in declaration order
 * @param shared the {@code @Shared} fields in declaration order
 * @param methods every method declared in the class
 */
public record ModelClass(TypeElement element, CompilationUnitTree unit, String packageName, String generatedPrefix,
        boolean agent, TypeElement placeType, int declaredDimensions, boolean graph, List<AttributeModel> attributes,
        List<SharedModel> shared, List<MethodModel> methods) {

    /** The canonical name of the class. */
    public String qualifiedName() {
        return element.getQualifiedName().toString();
    }

    /** The simple name of the source file (for generated line maps). */
    public String sourceFileName() {
        String path = unit.getSourceFile().getName();
        int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
        return path.substring(slash + 1);
    }

    /** The attribute with the given field name, or null. */
    public AttributeModel attribute(String name) {
        for (AttributeModel a : attributes) {
            if (a.name().equals(name)) {
                return a;
            }
        }
        return null;
    }

    /** The shared field with the given name, or null. */
    public SharedModel sharedField(String name) {
        for (SharedModel s : shared) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        return null;
    }

    /** The methods with the given name. */
    public List<MethodModel> methods(String name) {
        return methods.stream().filter(m -> m.name().equals(name)).toList();
    }
}
