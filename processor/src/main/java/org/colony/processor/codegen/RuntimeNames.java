package org.colony.processor.codegen;

import com.palantir.javapoet.ClassName;
import org.colony.kernel.AgentAction;
import org.colony.kernel.AgentBlock;
import org.colony.kernel.AgentView;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.EdgeInfo;
import org.colony.kernel.Call;
import org.colony.kernel.Combine;
import org.colony.kernel.CpuBlock;
import org.colony.kernel.GraphRows;
import org.colony.kernel.KernelSupport;
import org.colony.kernel.Layout;
import org.colony.kernel.ModelDescriptor;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.ParamInfo;
import org.colony.kernel.RandomStream;
import org.colony.kernel.ScalarType;
import org.colony.kernel.SharedInfo;
import org.colony.kernel.SourceLines;
import org.colony.kernel.StepInfo;
import org.colony.kernel.cuda.CudaKernel;
import org.colony.kernel.cuda.CudaModel;
import org.colony.kernel.cuda.CudaStep;
import org.colony.kernel.cuda.KernelParam;

/**
 * Every type of the kernel contract that generated code names, built once from its class literal (as Dagger's
 * {@code TypeNames}): renaming or moving one of them fails the processor's own build instead of the user's.
 */
public final class RuntimeNames {

    /** The service generated descriptors implement. */
    public static final ClassName MODEL_DESCRIPTOR = ClassName.get(ModelDescriptor.class);
    /** What a descriptor says of its model. */
    public static final ClassName MODEL_INFO = ClassName.get(ModelInfo.class);
    /** An attribute in a model's description. */
    public static final ClassName ATTRIBUTE_INFO = ClassName.get(AttributeInfo.class);
    /** {@code org.colony.kernel.EdgeInfo}. */
    public static final ClassName EDGE_INFO = ClassName.get(EdgeInfo.class);
    /** A shared attribute in a model's description. */
    public static final ClassName SHARED_INFO = ClassName.get(SharedInfo.class);
    /** A step in a model's description. */
    public static final ClassName STEP_INFO = ClassName.get(StepInfo.class);
    /** A step's parameter in a model's description. */
    public static final ClassName PARAM_INFO = ClassName.get(ParamInfo.class);
    /** The primitive type of an attribute, shared value or parameter. */
    public static final ClassName SCALAR_TYPE = ClassName.get(ScalarType.class);
    /** How agents' writes of a place attribute combine. */
    public static final ClassName COMBINE = ClassName.get(Combine.class);
    /** The life-cycle intents an agent step records. */
    public static final ClassName AGENT_ACTION = ClassName.get(AgentAction.class);
    /** One call of a step, which descriptors dispatch on. */
    public static final ClassName CALL = ClassName.get(Call.class);
    /** The storage of a block of places, as CPU kernels see it. */
    public static final ClassName CPU_BLOCK = ClassName.get(CpuBlock.class);
    /** The storage of an agent collection, as CPU agent kernels see it. */
    public static final ClassName AGENT_BLOCK = ClassName.get(AgentBlock.class);
    /** The agents of a collection grouped by place, as kernels iterate them. */
    public static final ClassName AGENT_VIEW = ClassName.get(AgentView.class);
    /** Where a block's places live in its columns. */
    public static final ClassName LAYOUT = ClassName.get(Layout.class);
    /** The random stream steps draw from. */
    public static final ClassName RANDOM_STREAM = ClassName.get(RandomStream.class);
    /** The small helpers CPU kernels call. */
    public static final ClassName KERNEL_SUPPORT = ClassName.get(KernelSupport.class);
    /** The edges of a block of graph places. */
    public static final ClassName GRAPH_ROWS = ClassName.get(GraphRows.class);
    /** The table from lines of the CPU kernels to lines of the model ({@code ModelDescriptor.sourceLines()}). */
    public static final ClassName SOURCE_LINES = ClassName.get(SourceLines.class);
    /** The CUDA launch facts a descriptor carries ({@code ModelDescriptor.cuda()}). */
    public static final ClassName CUDA_MODEL = ClassName.get(CudaModel.class);
    /** One step's kernels and parameters in the CUDA launch facts. */
    public static final ClassName CUDA_STEP = ClassName.get(CudaStep.class);
    /** One generated CUDA kernel's name and geometry. */
    public static final ClassName CUDA_KERNEL = ClassName.get(CudaKernel.class);
    /** One parameter of a generated CUDA kernel. */
    public static final ClassName KERNEL_PARAM = ClassName.get(KernelParam.class);
    /** What a kernel parameter is. */
    public static final ClassName KERNEL_PARAM_KIND = ClassName.get(KernelParam.Kind.class);

    private RuntimeNames() {
    }
}
