package org.colony.processor.codegen.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Modifier;
import org.colony.processor.codegen.JavaPoetTypes;
import org.colony.processor.codegen.LineMarks;
import org.colony.processor.ir.AttributeRef;
import org.colony.processor.ir.Expr;
import org.colony.processor.ir.IrType;
import org.colony.processor.ir.ModelIr;
import org.colony.processor.ir.StepIr;
import org.colony.processor.ir.Stmt;

/**
 * The vector form of a place kernel, a method of the nested class {@code Vectors}: the cells of a row a vector at
 * a time ({@link VectorStep}), the rest one by one; it returns false where the machine's vectors are too short.
 * Also builds the nested class itself, with the species (and boolean helpers) of the kernels' element types.
 */
final class VectorKernel extends PlaceKernel {

    /** The simple name of the nested class of vector kernels. */
    static final String CLASS = "Vectors";

    /** The storage index of the first cell of a vector of them. */
    private static final CodeBlock FIRST = CodeBlock.of("s$$");

    private final VectorStep vector;
    private CodeBlock vectorCell;
    private CodeBlock guard;

    VectorKernel(ModelIr model, StepIr step, VectorStep vector) {
        super(model, step, false);
        this.vector = vector;
    }

    @Override
    VectorStep vector() {
        return vector;
    }

    @Override
    void head(CodeBlock.Builder head) {
        super.head(head);
        String species = VectorStep.species(vector.element());
        head.beginControlFlow("if ($L.length() < 2$L)", species,
                vector.booleans() ? " || " + VectorStep.byteSpecies(vector.element()) + " == null" : "");
        head.addStatement("return false");
        head.endControlFlow();
    }

    @Override
    void prepare(boolean split) {
        storage.boundary(split ? "rowEdge$" : null);
        vectorCell = vectorCell();
        guard = vector.guard() == null ? null : statements.cond(vector.guard());
        storage.boundary(null);
    }

    /**
     * The cells from {@code from} to {@code to} a vector at a time (unless the row-wide guard holds), then the
     * rest one by one.
     */
    @Override
    void cells(CodeBlock.Builder rows, String from, String to, CodeBlock cell) {
        String species = VectorStep.species(vector.element());
        rows.addStatement("int xv$$ = $L", from);
        if (guard != null) {
            rows.beginControlFlow("if (!($L))", guard);
        }
        rows.addStatement("final int xe$$ = $L + $L.loopBound($L - $L)", from, species, to, from);
        rows.beginControlFlow("for (; xv$$ < xe$$; xv$$ += $L.length())", species);
        rows.addStatement("final int x$$ = xv$$");
        rows.addStatement("final int s$$ = rowBase$$ + x$$");
        rows.add(vectorCell);
        rows.endControlFlow();
        if (guard != null) {
            rows.endControlFlow();
        }
        xLoop(rows, "xv$", to, cell);
    }

    /** A vector of cells from {@code s$} on: own values in vector locals, the body, the stores. */
    private CodeBlock vectorCell() {
        VectorStep.Names names = new VectorStep.Names() {
            @Override
            public CodeBlock scalar(Expr e) {
                return printer.print(e);
            }

            @Override
            public CodeBlock index(Expr place) {
                return place instanceof Expr.LocalRef l ? CodeBlock.of("$L", l.local().name()) : printer.print(place);
            }

            @Override
            public String column(AttributeRef a) {
                return storage.column(a);
            }

            @Override
            public String next(AttributeRef a) {
                return storage.next(a);
            }
        };
        CodeBlock.Builder code = CodeBlock.builder();
        for (AttributeRef a : vector.own()) {
            code.addStatement("var $L = $L", VectorStep.self(a), vector.load(a, storage.column(a), FIRST));
        }
        vectorStatements(code, vector.body(), names);
        code.add(LineMarks.at(0));
        for (AttributeRef a : vector.own()) {
            if (storage.buffered(a)) {
                code.addStatement("$L", vector.store(a, VectorStep.self(a), storage.next(a), FIRST));
            } else if (step.writes().contains(a.ordinal())) {
                code.addStatement("$L", vector.store(a, VectorStep.self(a), storage.column(a), FIRST));
            }
        }
        return code.build();
    }

