package org.colony.processor.model;

import com.sun.source.tree.MethodTree;
import java.util.List;
import javax.lang.model.element.ExecutableElement;
import org.colony.processor.ir.IrType;

/**
 * A method of a model class: a step or a model method that steps may call.
 *
 * @param element the method
 * @param tree its source tree, or {@code null} when it has no body
 * @param name its name
 * @param step whether it is annotated {@code @Step}
 * @param declaredReach the {@code reach} of its {@code @Step}, 0 otherwise
 * @param isStatic whether it is static
 * @param returnType the return type, {@link IrType#VOID}, or {@code null} when unsupported
 * @param params its parameters
 */
public record MethodModel(ExecutableElement element, MethodTree tree, String name, boolean step, int declaredReach,
        boolean isStatic, IrType returnType, List<ParamModel> params) {

    /**
     * A parameter.
     *
     * @param name its name
     * @param type its type, or {@code null} when not a supported primitive
     * @param declared the declared type as written, for messages
     */
    public record ParamModel(String name, IrType type, String declared) {
    }
}
