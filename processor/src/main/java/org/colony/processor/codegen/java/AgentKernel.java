package org.colony.processor.codegen.java;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import org.colony.processor.codegen.RuntimeNames;
import org.colony.processor.ir.ModelIr;
import org.colony.processor.ir.StepIr;

/**
 * The CPU kernel of an agent step: the agents in slots {@code from$..to$} of an agent block, one by one, with
 * the coordinates and storage index of each agent's place where the step uses them. A step that runs place by place
 * ({@link StepIr#byPlace}) takes the block's owned places {@code from$..to$} instead (in row order), and the agents
 * on them place after place, each place's in id order ({@code ab$.own()}): a row's run of places at a time, so its
 * work grows with the agents and the rows, not with the places.
 */
final class AgentKernel extends StepKernel {

    AgentKernel(ModelIr model, StepIr step) {
        super(model, step);
    }

    @Override
    void rangeParameters(MethodSpec.Builder method) {
        method.addParameter(RuntimeNames.AGENT_BLOCK, "ab$")
                .addParameter(TypeName.INT, "from$")
                .addParameter(TypeName.INT, "to$");
    }

    @Override
    void head(CodeBlock.Builder head) {
        head.addStatement("final $T blk$$ = ab$$.places()", RuntimeNames.CPU_BLOCK);
    }

    @Override
    CodeBlock body() {
        CodeBlock cell = instance();
        CodeBlock.Builder loop = CodeBlock.builder();
        boolean place = storage.uses("place") || storage.uses("coord0") || storage.uses("coord1")
                || storage.uses("coord2");
        boolean byPlace = step.byPlace(model);
        if (byPlace) {
            // The owned places from$..to$ (in row order) a run of a row at a time: the agents of consecutive places
            // of a row are consecutive in the index, so the work is the agents plus the rows, not the places.
            String extent0 = storage.layoutValue("extent0$", "extent0");
            String extent1 = storage.layoutValue("extent1$", "extent1");
            String start = storage.agentArray("own$start", ArrayTypeName.of(TypeName.INT), "own().start");
            String order = storage.agentArray("own$order", ArrayTypeName.of(TypeName.INT), "own().order");
            loop.beginControlFlow("for (int place$$ = from$$; place$$ < to$$; )");
            loop.addStatement("final int px$$ = place$$ % $L", extent0);
            loop.addStatement("final int prow$$ = place$$ / $L", extent0);
            loop.addStatement("final int pend$$ = Math.min(to$$, place$$ - px$$ + $L)", extent0);
            loop.addStatement("final int at$$ = $L + px$$ + prow$$ % $L * $L + prow$$ / $L * $L",
                    storage.layoutValue("base$", "base"), extent1, storage.layoutValue("strideY$", "strideY"),
                    extent1, storage.layoutValue("strideZ$", "strideZ"));
            loop.addStatement("final int kend$$ = $L[at$$ + pend$$ - place$$]", start);
            loop.addStatement("place$$ = pend$$");
            loop.beginControlFlow("for (int k$$ = $L[at$$]; k$$ < kend$$; k$$++)", start);
            loop.addStatement("final int a$$ = $L[k$$]", order);
        } else {
            loop.beginControlFlow("for (int a$$ = from$$; a$$ < to$$; a$$++)");
        }
        if (place) {
            String locations = storage.agentArray("loc$", ArrayTypeName.of(TypeName.LONG), "locations");
            String size0 = storage.layoutValue("size0$", "size0");
            String size1 = storage.layoutValue("size1$", "size1");
            loop.addStatement("final long g$$ = $L[a$$]", locations);
            loop.addStatement("final int gx$$ = (int) (g$$ % $L)", size0);
            loop.addStatement("final int gy$$ = (int) (g$$ / $L % $L)", size0, size1);
            loop.addStatement("final int gz$$ = (int) (g$$ / $L / $L)", size0, size1);
            if (storage.uses("place")) {
                loop.addStatement("final int s$$ = $L + (gx$$ - $L) + (gy$$ - $L) * $L + (gz$$ - $L) * $L",
                        storage.layoutValue("base$", "base"), storage.layoutValue("origin0$", "origin0"),
                        storage.layoutValue("origin1$", "origin1"), storage.layoutValue("strideY$", "strideY"),
                        storage.layoutValue("origin2$", "origin2"), storage.layoutValue("strideZ$", "strideZ"));
            }
        }
        loop.add(cell);
        loop.endControlFlow();
        if (byPlace) {
            loop.endControlFlow();
        }
        return loop.build();
    }
}
