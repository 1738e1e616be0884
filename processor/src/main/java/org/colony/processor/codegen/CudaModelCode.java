package org.colony.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import java.util.List;
import org.colony.kernel.cuda.CudaKernel;
import org.colony.kernel.cuda.CudaModel;
import org.colony.kernel.cuda.CudaStep;
import org.colony.kernel.cuda.KernelParam;

/**
 * Prints a model's {@link CudaModel} as the Java expression that builds it again, for the descriptor to carry it
 * to the CUDA backend: the value the kernels were printed from, field by field, so that nothing the backend reads
 * is worked out again on its side.
 */
final class CudaModelCode {

    private static final ClassName CUDA_MODEL = RuntimeNames.CUDA_MODEL;
    private static final ClassName CUDA_STEP = RuntimeNames.CUDA_STEP;
    private static final ClassName CUDA_KERNEL = RuntimeNames.CUDA_KERNEL;
    private static final ClassName KERNEL_PARAM = RuntimeNames.KERNEL_PARAM;
    private static final ClassName KIND = RuntimeNames.KERNEL_PARAM_KIND;

    private CudaModelCode() {
    }

    /** {@code new CudaModel(resource, List.of(steps, one a line), List.of(symbols))}. */
    static CodeBlock of(CudaModel cuda) {
        return CodeBlock.builder()
                .add("new $T($S,\n$>$>", CUDA_MODEL, cuda.resource())
                .add("$T.of($L),\n", List.class, cuda.steps().stream().map(CudaModelCode::step)
                        .collect(CodeBlock.joining(",")))
                .add("$T.of($L))$<$<", List.class, cuda.sharedSymbols().stream().map(s -> CodeBlock.of("$S", s))
                        .collect(CodeBlock.joining(", ")))
                .build();
    }

    private static CodeBlock step(CudaStep step) {
        return CodeBlock.of("\nnew $T($L, $L,\n$>$>$T.of($L)$L)$<$<", CUDA_STEP, kernel(step.kernel()),
                step.swar() == null ? CodeBlock.of("null") : kernel(step.swar()), List.class,
                step.params().stream().map(CudaModelCode::param).collect(CodeBlock.joining(", ")),
                step.warp() ? ", " + step.cell() + ", " + step.bits() + ", " + step.interior() + ", true"
                        : step.interior() ? ", true, " + step.bits() + ", true"
                        : step.bits() ? ", true, true" : step.cell() ? ", true" : "");
    }

    private static CodeBlock kernel(CudaKernel kernel) {
        return kernel.marches() ? CodeBlock.of("$T.marching($S, $L, $L)", CUDA_KERNEL, kernel.name(), kernel.lanes(),
                kernel.rows()) : CodeBlock.of("$T.single($S)", CUDA_KERNEL, kernel.name());
    }

    private static CodeBlock param(KernelParam param) {
        return switch (param.kind()) {
            case FRAME -> CodeBlock.of("$T.frame()", KERNEL_PARAM);
            case COLUMN -> CodeBlock.of("$T.column($L)", KERNEL_PARAM, param.index());
            case NEXT -> CodeBlock.of("$T.next($L)", KERNEL_PARAM, param.index());
            case ARGUMENT -> CodeBlock.of("$T.argument($L)", KERNEL_PARAM, param.index());
            case GRAPH -> CodeBlock.of("$T.graph($L)", KERNEL_PARAM, param.index());
            case EDGE -> CodeBlock.of("$T.edge($L, $L)", KERNEL_PARAM, param.slot() == 1, param.index());
            case INDEXED_COLUMN -> CodeBlock.of("$T.indexedColumn($L, $L)", KERNEL_PARAM, param.slot(), param.index());
            case INDEXED_INCOMING -> CodeBlock.of("$T.indexedIncoming($L, $L)", KERNEL_PARAM, param.slot(),
                    param.index());
            case IDS, LOCATIONS, KILLED, TARGETS, SPAWNS, BIRTH_PLACES, BIRTH_SPREADS, ORDINALS, OWN_START, OWN_ORDER, COUNTER
                    ->
                    CodeBlock.of("$T.of($T.$L)", KERNEL_PARAM, KIND, param.kind().name());
            case PLACE_COLUMN, CONTRIBUTION, WROTE ->
                    CodeBlock.of("$T.place($T.$L, $L)", KERNEL_PARAM, KIND, param.kind().name(), param.index());
            case INDEX_START, INDEX_COUNTS, INDEX_ORDER, INDEX_IDS, INDEX_PITCH, INDEXED_KILLED, CREATES ->
                    CodeBlock.of("$T.index($T.$L, $L)", KERNEL_PARAM, KIND, param.kind().name(), param.slot());
        };
    }
}
