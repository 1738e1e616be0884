package org.colony.processor.codegen;

import com.palantir.javapoet.TypeName;
import org.colony.processor.ir.IrType;

/** JavaPoet type names of IR types. */
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
}
