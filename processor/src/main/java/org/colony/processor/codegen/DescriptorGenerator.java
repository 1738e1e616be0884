package org.colony.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Modifier;
import org.colony.kernel.cuda.CudaModel;
import org.colony.processor.ir.AttributeRef;
import org.colony.processor.ir.EdgeShape;
import org.colony.processor.ir.IrType;
import org.colony.processor.ir.ModelIr;
import org.colony.processor.ir.StepIr;

/**
 * Writes the descriptor of a model ({@code HeatCell_Model}): the description the runtime reads
 * through {@link java.util.ServiceLoader}, and the dispatch from step numbers to CPU kernels.
 */
public final class DescriptorGenerator {

    /** The service interface descriptors implement. */
    public static final ClassName DESCRIPTOR = RuntimeNames.MODEL_DESCRIPTOR;
    private static final ClassName MODEL_INFO = RuntimeNames.MODEL_INFO;
    private static final ClassName ATTRIBUTE_INFO = RuntimeNames.ATTRIBUTE_INFO;
    private static final ClassName SHARED_INFO = RuntimeNames.SHARED_INFO;
    private static final ClassName STEP_INFO = RuntimeNames.STEP_INFO;
    private static final ClassName PARAM_INFO = RuntimeNames.PARAM_INFO;
    private static final ClassName SCALAR_TYPE = RuntimeNames.SCALAR_TYPE;
    private static final ClassName COMBINE = RuntimeNames.COMBINE;
    private static final ClassName AGENT_ACTION = RuntimeNames.AGENT_ACTION;
    private static final ClassName CUDA_MODEL = RuntimeNames.CUDA_MODEL;
    private static final ClassName SOURCE_LINES = RuntimeNames.SOURCE_LINES;

    /** The simple name of the descriptor class of a model. */
    public static String className(ModelIr model) {
        return model.simpleName() + "_Model";
    }

    /**
     * Builds the descriptor class.
     *
     * @param modelClass the model class it describes
     * @param kernels the class of the model's CPU kernels, which {@code run} and {@code count} call
     * @param cuda what the CUDA backend needs to launch the model's kernels, as they were printed
     * @param lines the table of the kernels class's {@link LineMarks}, as its writer returned it
     */
    public TypeSpec generate(ModelIr model, ClassName modelClass, ClassName kernels, CudaModel cuda, int[] lines) {
        CodeBlock info = CodeBlock.builder()
                .add("new $T($T.class, ", MODEL_INFO, modelClass)
                .add(model.agent() ? CodeBlock.of("$T.class, ", JavaPoetTypes.of(model.place()))
                        : CodeBlock.of("null, "))
                .add("$T.of($L), $L, $L,\n$>$>", List.class, model.agentModels().stream()
                        .map(m -> CodeBlock.of("$T.class", JavaPoetTypes.of(m))).collect(CodeBlock.joining(", ")),
                        model.dimensions(), model.minDimensions())
                .add("$T.of($L),\n", List.class, attributes(model))
                .add("$T.of($L),\n", List.class, model.shared().stream()
                        .map(s -> CodeBlock.of("\nnew $T($S, $T.$L, $L)", SHARED_INFO, s.name(), SCALAR_TYPE,
                                s.type().scalar().name(), s.length()))
                        .collect(CodeBlock.joining(",")))
                .add("$T.of($L),\n$L, $L)$<$<", List.class, model.steps().stream()
                        .map(step -> step(model, step)).collect(CodeBlock.joining(",")), model.priority(),
                        edges(model.edges()))
                .build();

        MethodSpec.Builder run = dispatch("run", TypeName.VOID, model, kernels, false, false);
        MethodSpec.Builder count = dispatch("count", TypeName.LONG, model, kernels, true, false);

        return TypeSpec.classBuilder(className(model))
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(DESCRIPTOR)
                .addJavadoc("Colony's description of {@link $T}, found through {@link java.util.ServiceLoader}.\n",
                        modelClass)
                .addField(FieldSpec.builder(MODEL_INFO, "INFO", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .initializer(info).build())
                .addField(FieldSpec.builder(CUDA_MODEL, "CUDA", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .initializer(CudaModelCode.of(cuda)).build())
                .addField(FieldSpec.builder(SOURCE_LINES, "LINES", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .initializer(sourceLines(model, kernels, lines)).build())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PUBLIC)
                        .addJavadoc("For {@link java.util.ServiceLoader}.\n").build())
                .addMethod(MethodSpec.methodBuilder("info").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                        .returns(MODEL_INFO).addStatement("return INFO").build())
                .addMethod(MethodSpec.methodBuilder("cuda").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                        .returns(CUDA_MODEL).addStatement("return CUDA").build())
                .addMethod(MethodSpec.methodBuilder("sourceLines").addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC).returns(SOURCE_LINES).addStatement("return LINES").build())
                .addMethod(run.build())
                .addMethod(count.build())
                .addMethods(model.agent() ? List.of(
                        dispatch("runAgents", TypeName.VOID, model, kernels, false, true).build(),
                        dispatch("countAgents", TypeName.LONG, model, kernels, true, true).build()) : List.of())
                .build();
    }

