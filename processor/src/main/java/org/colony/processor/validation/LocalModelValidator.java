package org.colony.processor.validation;

import com.sun.source.tree.AnnotationTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.ModifiersTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.TypeElement;
import org.colony.processor.Diagnostics;
import org.colony.processor.Messages;
import org.colony.processor.model.ModelReader;

/**
 * Reports model classes declared inside code (local and anonymous classes). Annotation processing
 * never presents such classes as elements, so they are found in the source trees of the round's
 * top-level classes; their annotations are matched by name, as the bodies are not yet attributed.
 */
public final class LocalModelValidator {

    private static final Set<String> ANNOTATIONS = Set.of(ModelReader.ATTRIBUTE, ModelReader.SHARED,
            ModelReader.STEP, ModelReader.DIMENSIONS);

    private final Diagnostics diagnostics;
    private final Trees trees;

    /**
     * @param diagnostics where errors go
     * @param trees the compiler's tree utilities
     */
    public LocalModelValidator(Diagnostics diagnostics, Trees trees) {
        this.diagnostics = diagnostics;
        this.trees = trees;
    }

    /** Validates the classes declared in code anywhere inside {@code root}; returns whether there were none. */
    public boolean validate(TypeElement root) {
        TreePath path = trees.getPath(root);
        if (path == null) {
            return true;
        }
        int before = diagnostics.errorCount();
        CompilationUnitTree unit = path.getCompilationUnit();
        new TreePathScanner<Void, Void>() {
            @Override
            public Void visitClass(ClassTree node, Void unused) {
                Tree parent = getCurrentPath().getParentPath().getLeaf();
                boolean inCode = !(parent instanceof ClassTree) && !(parent instanceof CompilationUnitTree);
                if (inCode && usesColonyAnnotations(node, unit)) {
                    String name = node.getSimpleName().isEmpty() ? "(anonymous)" : node.getSimpleName().toString();
                    diagnostics.error(node, unit, Messages.modelNesting(name));
                }
                return super.visitClass(node, unused);
            }
        }.scan(path, null);
        return diagnostics.errorCount() == before;
    }

    private static boolean usesColonyAnnotations(ClassTree type, CompilationUnitTree unit) {
        List<ModifiersTree> modifiers = new ArrayList<>();
        modifiers.add(type.getModifiers());
        for (Tree member : type.getMembers()) {
            if (member instanceof VariableTree v) {
                modifiers.add(v.getModifiers());
            } else if (member instanceof MethodTree m) {
                modifiers.add(m.getModifiers());
            }
        }
        for (ModifiersTree m : modifiers) {
            for (AnnotationTree a : m.getAnnotations()) {
                if (isColonyAnnotation(a.getAnnotationType().toString(), unit)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether an annotation name as written denotes one of Colony's, given the unit's imports. */
    private static boolean isColonyAnnotation(String written, CompilationUnitTree unit) {
        if (ANNOTATIONS.contains(written)) {
            return true;
        }
        String qualified = "org.colony." + written;
        if (!ANNOTATIONS.contains(qualified)) {
            return false;
        }
        if (unit.getPackageName() != null && unit.getPackageName().toString().equals("org.colony")) {
            return true;
        }
        for (ImportTree imp : unit.getImports()) {
            String imported = imp.getQualifiedIdentifier().toString();
            if (!imp.isStatic() && (imported.equals(qualified) || imported.equals("org.colony.*"))) {
                return true;
            }
        }
        return false;
    }
}
