package org.colony.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class KernelSupportTest {

    private static final int[] VALUES = {Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -65536, -3, -2, -1, 0, 1, 2, 3, 8,
        65535, Integer.MAX_VALUE - 1, Integer.MAX_VALUE};

    @Test
    void comparisonsAsBits_matchJavaComparisonsOverTheWholeIntRange() {
        for (int a : VALUES) {
            for (int b : VALUES) {
                String at = "a=" + a + " b=" + b;
                assertEquals(a == b ? 1 : 0, KernelSupport.eq(a, b), at);
                assertEquals(a != b ? 1 : 0, KernelSupport.ne(a, b), at);
                assertEquals(a < b ? 1 : 0, KernelSupport.lt(a, b), at);
                assertEquals(a <= b ? 1 : 0, KernelSupport.le(a, b), at);
                assertEquals(a > b ? 1 : 0, KernelSupport.gt(a, b), at);
                assertEquals(a >= b ? 1 : 0, KernelSupport.ge(a, b), at);
            }
        }
        assertEquals(1, KernelSupport.bit(true));
        assertEquals(0, KernelSupport.bit(false));
    }
}
