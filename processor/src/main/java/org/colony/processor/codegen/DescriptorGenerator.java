package org.colony.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Modifier;
import org.colony.kernel.AgentAction;
import org.colony.kernel.Combine;
import org.colony.processor.ir.AttributeRef;
import org.colony.processor.ir.IrType;
import org.colony.processor.ir.Local;
import org.colony.processor.ir.ModelIr;
import org.colony.processor.ir.SharedRef;
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

    /** The simple name of the descriptor class of a model. */
    public static String className(ModelIr model) {
        return model.simpleName() + "_Model";
    }

    /**
     * Builds the descriptor class.
     *
     * @param modelClass the model class it describes
     * @param kernels the class of the model's CPU kernels, which {@code run} and {@code count} call
     */
    public TypeSpec generate(ModelIr model, ClassName modelClass, ClassName kernels) {
        CodeBlock.Builder info = CodeBlock.builder().add("new $T($T.class, ", MODEL_INFO, modelClass);
        if (model.agent()) {
            info.add("$L.class, ", model.place().ref().qualifiedName());
        } else {
            info.add("null, ");
        }
        info.add("$T.of(", List.class);
        for (int i = 0; i < model.agentModels().size(); i++) {
            info.add(i == 0 ? "$L.class" : ", $L.class", model.agentModels().get(i).ref().qualifiedName());
        }
        info.add("), $L, $L,\n$>$>", model.dimensions(), model.minDimensions());
        info.add("$T.of(", List.class);
        for (int i = 0; i < model.attributes().size(); i++) {
            AttributeRef a = model.attributes().get(i);
            info.add("$L\nnew $T($S, $T.$L, $L, $L)", i == 0 ? "" : ",", ATTRIBUTE_INFO, a.name(), SCALAR_TYPE,
                    a.type().scalar().name(), a.length(), model.doubleBuffered().get(i));
        }
        info.add("),\n$T.of(", List.class);
        for (int i = 0; i < model.shared().size(); i++) {
            SharedRef s = model.shared().get(i);
            info.add("$L\nnew $T($S, $T.$L, $L)", i == 0 ? "" : ",", SHARED_INFO, s.name(), SCALAR_TYPE, s.type().scalar().name(),
                    s.length());
        }
        info.add("),\n$T.of(", List.class);
        for (int i = 0; i < model.steps().size(); i++) {
            StepIr st = model.steps().get(i);
            CodeBlock.Builder params = CodeBlock.builder().add("$T.of(", List.class);
            for (int j = 0; j < st.params().size(); j++) {
                Local p = st.params().get(j);
                params.add("$Lnew $T($S, $T.$L)", j == 0 ? "" : ", ", PARAM_INFO, p.name(), SCALAR_TYPE,
                        p.type().scalar().name());
            }
            params.add(")");
            CodeBlock.Builder writes = CodeBlock.builder().add("$T.ofEntries(", Map.class);
            boolean first = true;
            for (Map.Entry<Integer, Combine> w : st.placeWrites().entrySet()) {
                writes.add(first ? "$T.entry($L, $T.$L)" : ", $T.entry($L, $T.$L)", Map.class, w.getKey(), COMBINE,
                        w.getValue().name());
                first = false;
            }
            writes.add(")");
            CodeBlock.Builder actions = CodeBlock.builder().add("$T.of(", Set.class);
            first = true;
            for (AgentAction a : st.actions()) {
                actions.add(first ? "$T.$L" : ", $T.$L", AGENT_ACTION, a.name());
                first = false;
            }
            actions.add(")");
            info.add("$L\nnew $T($S, $L, $L, $L, $L, $L, $L, $L, $L, $L, $L, $L, $L, $L, $L, $S)", i == 0 ? "" : ",",
                    STEP_INFO, st.name(), params.build(), st.predicate(), setOf(st.writes()), setOf(st.remoteReads()),
                    setOf(st.placeRemoteReads()), writes.build(), setOf(st.iterates()), setOf(st.remoteAgents()),
                    setOf(st.remoteAgentRows()), actions.build(), st.reach(),
                    st.usesRandom(), st.boundaryOnly(), st.readsTime(), st.sourceFile() + ":" + st.line());
        }
        info.add("))$<$<");

        MethodSpec.Builder run = dispatch("run", TypeName.VOID, model, kernels, false, false);
        MethodSpec.Builder count = dispatch("count", TypeName.LONG, model, kernels, true, false);

        return TypeSpec.classBuilder(className(model))
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(DESCRIPTOR)
                .addJavadoc("Colony's description of {@link $T}, found through {@link java.util.ServiceLoader}.\n",
                        modelClass)
                .addField(FieldSpec.builder(MODEL_INFO, "INFO", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .initializer(info.build()).build())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PUBLIC)
                        .addJavadoc("For {@link java.util.ServiceLoader}.\n").build())
                .addMethod(MethodSpec.methodBuilder("info").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                        .returns(MODEL_INFO).addStatement("return INFO").build())
                .addMethod(run.build())
                .addMethod(count.build())
                .addMethods(model.agent() ? List.of(
                        dispatch("runAgents", TypeName.VOID, model, kernels, false, true).build(),
                        dispatch("countAgents", TypeName.LONG, model, kernels, true, true).build()) : List.of())
                .build();
    }

    private static CodeBlock setOf(Set<Integer> values) {
        CodeBlock.Builder b = CodeBlock.builder().add("$T.of(", Set.class);
        boolean first = true;
        for (int v : values) {
            b.add(first ? "$L" : ", $L", v);
            first = false;
        }
        return b.add(")").build();
    }

    private static MethodSpec.Builder dispatch(String name, TypeName returns, ModelIr model, ClassName kernels,
            boolean predicates, boolean agents) {
        MethodSpec.Builder m = MethodSpec.methodBuilder(name).addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC).returns(returns);
        if (agents) {
            m.addParameter(RuntimeNames.AGENT_BLOCK, "block")
                    .addParameter(TypeName.INT, "from")
                    .addParameter(TypeName.INT, "to");
        } else {
            m.addParameter(RuntimeNames.CPU_BLOCK, "block")
                    .addParameter(TypeName.INT, "row0")
                    .addParameter(TypeName.INT, "row1")
                    .addParameter(TypeName.INT, "x0")
                    .addParameter(TypeName.INT, "x1");
        }
        m.addStatement("final $T call = block.call()", RuntimeNames.CALL);
        m.beginControlFlow("switch (call.step())");
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
                m.addStatement("case $L: return $L", i, call.build());
            } else {
                m.addCode("case $L:\n$>", i).addStatement("$L", call.build()).addStatement("return").addCode("$<");
            }
        }
        m.addStatement("default: throw new $T($S + call.step())", IllegalArgumentException.class,
                model.simpleName() + " has no " + (predicates ? "predicate " : "") + "step number ");
        m.endControlFlow();
        return m;
    }
}
