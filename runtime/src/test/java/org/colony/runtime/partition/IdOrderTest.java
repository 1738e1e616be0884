package org.colony.runtime.partition;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class IdOrderTest {

    @Test
    void gather_mergesThePartitionsById_andScatterSplitsBack() {
        long[][] ids = {{0, 1, 2, 9, 10}, {}, {3, 4, 11}, {5, 12, 13}};
        IdOrder order = IdOrder.of(ids);
        assertEquals(11, order.total());
        long[] merged = new long[order.total()];
        order.gather(ids, merged);
        assertArrayEquals(new long[] {0, 1, 2, 3, 4, 5, 9, 10, 11, 12, 13}, merged);
        Object[] back = order.scatter(merged);
        for (int p = 0; p < ids.length; p++) {
            assertArrayEquals(ids[p], (long[]) back[p]);
        }
        int[] values = {10, 11, 12, 13, 14, 15, 19, 20, 21, 22, 23};
        Object[] parts = order.scatter(values);
        assertArrayEquals(new int[] {13, 14, 21}, (int[]) parts[2]);
        int[] again = new int[values.length];
        order.gather(parts, again);
        assertArrayEquals(values, again);
    }
}
