package org.colony.processor.model;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import org.colony.processor.ir.IrType;

/** Reads a model class into a {@link ModelClass}, recording what it finds without judging it. */
public final class ModelReader {

    /** Canonical name of the attribute annotation. */
    public static final String ATTRIBUTE = "org.colony.Attribute";
    /** Canonical name of the shared annotation. */
    public static final String SHARED = "org.colony.Shared";
    /** Canonical name of the priority annotation. */
    public static final String PRIORITY = "org.colony.Priority";
    /** Canonical name of the step annotation. */
    public static final String STEP = "org.colony.Step";
    /** Canonical name of the dimensions annotation. */
    public static final String DIMENSIONS = "org.colony.Dimensions";
    /** Canonical name of the place base class. */
    public static final String PLACE = "org.colony.Place";
    /** Canonical name of the graph-vertex base class. */
    public static final String VERTEX = "org.colony.Vertex";
    /** Canonical name of the agent base class. */
    public static final String AGENT = "org.colony.Agent";
    /** Canonical name of the base class of edge classes. */
    public static final String EDGE = "org.colony.Edge";

    private final Elements elements;
    private final Trees trees;

    /**
     * @param elements the processing environment's element utilities
     * @param trees the compiler's tree utilities
     */
    public ModelReader(Elements elements, Trees trees) {
        this.elements = elements;
        this.trees = trees;
    }

    /** Reads one class. */
    public ModelClass read(TypeElement type) {
        TreePath path = trees.getPath(type);
        CompilationUnitTree unit = path == null ? null : path.getCompilationUnit();
        PackageElement pkg = elements.getPackageOf(type);
        String packageName = pkg.isUnnamed() ? "" : pkg.getQualifiedName().toString();

        List<AttributeModel> attributes = new ArrayList<>();
        List<SharedModel> shared = new ArrayList<>();
        for (VariableElement field : ElementFilter.fieldsIn(type.getEnclosedElements())) {
            if (Annotations.find(field, ATTRIBUTE) != null) {
                TypeMirror t = field.asType();
                boolean isArray = t.getKind() == TypeKind.ARRAY;
                IrType element = isArray ? primitive(((ArrayType) t).getComponentType()) : primitive(t);
                attributes.add(new AttributeModel(field, field.getSimpleName().toString(), element, isArray,
                        Annotations.intValue(field, ATTRIBUTE, "length", 0), attributes.size(),
                        Annotations.find(field, PRIORITY) != null));
            } else if (Annotations.find(field, SHARED) != null) {
                TypeMirror t = field.asType();
                boolean isArray = t.getKind() == TypeKind.ARRAY;
                IrType element = isArray ? primitive(((ArrayType) t).getComponentType()) : primitive(t);
                shared.add(new SharedModel(field, field.getSimpleName().toString(), element, isArray,
                        Annotations.intValue(field, SHARED, "length", 0), shared.size()));
            }
        }

        List<MethodModel> methods = new ArrayList<>();
        for (ExecutableElement m : ElementFilter.methodsIn(type.getEnclosedElements())) {
            boolean step = Annotations.find(m, STEP) != null;
            MethodTree tree = trees.getTree(m);
            if (tree != null && tree.getBody() == null) {
                tree = null;
            }
            TypeMirror r = m.getReturnType();
            IrType returnType = r.getKind() == TypeKind.VOID ? IrType.VOID : primitive(r);
            List<MethodModel.ParamModel> params = new ArrayList<>();
            for (VariableElement p : m.getParameters()) {
                params.add(new MethodModel.ParamModel(p.getSimpleName().toString(), primitive(p.asType()),
                        p.asType().toString()));
            }
            methods.add(new MethodModel(m, tree, m.getSimpleName().toString(), step,
                    step ? Annotations.intValue(m, STEP, "reach", 0) : 0,
                    m.getModifiers().contains(Modifier.STATIC), returnType, params));
        }

        int dims = Annotations.find(type, DIMENSIONS) == null ? 0 : Annotations.intValue(type, DIMENSIONS, "value", 0);
        boolean agent = false;
        TypeElement placeType = null;
        if (type.getSuperclass() instanceof DeclaredType sup
                && ((TypeElement) sup.asElement()).getQualifiedName().contentEquals(AGENT)) {
            agent = true;
            if (sup.getTypeArguments().size() == 1
                    && sup.getTypeArguments().get(0) instanceof DeclaredType p) {
                placeType = (TypeElement) p.asElement();
            }
        }
        boolean graph = type.getSuperclass() instanceof DeclaredType sup
                && ((TypeElement) sup.asElement()).getQualifiedName().contentEquals(VERTEX);
        return new ModelClass(type, unit, packageName, generatedPrefix(type), agent, placeType, dims, graph, attributes,
                shared, methods);
    }

    /** {@return whether {@code type} extends {@code org.colony.Edge}, directly or not} */
    public static boolean isEdgeClass(TypeElement type) {
        for (TypeElement t = type; t != null; ) {
            if (!(t.getSuperclass() instanceof DeclaredType sup)) {
                return false;
            }
            t = (TypeElement) sup.asElement();
            if (t.getQualifiedName().contentEquals(EDGE)) {
                return true;
            }
        }
        return false;
    }

    /** The generated-class prefix: the simple names from the top-level class down, joined with '_'. */
    static String generatedPrefix(TypeElement type) {
        StringBuilder sb = new StringBuilder(type.getSimpleName());
        Element e = type.getEnclosingElement();
        while (e != null && (e.getKind().isClass() || e.getKind().isInterface() || e.getKind() == ElementKind.ENUM
                || e.getKind() == ElementKind.RECORD)) {
            sb.insert(0, e.getSimpleName() + "_");
            e = e.getEnclosingElement();
        }
        return sb.toString();
    }

    /** The IR type of a Java type mirror, or {@code null} when it is not a supported primitive. */
    public static IrType primitive(TypeMirror t) {
        return primitive(t.getKind());
    }

    /** The IR type of a primitive kind, or {@code null} for {@code char} and non-primitives. */
    public static IrType primitive(TypeKind kind) {
        return switch (kind) {
            case BOOLEAN -> IrType.BOOLEAN;
            case BYTE -> IrType.BYTE;
            case SHORT -> IrType.SHORT;
            case INT -> IrType.INT;
            case LONG -> IrType.LONG;
            case FLOAT -> IrType.FLOAT;
            case DOUBLE -> IrType.DOUBLE;
            default -> null;
        };
    }
}
