package org.colony.processor;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.Trees;
import java.util.HashSet;
import java.util.Set;
import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic;

/**
 * Reports processor errors on the most precise place available (a tree inside a method body, an
 * annotation value, an element) and counts them, so callers can tell whether a class produced errors.
 * The same message at the same position is reported once, even when a method is inlined twice.
 */
public final class Diagnostics {

    private final Messager messager;
    private final Trees trees;
    private final Set<String> reported = new HashSet<>();
    private int errors;

    /**
     * @param messager where errors go
     * @param trees the compiler's tree utilities, for positions inside method bodies
     */
    public Diagnostics(Messager messager, Trees trees) {
        this.messager = messager;
        this.trees = trees;
    }

    /** Reports an error on an element. */
    public void error(Element element, String message) {
        if (reported.add(System.identityHashCode(element) + "|" + message)) {
            errors++;
            messager.printMessage(Diagnostic.Kind.ERROR, message, element);
        }
    }

    /** Reports an error on an annotation value of an element (or the element when the value is absent). */
    public void error(Element element, AnnotationMirror annotation, AnnotationValue value, String message) {
        if (annotation == null) {
            error(element, message);
        } else if (reported.add(System.identityHashCode(element) + "|" + message)) {
            errors++;
            if (value == null) {
                messager.printMessage(Diagnostic.Kind.ERROR, message, element, annotation);
            } else {
                messager.printMessage(Diagnostic.Kind.ERROR, message, element, annotation, value);
            }
        }
    }

    /** Reports an error on a tree inside a compilation unit. */
    public void error(Tree tree, CompilationUnitTree unit, String message) {
        long pos = trees.getSourcePositions().getStartPosition(unit, tree);
        if (reported.add(System.identityHashCode(unit) + "@" + pos + "|" + message)) {
            errors++;
            trees.printMessage(Diagnostic.Kind.ERROR, message, tree, unit);
        }
    }

    /** The number of errors reported so far. */
    public int errorCount() {
        return errors;
    }
}
