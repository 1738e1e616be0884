package org.colony.benchmarks.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The median StupidModel's GPU rows report: the middle of an odd count, the mean of the two middles of an even one. */
class StupidModelGpuTest {

    @Test
    void median_isTheMiddleValue_andLeavesTheValuesAsTheyWere() {
        double[] rounds = {0.537, 0.438, 0.503};
        assertEquals(0.503, StupidModelGpu.median(rounds));
        assertArrayEquals(new double[] {0.537, 0.438, 0.503}, rounds);
        assertEquals(2.5, StupidModelGpu.median(new double[] {4, 1, 3, 2}));
        assertEquals(7.0, StupidModelGpu.median(new double[] {7}));
    }
}
