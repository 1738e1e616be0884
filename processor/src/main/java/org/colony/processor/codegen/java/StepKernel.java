package org.colony.processor.codegen.java;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;
import org.colony.processor.codegen.JavaPoetTypes;
import org.colony.processor.codegen.LineMarks;
import org.colony.processor.codegen.RuntimeNames;
import org.colony.processor.ir.AttributeRef;
import org.colony.processor.ir.Ir;
import org.colony.processor.ir.Local;
import org.colony.processor.ir.ModelIr;
import org.colony.processor.ir.StepIr;

/**
 * The CPU kernel of one step, as a static method of the kernels class: its head (parameters, the prologue of
 * columns, layout values and offsets the body uses, the random stream), the loop its subclass shapes around
 * the work of one instance, and the predicate's count. {@link PlaceKernel} loops over cells, {@link AgentKernel}
 * over agent slots.
 */
abstract class StepKernel {

    final ModelIr model;
    final StepIr step;
    final JavaStorage storage;
    final JavaExpressions printer;
    final JavaStatements statements;

    StepKernel(ModelIr model, StepIr step) {
        this.model = model;
        this.step = step;
        this.storage = new JavaStorage(model, step);
        this.printer = new JavaExpressions(storage);
        this.statements = new JavaStatements(step, storage, printer);
    }

    /** Adds the block and range parameters of the kernel. */
    abstract void rangeParameters(MethodSpec.Builder method);

    /** The loop over the kernel's range, around the work of one instance. */
    abstract CodeBlock body();

    /** Statements of the head before the layout: guards, and the places of an agent kernel. */
    void head(CodeBlock.Builder head) {
    }

    /** The kernel's vector form, where this kernel is one (a {@code Vectors} method); else null. */
    VectorStep vector() {
        return null;
    }

    /** The kernel method. */
    final MethodSpec method() {
        VectorStep vector = vector();
        MethodSpec.Builder method = MethodSpec.methodBuilder(step.name())
                .addModifiers(Modifier.STATIC)
                .addJavadoc("Step {@code $L} ($L:$L)$L.\n", step.name(), step.sourceFile(), step.line(),
                        vector == null ? "" : ", a vector of cells at a time; false where the machine's vectors cannot")
                .returns(vector != null ? TypeName.BOOLEAN : step.predicate() ? TypeName.LONG : TypeName.VOID);
        rangeParameters(method);
        for (Local p : step.params()) {
            method.addParameter(JavaPoetTypes.of(p.type()), p.name());
        }
        // Print the body first: that records which columns, layout values and offsets it needs.
        CodeBlock body = body();
        CodeBlock.Builder head = CodeBlock.builder().add(LineMarks.at(0));
        head(head);
        head.addStatement("final $T layout$$ = blk$$.layout()", RuntimeNames.LAYOUT);
        for (CodeBlock declaration : storage.declarations()) {
            head.addStatement("$L", declaration);
        }
        if (step.usesRandom()) {
            String block = model.agent() ? "ab$" : "blk$";
            head.addStatement("final $T rng$$ = new $T($L.call().seed(), $L.call().epoch())", RuntimeNames.RANDOM_STREAM,
                    RuntimeNames.RANDOM_STREAM, block, block);
        }
        for (Map.Entry<String, String> offset : storage.offsetLocals().entrySet()) {
            head.addStatement("final int $L = $L", offset.getValue(), offset.getKey());
        }
        if (step.predicate()) {
            head.addStatement("long count$$ = 0");
        }
        method.addCode(head.build());
        method.addCode(body);
        if (step.predicate()) {
            method.addStatement("return count$$");
        }
        if (vector != null) {
            method.addStatement("return true");
        }
        return method.build();
    }

    /** The work of one instance: buffered values in locals, the body, write-back, the predicate count. */
    final CodeBlock instance() {
        String self = storage.self();
        CodeBlock.Builder work = CodeBlock.builder();
        List<CodeBlock> writeBack = new ArrayList<>();
        for (AttributeRef a : model.attributes()) {
            if (!storage.buffered(a)) {
                continue;
            }
            if (a.isArray()) {
                work.beginControlFlow("for (int k$$ = 0; k$$ < $L; k$$++)", a.length());
                work.addStatement("$L[k$$][$L] = $L[k$$][$L]", storage.next(a), self, storage.column(a), self);
                work.endControlFlow();
            } else {
                work.addStatement("$L $L$$self = $L[$L]", a.type().javaName(), a.name(), storage.column(a), self);
                writeBack.add(CodeBlock.of("$L[$L] = $L$$self", storage.next(a), self, a.name()));
            }
        }
        if (step.usesRandom()) {
            work.addStatement("rng$$.reset($L)", model.agent() ? CodeBlock.of("$L[a$$]", storage.ids())
                    : printer.print(Ir.selfIndex(model)));
        }
        statements.print(step.body(), work);
        work.add(LineMarks.at(0));
        for (CodeBlock write : writeBack) {
            work.addStatement("$L", write);
        }
        if (step.predicate()) {
            work.beginControlFlow("if ($L)", step.result().name());
            work.addStatement("count$$++");
            work.endControlFlow();
        }
        return work.build();
    }
}
