package org.colony.processor.validation;

import java.util.HashMap;
import java.util.Map;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import org.colony.processor.Diagnostics;
import org.colony.processor.Messages;
import org.colony.processor.model.Annotations;
import org.colony.processor.model.IntrinsicMethod;
import org.colony.processor.model.MethodModel;
import org.colony.processor.model.ModelClass;
import org.colony.processor.model.ModelReader;

/**
 * Checks the class itself: what it extends, how it is nested, its dimensionality, its method names (which may not
 * be those of {@link IntrinsicMethod intrinsics}).
 */
public final class ModelClassValidator {

    private final Diagnostics diagnostics;

    /** @param diagnostics where errors go */
    public ModelClassValidator(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    /** Validates; returns whether the class passed. */
    public boolean validate(ModelClass model) {
        int before = diagnostics.errorCount();
        TypeElement type = model.element();
        String name = type.getQualifiedName().toString();
        if (model.agent()) {
            if (model.placeType() == null || !extendsPlace(model.placeType())
                    || model.placeType().getModifiers().contains(Modifier.ABSTRACT)) {
                diagnostics.error(type, Messages.agentPlaceType(name, type.getSuperclass().toString()));
            }
        } else if (!extendsPlace(type)) {
            diagnostics.error(type, Messages.modelNotPlace(name));
        } else if (extendsVertex(type) && !model.graph()
                || model.graph() && !selfTyped((DeclaredType) type.getSuperclass(), type)) {
            diagnostics.error(type, Messages.vertexSelfType(name, type.getSuperclass().toString()));
        }
        if (type.getNestingKind() == NestingKind.LOCAL || type.getNestingKind() == NestingKind.ANONYMOUS
                || (type.getNestingKind() == NestingKind.MEMBER && !type.getModifiers().contains(Modifier.STATIC))) {
            diagnostics.error(type, Messages.modelNesting(type.getSimpleName().toString()));
        }
        if (!type.getTypeParameters().isEmpty()) {
            diagnostics.error(type, Messages.modelGeneric(name));
        }
        if (type.getKind() != ElementKind.CLASS || type.getModifiers().contains(Modifier.ABSTRACT)) {
            diagnostics.error(type, Messages.modelAbstract(name));
        }
        if (Annotations.find(type, ModelReader.DIMENSIONS) != null
                && (model.declaredDimensions() < 1 || model.declaredDimensions() > 3)) {
            diagnostics.error(type, Annotations.find(type, ModelReader.DIMENSIONS),
                    Annotations.value(type, ModelReader.DIMENSIONS, "value"),
                    Messages.modelDimensions(model.declaredDimensions()));
        }
        Map<String, Integer> counts = new HashMap<>();
        for (MethodModel m : model.methods()) {
            counts.merge(m.name(), 1, Integer::sum);
        }
        for (MethodModel m : model.methods()) {
            IntrinsicMethod intrinsic = IntrinsicMethod.named(m.name());
            boolean onGraph = model.graph() || model.agent() && model.placeType() != null
                    && extendsVertex(model.placeType());
            if (intrinsic != null && (!intrinsic.graphOnly() || onGraph)) {
                diagnostics.error(m.element(), Messages.modelIntrinsicName(m.name()));
            } else if (counts.get(m.name()) > 1 && (m.step() || model.methods(m.name()).stream()
                    .anyMatch(MethodModel::step))) {
                diagnostics.error(m.element(), Messages.modelOverload(m.name()));
            }
        }
        return diagnostics.errorCount() == before;
    }

    /** Whether {@code type} is a subclass of {@code org.colony.Vertex}. */
    public static boolean extendsVertex(TypeElement type) {
        return subclassOf(type, ModelReader.VERTEX);
    }

    /** Whether {@code sup} is {@code Vertex<type>}. */
    private static boolean selfTyped(DeclaredType sup, TypeElement type) {
        return sup.getTypeArguments().size() == 1 && sup.getTypeArguments().get(0) instanceof DeclaredType arg
                && arg.asElement().equals(type);
    }

    /** Whether {@code type} is a subclass of {@code org.colony.Place}. */
    public static boolean extendsPlace(TypeElement type) {
        return subclassOf(type, ModelReader.PLACE);
    }

    private static boolean subclassOf(TypeElement type, String base) {
        TypeMirror sup = type.getSuperclass();
        while (sup.getKind() == TypeKind.DECLARED) {
            TypeElement e = (TypeElement) ((DeclaredType) sup).asElement();
            if (e.getQualifiedName().contentEquals(base)) {
                return true;
            }
            sup = e.getSuperclass();
        }
        return false;
    }
}
