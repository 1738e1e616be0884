package org.colony.processor.codegen;

import com.palantir.javapoet.ClassName;
import org.colony.kernel.AgentAction;
import org.colony.kernel.AgentBlock;
import org.colony.kernel.AgentView;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.Call;
import org.colony.kernel.Combine;
import org.colony.kernel.CpuBlock;
import org.colony.kernel.KernelSupport;
import org.colony.kernel.Layout;
import org.colony.kernel.ModelDescriptor;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.ParamInfo;
import org.colony.kernel.RandomStream;
import org.colony.kernel.ScalarType;
import org.colony.kernel.SharedInfo;
import org.colony.kernel.StepInfo;

/**
 * Every type of the kernel contract that generated code names, built once from its class literal (as Dagger's
 * {@code TypeNames}): renaming or moving one of them fails the processor's own build instead of the user's.
 */
public final class RuntimeNames {

    /** The service generated descriptors implement. */
    public static final ClassName MODEL_DESCRIPTOR = ClassName.get(ModelDescriptor.class);
    public static final ClassName MODEL_INFO = ClassName.get(ModelInfo.class);
    public static final ClassName ATTRIBUTE_INFO = ClassName.get(AttributeInfo.class);
    public static final ClassName SHARED_INFO = ClassName.get(SharedInfo.class);
    public static final ClassName STEP_INFO = ClassName.get(StepInfo.class);
    public static final ClassName PARAM_INFO = ClassName.get(ParamInfo.class);
    public static final ClassName SCALAR_TYPE = ClassName.get(ScalarType.class);
    public static final ClassName COMBINE = ClassName.get(Combine.class);
    public static final ClassName AGENT_ACTION = ClassName.get(AgentAction.class);
    public static final ClassName CALL = ClassName.get(Call.class);
    public static final ClassName CPU_BLOCK = ClassName.get(CpuBlock.class);
    public static final ClassName AGENT_BLOCK = ClassName.get(AgentBlock.class);
    public static final ClassName AGENT_VIEW = ClassName.get(AgentView.class);
    public static final ClassName LAYOUT = ClassName.get(Layout.class);
    public static final ClassName RANDOM_STREAM = ClassName.get(RandomStream.class);
    public static final ClassName KERNEL_SUPPORT = ClassName.get(KernelSupport.class);

    private RuntimeNames() {
    }
}
