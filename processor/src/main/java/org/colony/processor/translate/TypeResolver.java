package org.colony.processor.translate;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.Tree;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * Resolves type names and statically imported fields as javac would, from the compilation unit's
 * imports, because method bodies are not yet attributed while annotation processing runs.
 */
final class TypeResolver {

    private final Elements elements;
    private final CompilationUnitTree unit;
    private final TypeElement model;

    TypeResolver(Elements elements, CompilationUnitTree unit, TypeElement model) {
        this.elements = elements;
        this.unit = unit;
        this.model = model;
    }

    /** The type a name expression denotes ({@code Math}, {@code java.lang.Math}, {@code Outer.Inner}), or null. */
    TypeElement resolve(ExpressionTree name) {
        if (name instanceof IdentifierTree id) {
            return resolveSimple(id.getName().toString());
        }
        if (name instanceof MemberSelectTree ms) {
            TypeElement outer = resolve(ms.getExpression());
            if (outer != null) {
                for (TypeElement t : ElementFilter.typesIn(outer.getEnclosedElements())) {
                    if (t.getSimpleName().contentEquals(ms.getIdentifier())) {
                        return t;
                    }
                }
                return null;
            }
            return elements.getTypeElement(name.toString());
        }
        return null;
    }

    private TypeElement resolveSimple(String simple) {
        // The model class, its enclosing classes and their member types.
        for (Element e = model; e instanceof TypeElement t; e = t.getEnclosingElement()) {
            if (t.getSimpleName().contentEquals(simple)) {
                return t;
            }
            for (TypeElement member : ElementFilter.typesIn(t.getEnclosedElements())) {
                if (member.getSimpleName().contentEquals(simple)) {
                    return member;
                }
            }
        }
        // Single-type imports.
        for (ImportTree imp : unit.getImports()) {
            if (!imp.isStatic() && imp.getQualifiedIdentifier() instanceof MemberSelectTree ms
                    && ms.getIdentifier().contentEquals(simple)) {
                TypeElement t = elements.getTypeElement(ms.toString());
                if (t != null) {
                    return t;
                }
            }
        }
        // The same package.
        String pkg = unit.getPackageName() == null ? "" : unit.getPackageName().toString();
        TypeElement same = elements.getTypeElement(pkg.isEmpty() ? simple : pkg + "." + simple);
        if (same != null) {
            return same;
        }
        // On-demand imports.
        for (ImportTree imp : unit.getImports()) {
            if (!imp.isStatic() && imp.getQualifiedIdentifier() instanceof MemberSelectTree ms
                    && ms.getIdentifier().contentEquals("*")) {
                TypeElement t = elements.getTypeElement(ms.getExpression() + "." + simple);
                if (t != null) {
                    return t;
                }
            }
        }
        return elements.getTypeElement("java.lang." + simple);
    }

    /** The field a statically imported simple name denotes, or null. */
    VariableElement staticField(String simple) {
        for (ImportTree imp : unit.getImports()) {
            if (imp.isStatic() && imp.getQualifiedIdentifier() instanceof MemberSelectTree ms) {
                boolean single = ms.getIdentifier().contentEquals(simple);
                boolean star = ms.getIdentifier().contentEquals("*");
                if (single || star) {
                    TypeElement owner = resolve(ms.getExpression());
                    if (owner != null) {
                        for (VariableElement f : ElementFilter.fieldsIn(owner.getEnclosedElements())) {
                            if (f.getSimpleName().contentEquals(simple)) {
                                return f;
                            }
                        }
                    }
                }
            }
        }
        return null;
    }

    /** The class that statically imports a method with this simple name ({@code import static java.lang.Math.*}), or null. */
    TypeElement staticMethodOwner(String simple) {
        for (ImportTree imp : unit.getImports()) {
            if (imp.isStatic() && imp.getQualifiedIdentifier() instanceof MemberSelectTree ms) {
                boolean single = ms.getIdentifier().contentEquals(simple);
                boolean star = ms.getIdentifier().contentEquals("*");
                if (single || star) {
                    TypeElement owner = resolve(ms.getExpression());
                    if (owner != null && !ElementFilter.methodsIn(owner.getEnclosedElements()).stream()
                            .filter(m -> m.getSimpleName().contentEquals(simple)).toList().isEmpty()) {
                        return owner;
                    }
                }
            }
        }
        return null;
    }

    /** Whether a tree is the bare name {@code this}. */
    static boolean isThis(Tree t) {
        return t instanceof IdentifierTree id && id.getName().contentEquals("this");
    }
}
