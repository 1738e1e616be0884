package org.colony.kernel.cuda;

import java.util.List;

/**
 * How the CUDA backend launches one step.
 *
 * @param kernel the step's kernel
 * @param swar the step's SWAR form (four cells in the byte lanes of a 32-bit word), which the backend may launch
 *     instead, with the same parameters; null when the step has none
 * @param params the parameters both kernels declare, in order; the first is the {@link KernelParam.Kind#FRAME}
 */
public record CudaStep(CudaKernel kernel, CudaKernel swar, List<KernelParam> params) {
}