    /** The table from lines of the kernels class to lines of the model, eight pairs a line. */
    private static CodeBlock sourceLines(ModelIr model, ClassName kernels, int[] lines) {
        String file = model.steps().isEmpty() ? model.simpleName() + ".java" : model.steps().get(0).sourceFile();
        CodeBlock.Builder code = CodeBlock.builder().add("$T.of($S, $S", SOURCE_LINES, kernels.reflectionName(), file);
        for (int i = 0; i < lines.length; i += 2) {
            code.add(i % 16 == 0 ? ",\n$>$>$L, $L$<$<" : ", $L, $L", lines[i], lines[i + 1]);
        }
        return code.add(")").build();
    }

    /** The attributes of a model, one {@code AttributeInfo} a line. */
    private static CodeBlock attributes(ModelIr model) {
        List<CodeBlock> attributes = new ArrayList<>();
        for (int i = 0; i < model.attributes().size(); i++) {
            AttributeRef a = model.attributes().get(i);
            attributes.add(CodeBlock.of("\nnew $T($S, $T.$L, $L, $L)", ATTRIBUTE_INFO, a.name(), SCALAR_TYPE,
                    a.type().scalar().name(), a.length(), model.doubleBuffered().get(i)));
        }
        return CodeBlock.join(attributes, ",");
    }

    /** The {@code EdgeInfo} of the model's edge class, or {@code null}. */
    private static CodeBlock edges(EdgeShape edges) {
        if (edges == null) {
            return CodeBlock.of("null");
        }
        return CodeBlock.of("new $T($T.class, $T.of($L))", RuntimeNames.EDGE_INFO,
                JavaPoetTypes.named(edges.binaryName(), edges.qualifiedName()), List.class, edges.attributes().stream()
                        .map(a -> CodeBlock.of("\nnew $T($S, $T.$L, 0, false)", ATTRIBUTE_INFO, a.name(), SCALAR_TYPE,
                                a.type().scalar().name()))
                        .collect(CodeBlock.joining(",")));
    }

