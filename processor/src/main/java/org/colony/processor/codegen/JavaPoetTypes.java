package org.colony.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import java.util.Arrays;
import org.colony.processor.ir.IrType;
import org.colony.processor.ir.ModelShape;

/** JavaPoet type names of IR types and of the models a model refers to. */
public final class JavaPoetTypes {

    private JavaPoetTypes() {
    }

    public static TypeName of(IrType t) {
        return switch (t) {
            case BOOLEAN -> TypeName.BOOLEAN;
            case BYTE -> TypeName.BYTE;
            case SHORT -> TypeName.SHORT;
            case INT, PLACE, AGENT -> TypeName.INT;
            case LONG -> TypeName.LONG;
            case FLOAT -> TypeName.FLOAT;
            case DOUBLE -> TypeName.DOUBLE;
            case VOID -> TypeName.VOID;
        };
    }

    /** The boxed class name, for unboxing step arguments. */
    public static TypeName boxed(IrType t) {
        return of(t).box();
    }

    /** The class of a model another model refers to (its place model, or agents it iterates). */
    public static ClassName of(ModelShape model) {
        return named(model.binaryName(), model.ref().qualifiedName());
    }

    /**
     * {@return the class of these names}
     *
     * @param binary its binary name, which tells where the package ends
     * @param qualified its canonical name, which gives the simple names
     */
    public static ClassName named(String binary, String qualified) {
        int dot = binary.lastIndexOf('.');
        String packageName = dot < 0 ? "" : binary.substring(0, dot);
        String[] names = (dot < 0 ? qualified : qualified.substring(dot + 1)).split("\\.");
        return ClassName.get(packageName, names[0], Arrays.copyOfRange(names, 1, names.length));
    }
}
