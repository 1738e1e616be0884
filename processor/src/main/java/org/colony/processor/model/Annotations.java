package org.colony.processor.model;

import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/** Reads Colony annotations from elements by name, so the processor does not load the annotation classes. */
public final class Annotations {

    private Annotations() {
    }

    /** The mirror of the annotation with the given canonical name on {@code e}, or null. */
    public static AnnotationMirror find(Element e, String annotation) {
        for (AnnotationMirror m : e.getAnnotationMirrors()) {
            TypeElement t = (TypeElement) m.getAnnotationType().asElement();
            if (t.getQualifiedName().contentEquals(annotation)) {
                return m;
            }
        }
        return null;
    }

    /** An int element of the annotation, or {@code fallback} when the annotation or the element is absent. */
    public static int intValue(Element e, String annotation, String name, int fallback) {
        AnnotationMirror m = find(e, annotation);
        if (m == null) {
            return fallback;
        }
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> v : m.getElementValues().entrySet()) {
            if (v.getKey().getSimpleName().contentEquals(name) && v.getValue().getValue() instanceof Integer i) {
                return i;
            }
        }
        return fallback;
    }

    /** The value of an annotation element, for pointing diagnostics at it, or null. */
    public static AnnotationValue value(Element e, String annotation, String name) {
        AnnotationMirror m = find(e, annotation);
        if (m == null) {
            return null;
        }
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> v : m.getElementValues().entrySet()) {
            if (v.getKey().getSimpleName().contentEquals(name)) {
                return v.getValue();
            }
        }
        return null;
    }
}