    /** The {@code StepInfo} of a step, on a line of its own. */
    private static CodeBlock step(ModelIr model, StepIr step) {
        CodeBlock params = CodeBlock.of("$T.of($L)", List.class, step.params().stream()
                .map(p -> CodeBlock.of("new $T($S, $T.$L)", PARAM_INFO, p.name(), SCALAR_TYPE,
                        p.type().scalar().name()))
                .collect(CodeBlock.joining(", ")));
        CodeBlock writes = CodeBlock.of("$T.ofEntries($L)", Map.class, step.placeWrites().entrySet().stream()
                .map(w -> CodeBlock.of("$T.entry($L, $T.$L)", Map.class, w.getKey(), COMBINE, w.getValue().name()))
                .collect(CodeBlock.joining(", ")));
        CodeBlock actions = CodeBlock.of("$T.of($L)", Set.class, step.actions().stream()
                .map(a -> CodeBlock.of("$T.$L", AGENT_ACTION, a.name()))
                .collect(CodeBlock.joining(", ")));
        CodeBlock agentWrites = CodeBlock.of("$T.ofEntries($L)", Map.class, step.agentWrites().entrySet().stream()
                .map(e -> CodeBlock.of("$T.entry($L, $T.ofEntries($L))", Map.class, e.getKey(), Map.class,
                        e.getValue().entrySet().stream().map(w -> CodeBlock.of("$T.entry($L, $T.$L)", Map.class,
                                w.getKey(), COMBINE, w.getValue().name())).collect(CodeBlock.joining(", "))))
                .collect(CodeBlock.joining(", ")));
        return CodeBlock.of("\nnew $T($S, $L, $L, $L, $L, $L, $L, $L, $L, $L, $L, $L, $L, $L, $L, $S, $L, $L, $L, $L, $L)",
                STEP_INFO, step.name(), params, step.predicate(), setOf(step.writes()), setOf(step.remoteReads()),
                setOf(step.placeRemoteReads()), writes, setOf(step.iterates()), setOf(step.remoteAgents()),
                setOf(step.remoteAgentRows()), actions, step.reach(), step.usesRandom(), step.boundaryOnly(),
                step.readsTime(), step.sourceFile() + ":" + step.line(), agentWrites, setOf(step.agentKills()),
                setOf(step.creates()), setOf(step.agentWritesAcross()), step.byPlace(model));
    }

    private static CodeBlock setOf(Set<Integer> values) {
        return CodeBlock.of("$T.of($L)", Set.class, values.stream().map(v -> CodeBlock.of("$L", v))
                .collect(CodeBlock.joining(", ")));
    }

    private static MethodSpec.Builder dispatch(String name, TypeName returns, ModelIr model, ClassName kernels,
            boolean predicates, boolean agents) {
        MethodSpec.Builder method = MethodSpec.methodBuilder(name).addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC).returns(returns);
        if (agents) {
            method.addParameter(RuntimeNames.AGENT_BLOCK, "block")
                    .addParameter(TypeName.INT, "from")
                    .addParameter(TypeName.INT, "to");
        } else {
            method.addParameter(RuntimeNames.CPU_BLOCK, "block")
                    .addParameter(TypeName.INT, "row0")
                    .addParameter(TypeName.INT, "row1")
                    .addParameter(TypeName.INT, "x0")
                    .addParameter(TypeName.INT, "x1");
        }
        method.addStatement("final $T call = block.call()", RuntimeNames.CALL);
        method.beginControlFlow("switch (call.step())");
        for (int i = 0; i < model.steps().size(); i++) {
            StepIr st = model.steps().get(i);
            if (st.predicate() != predicates || model.agent() != agents) {
                continue;
            }
            CodeBlock.Builder call = CodeBlock.builder().add(agents ? "$T.$L(block, from, to" : "$T.$L(block, row0, row1, x0, x1",
                    kernels, st.name());
            for (int j = 0; j < st.params().size(); j++) {
                IrType t = st.params().get(j).type();
                call.add(", ($T) call.args()[$L]", JavaPoetTypes.boxed(t), j);
            }
            call.add(")");
            if (predicates) {
                method.addStatement("case $L: return $L", i, call.build());
            } else {
                method.addCode("case $L:\n$>", i).addStatement("$L", call.build()).addStatement("return").addCode("$<");
            }
        }
        method.addStatement("default: throw new $T($S + call.step())", IllegalArgumentException.class,
                model.simpleName() + " has no " + (predicates ? "predicate " : "") + "step number ");
        method.endControlFlow();
        return method;
    }
}
