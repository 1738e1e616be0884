package org.colony.processor.translate;

import com.sun.source.tree.Tree;
import com.sun.source.util.Trees;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;
import org.colony.processor.Messages;
import org.colony.processor.ir.EdgeShape;
import org.colony.processor.model.AttributeModel;
import org.colony.processor.model.ModelClass;
import org.colony.processor.model.ModelReader;

/** The one edge class the steps of a model read ({@code Road r = edge(n)}), learnt from its first use. */
final class EdgeClasses {

    private final Elements elements;
    private final Trees trees;
    private ModelClass chosen;

    EdgeClasses(Elements elements, Trees trees) {
        this.elements = elements;
        this.trees = trees;
    }

    /** {@return the edge class {@code type}, read} */
    ModelClass read(TypeElement type) {
        return chosen != null && chosen.element().equals(type) ? chosen : new ModelReader(elements, trees).read(type);
    }

    /** Makes {@code type} the model's edge class; a second class in one model is rejected at {@code where}. */
    void use(TypeElement type, Tree where, StepContext cx) {
        if (chosen == null) {
            chosen = read(type);
        } else if (!chosen.element().equals(type)) {
            throw cx.reject(where, Messages.edgeClassMismatch(cx.model.element().getSimpleName().toString(),
                    chosen.element().getSimpleName().toString(), type.getSimpleName().toString()));
        }
    }

    /** {@return the shape of the edge class the model reads, or null where its steps read none} */
    EdgeShape shape() {
        if (chosen == null) {
            return null;
        }
        List<EdgeShape.Attribute> attributes = new ArrayList<>();
        for (AttributeModel a : chosen.attributes()) {
            attributes.add(new EdgeShape.Attribute(a.name(), a.type()));
        }
        return new EdgeShape(chosen.qualifiedName(), elements.getBinaryName(chosen.element()).toString(), attributes);
    }
}
