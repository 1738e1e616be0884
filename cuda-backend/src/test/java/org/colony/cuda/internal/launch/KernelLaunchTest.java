package org.colony.cuda.internal.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.colony.cuda.tuning.CudaSwitches;
import org.colony.kernel.cuda.CudaKernel;
import org.colony.kernel.cuda.CudaStep;
import org.colony.kernel.cuda.KernelParam;
import org.junit.jupiter.api.Test;

/** Which kernel a step launches, and with what geometry, from its generated launch facts: no GPU needed. */
class KernelLaunchTest {

    private static final List<KernelParam> PARAMS = List.of(KernelParam.frame(), KernelParam.column(0),
            KernelParam.next(0));
    /** GameOfLife's update: a marching kernel with a SWAR form. */
    private static final CudaStep UPDATE = new CudaStep(CudaKernel.marching("LifeCell__update", 2, 32),
            CudaKernel.marching("LifeCell__update__swar", 4, 32), PARAMS);
    /** A step of one thread per cell. */
    private static final CudaStep SEED = new CudaStep(CudaKernel.single("LifeCell__seed"), null, PARAMS);

    @Test
    void aStepWithASwarForm_launchesIt_fourAdjacentCellsPerThread() {
        assertEquals(new ModelKernels.Launch("LifeCell__update__swar", true, true, 4, 32),
                ModelKernels.Launch.of(UPDATE, true, 0));
    }

    @Test
    void theLanesOverride_leavesTheSwarFormAlone_andSetsTheOrdinaryKernels() {
        assertEquals(new ModelKernels.Launch("LifeCell__update__swar", true, true, 4, 32),
                ModelKernels.Launch.of(UPDATE, true, 3));
        assertEquals(new ModelKernels.Launch("LifeCell__update", true, false, 3, 32),
                ModelKernels.Launch.of(UPDATE, false, 3));
    }

    @Test
    void withSwarFormsOff_theOrdinaryKernelMarchesAsDeclared() {
        assertEquals(new ModelKernels.Launch("LifeCell__update", true, false, 2, 32),
                ModelKernels.Launch.of(UPDATE, false, 0));
    }

    @Test
    void stepsThatDoNotMarch_runOneCellPerThread() {
        assertEquals(new ModelKernels.Launch("LifeCell__seed", false, false, 1, 1),
                ModelKernels.Launch.of(SEED, true, 0));
        assertEquals(new ModelKernels.Launch("LifeCell__seed", false, false, 1, 1),
                ModelKernels.Launch.of(SEED, true, 3), "the lanes override only sets marching kernels");
    }

    @Test
    void theSwarSwitch_isOnUnlessSetToFalse() {
        String before = System.getProperty(CudaSwitches.SWAR.property());
        try {
            System.clearProperty(CudaSwitches.SWAR.property());
            assertEquals(true, CudaSwitches.SWAR.on());
            System.setProperty(CudaSwitches.SWAR.property(), "true");
            assertEquals(true, CudaSwitches.SWAR.on());
            System.setProperty(CudaSwitches.SWAR.property(), "false");
            assertEquals(false, CudaSwitches.SWAR.on());
            System.setProperty(CudaSwitches.SWAR.property(), " FALSE");
            assertEquals(false, CudaSwitches.SWAR.on());
        } finally {
            if (before == null) {
                System.clearProperty(CudaSwitches.SWAR.property());
            } else {
                System.setProperty(CudaSwitches.SWAR.property(), before);
            }
        }
    }
}
