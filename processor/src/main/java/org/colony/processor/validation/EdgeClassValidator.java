package org.colony.processor.validation;

import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import org.colony.kernel.EdgeColumnNames;
import org.colony.processor.Diagnostics;
import org.colony.processor.Messages;
import org.colony.processor.model.AttributeModel;
import org.colony.processor.model.MethodModel;
import org.colony.processor.model.ModelClass;
import org.colony.processor.model.SharedModel;

/**
 * Checks an edge class (a subclass of {@code org.colony.Edge}): final, extending {@code Edge} itself, concrete and not
 * nested in an instance, scalar primitive {@code @Attribute} fields named as a graph's edge columns may be
 * ({@link EdgeColumnNames}), at least one, and no steps or shared fields. An edge class generates no code;
 * the models whose steps read it describe it.
 */
public final class EdgeClassValidator {

    private static final String EDGE = "org.colony.Edge";

    private final Diagnostics diagnostics;

    /** @param diagnostics where errors go */
    public EdgeClassValidator(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    /** Validates; returns whether the class passed. */
    public boolean validate(ModelClass edge) {
        int before = diagnostics.errorCount();
        TypeElement type = edge.element();
        if (type.getKind() != ElementKind.CLASS || type.getModifiers().contains(Modifier.ABSTRACT)
                || !type.getTypeParameters().isEmpty() || type.getNestingKind() == NestingKind.LOCAL
                || type.getNestingKind() == NestingKind.ANONYMOUS || type.getNestingKind() == NestingKind.MEMBER
                && !type.getModifiers().contains(Modifier.STATIC)) {
            diagnostics.error(type, Messages.edgeClassShape(type.getQualifiedName().toString()));
        } else if (!type.getModifiers().contains(Modifier.FINAL)) {
            diagnostics.error(type, Messages.edgeClassNotFinal(type.getQualifiedName().toString()));
        }
        if (type.getSuperclass() instanceof DeclaredType sup
                && !((TypeElement) sup.asElement()).getQualifiedName().contentEquals(EDGE)) {
            diagnostics.error(type, Messages.edgeClassIndirect(type.getQualifiedName().toString(),
                    ((TypeElement) sup.asElement()).getQualifiedName().toString()));
        }
        for (AttributeModel a : edge.attributes()) {
            if (a.isArray() || a.type() == null) {
                diagnostics.error(a.element(), Messages.edgeClassAttribute(a.name(), a.element().asType().toString()));
            } else if (!EdgeColumnNames.allowed(a.name())) {
                diagnostics.error(a.element(), Messages.edgeClassAttributeName(a.name()));
            }
        }
        for (SharedModel s : edge.shared()) {
            diagnostics.error(s.element(), Messages.edgeClassMember("the @Shared field " + s.name()));
        }
        for (MethodModel m : edge.methods()) {
            if (m.step()) {
                diagnostics.error(m.element(), Messages.edgeClassMember("the @Step method " + m.name()));
            }
        }
        if (edge.attributes().isEmpty() && diagnostics.errorCount() == before) {
            diagnostics.error(type, Messages.edgeClassEmpty(type.getQualifiedName().toString()));
        }
        return diagnostics.errorCount() == before;
    }
}
