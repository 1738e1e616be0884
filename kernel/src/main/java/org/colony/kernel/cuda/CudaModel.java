package org.colony.kernel.cuda;

import java.util.List;

/**
 * What the CUDA backend needs to run a model, as the processor wrote it next to the model's CUDA source.
 *
 * @param resource the class-path resource of the model's CUDA source, compiled at run time by NVRTC
 * @param steps per step of the model (in {@code ModelInfo.steps()} order), its kernels and their parameters
 * @param sharedSymbols per shared attribute (in {@code ModelInfo.shared()} order), its {@code __constant__} symbol
 */
public record CudaModel(String resource, List<CudaStep> steps, List<String> sharedSymbols) {
}
