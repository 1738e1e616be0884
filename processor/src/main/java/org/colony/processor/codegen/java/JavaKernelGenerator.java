package org.colony.processor.codegen.java;

import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Modifier;
import org.colony.kernel.cuda.CudaModel;
import org.colony.processor.ir.IrType;
import org.colony.processor.ir.ModelIr;
import org.colony.processor.ir.StepIr;

/**
 * Writes the CPU kernels of a model ({@code HeatCell_Kernels}): one static method per step. A place
 * kernel runs the translated body over a range of rows of a block ({@link PlaceKernel}); an agent kernel over a
 * range of agent slots ({@link AgentKernel}). Both read and write structure-of-arrays columns directly.
 * Instance-own values of attributes a step buffers live in a local for the whole step and are stored to the
 * second column at the end.
 *
 * <p>Where the compilation can see {@code jdk.incubator.vector}, a place step that {@link VectorStep}
 * accepts gets a second kernel in the nested class {@code Vectors} that runs a row's cells a vector at a
 * time ({@link VectorKernel}); the scalar kernel calls it first when the running JVM has the module
 * ({@code KernelSupport.VECTORS}). A place step of a two-dimensional model that has the CUDA backend's bit-sliced
 * form also gets one on the CPU, in the nested class {@code Bits} ({@link BitsKernel}), which the scalar kernel
 * tries first ({@code KernelSupport.BITS}).
 */
public final class JavaKernelGenerator {

    /** The name of the kernels class of a model. */
    public static String className(ModelIr model) {
        return model.simpleName() + "_Kernels";
    }

    /**
     * Builds the kernels class.
     *
     * @param vectors whether the compilation can use {@code jdk.incubator.vector}, so that steps that allow
     *     it get a vector form (and a bit-sliced one)
     * @param cuda the model's CUDA launch facts, which say which steps have a bit-sliced form
     */
    public TypeSpec generate(ModelIr model, boolean vectors, CudaModel cuda) {
        TypeSpec.Builder type = TypeSpec.classBuilder(className(model))
                .addModifiers(Modifier.FINAL)
                .addJavadoc("CPU kernels of {@code $L}: one method per step, over a range of $L.\n",
                        model.qualifiedName(), model.agent() ? "agent slots" : "rows of a block")
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        List<MethodSpec> vectorKernels = new ArrayList<>();
        List<MethodSpec> bitKernels = new ArrayList<>();
        Set<IrType> elements = new LinkedHashSet<>();
        Set<IrType> booleans = new LinkedHashSet<>();
        for (StepIr step : model.steps()) {
            VectorStep vector = vectors
                    ? VectorStep.of(model, step, model.dimensions() >= 1 && PlaceKernel.usesOnBoundary(step)) : null;
            if (vector != null) {
                vectorKernels.add(new VectorKernel(model, step, vector).method());
                elements.add(vector.element());
                if (vector.booleans()) {
                    booleans.add(vector.element());
                }
            }
            BitsKernel bits = vectors ? BitsKernel.of(model, step, cuda) : null;
            if (bits != null) {
                bitKernels.addAll(bits.methods());
            }
            StepKernel kernel = model.agent() ? new AgentKernel(model, step)
                    : new PlaceKernel(model, step, vector != null, bits != null);
            type.addMethod(kernel.method());
        }
        if (!vectorKernels.isEmpty()) {
            type.addType(VectorKernel.nestedClass(vectorKernels, elements, booleans));
        }
        if (!bitKernels.isEmpty()) {
            type.addType(BitsKernel.nestedClass(bitKernels));
        }
        return type.build();
    }
}
