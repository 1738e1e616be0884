package org.colony.tests.cuda;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.colony.cuda.internal.store.HeldKernelSource;
import org.colony.examples.heat.HeatCell;
import org.colony.kernel.ModelDescriptor;
import org.colony.runtime.spi.ModelRegistry;
import org.colony.tests.lang.HistoryCell;
import org.colony.tests.lang.JitterCell;
import org.colony.tests.lang.MixedCell;
import org.colony.tests.lang.ReachCell;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The layout of a held pass's tile (no GPU needed): its arrays, each rounded up to 16 bytes, never take more shared
 * memory than the budget the pass is planned for, whatever the sizes of its attributes (arrays too).
 */
class HeldPlanTest {

    @ParameterizedTest(name = "budget={0}")
    @ValueSource(ints = {49152, 65536, 65537, 76800, 98304, 232448})
    void aTile_fitsTheSharedMemoryItIsPlannedFor(int budget) {
        for (Class<?> model : new Class<?>[] {MixedCell.class, HeatCell.class, ReachCell.class, JitterCell.class,
                HistoryCell.class}) {
            ModelDescriptor d = ModelRegistry.descriptor(model);
            for (int depth = 2; depth <= 6; depth += 2) {
                int[] steps = new int[depth]; // the model's first step with a cell function, again and again
                int first = 0;
                while (!d.cuda().steps().get(first).cell()) {
                    first++;
                }
                Arrays.fill(steps, first);
                HeldKernelSource.Plan plan = HeldKernelSource.plan(d.info(), d.cuda().steps(), steps, 0, budget, false);
                assertNotNull(plan, model.getSimpleName() + " x" + depth + " in " + budget);
                int bytes = HeldKernelSource.sharedBytes(d.info(), plan);
                assertTrue(bytes <= budget, model.getSimpleName() + " x" + depth + ": " + bytes + " > " + budget);
            }
        }
    }
}
