package org.colony.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.colony.ColonyException;
import org.colony.runtime.spi.WorkFailure;
import org.junit.jupiter.api.Test;

/**
 * What a failure inside a simulation's work leaves: a refusal nothing, a failure of the work (a step's, a device's
 * marked {@link WorkFailure}, any other exception) a failed simulation that repeats its first error.
 */
class UsageTest {

    /** A backend's failure that reads like a refusal but happened while the work ran (a device out of memory). */
    private static final class DeviceFailure extends ColonyException implements WorkFailure {
        private static final long serialVersionUID = 1L;

        DeviceFailure(String message) {
            super(message);
        }
    }

    @Test
    void aRefusal_leavesTheSimulationUsable() {
        Usage usage = new Usage();
        ColonyException refusal = new ColonyException("--x=1 is out of range");
        assertSame(refusal, assertThrows(ColonyException.class, () -> usage.run("set", () -> {
            throw refusal;
        })));
        usage.check();
        assertEquals(7, usage.run("count", () -> 7));
    }

    @Test
    void aWorkFailure_leavesTheSimulationFailed_repeatingItsFirstError() {
        Usage usage = new Usage();
        assertThrows(DeviceFailure.class, () -> usage.run("manageAll Bug", () -> {
            throw new DeviceFailure("cuMemAllocAsync failed: CUDA_ERROR_OUT_OF_MEMORY");
        }));
        ColonyException later = assertThrows(ColonyException.class, usage::check);
        assertEquals("the simulation failed earlier and can only be closed: cuMemAllocAsync failed: "
                + "CUDA_ERROR_OUT_OF_MEMORY", later.getMessage());
    }
}