    private void vectorStatements(CodeBlock.Builder code, List<Stmt> list, VectorStep.Names names) {
        for (Stmt s : list) {
            if (s.line() > 0) {
                code.add(LineMarks.at(s.line()));
            }
            switch (s) {
                case Stmt.Declare d when d.local().type() == IrType.PLACE || vector.scalar(d.local()) ->
                        code.addStatement("final $L $L = $L", JavaExpressions.javaType(d.local().type()),
                                d.local().name(), printer.print(d.init()));
                case Stmt.Declare d -> code.addStatement("var $L = $L", d.local().name(), d.init() == null
                        ? vector.zero(d.local().type()) : vector.print(d.init(), names));
                case Stmt.AssignLocal a -> code.addStatement("$L = $L", a.local().name(), vector.print(a.value(), names));
                case Stmt.AssignAttr a -> code.addStatement("$L = $L", VectorStep.self(a.attr()),
                        vector.print(a.value(), names));
                case Stmt.Block b -> {
                    code.add("{\n$>");
                    vectorStatements(code, b.body(), names);
                    code.add("$<}\n");
                }
                default -> throw new IllegalStateException(s.toString());
            }
        }
    }

    /** The nested class of vector kernels, with the species (and boolean helpers) of their element types. */
    static TypeSpec nestedClass(List<MethodSpec> kernels, Set<IrType> elements, Set<IrType> booleans) {
        TypeSpec.Builder type = TypeSpec.classBuilder(CLASS)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("The steps that can, a vector of cells at a time ({@code $L}); loaded only when the JVM has "
                        + "that module.\n", VectorStep.PACKAGE)
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        ClassName byteBox = ClassName.get(Byte.class);
        for (IrType element : elements) {
            TypeName box = JavaPoetTypes.of(element).box();
            String species = VectorStep.species(element);
            type.addField(FieldSpec.builder(ParameterizedTypeName.get(VectorStep.SPECIES, box), species, Modifier.PRIVATE,
                    Modifier.STATIC, Modifier.FINAL).initializer("$T.SPECIES_PREFERRED", VectorStep.vectorClass(element))
                    .build());
            if (!booleans.contains(element)) {
                continue;
            }
            String bytes = VectorStep.byteSpecies(element);
            type.addField(FieldSpec.builder(ParameterizedTypeName.get(VectorStep.SPECIES, byteBox), bytes,
                    Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .addJavadoc("Booleans in as many lanes, or null where no byte vector has that many.\n")
                    .initializer("$L.length() >= 8 ? $T.of(byte.class, $T.forBitSize($L.length() * 8)) : null", species,
                            VectorStep.SPECIES, VectorStep.SHAPE, species)
                    .build());
            TypeName mask = ParameterizedTypeName.get(VectorStep.MASK, box);
            type.addMethod(MethodSpec.methodBuilder(VectorStep.booleanHelper(element))
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .returns(mask)
                    .addParameter(boolean[].class, "a")
                    .addParameter(TypeName.INT, "i")
                    .addStatement("return $T.fromBooleanArray($L, a, i).compare($T.NE, (byte) 0).cast($L)",
                            VectorStep.BYTE_VECTOR, bytes, VectorStep.OPERATORS, species)
                    .build());
            if (element == IrType.INT) {
                type.addMethod(MethodSpec.methodBuilder(VectorStep.onesHelper(element))
                        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                        .returns(VectorStep.vectorClass(element))
                        .addParameter(boolean[].class, "a")
                        .addParameter(TypeName.INT, "i")
                        .addStatement("return ($T) $T.fromBooleanArray($L, a, i).convertShape($T.B2I, $L, 0)",
                                VectorStep.vectorClass(element), VectorStep.BYTE_VECTOR, bytes, VectorStep.OPERATORS,
                                species)
                        .build());
            }
            type.addMethod(MethodSpec.methodBuilder(VectorStep.booleanHelper(element))
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .addParameter(mask, "m")
                    .addParameter(boolean[].class, "a")
                    .addParameter(TypeName.INT, "i")
                    .addStatement("(($T) m.cast($L).toVector()).intoBooleanArray(a, i)", VectorStep.BYTE_VECTOR, bytes)
                    .build());
        }
        type.addMethods(kernels);
        return type.build();
    }
}
