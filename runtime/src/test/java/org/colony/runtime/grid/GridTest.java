package org.colony.runtime.grid;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.colony.ColonyException;
import org.junit.jupiter.api.Test;

class GridTest {

    private static String rejected(int... sizes) {
        ColonyException e = assertThrows(ColonyException.class, () -> Grid.of(sizes));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        return e.getMessage();
    }

    @Test
    void nonPositiveSize_isRejectedNamingTheDimension() {
        assertEquals("grid size 0 along dimension 0 is not positive; sizes are 1 to 2147483647", rejected(0));
        assertEquals("grid size -3 along dimension 1 is not positive; sizes are 1 to 2147483647", rejected(4, -3));
        assertEquals("grid size 0 along dimension 2 is not positive; sizes are 1 to 2147483647", rejected(4, 5, 0));
    }

    @Test
    void wrongDimensionCount_isRejected() {
        assertEquals("a grid has 1, 2 or 3 dimensions, not 4", rejected(2, 2, 2, 2));
        assertEquals("a grid has 1, 2 or 3 dimensions, not 0", rejected());
        assertEquals("a grid has 1, 2 or 3 dimensions, not 0", rejected((int[]) null));
    }

    @Test
    void tooManyCells_isRejected() {
        int max = Integer.MAX_VALUE;
        assertEquals("grid 2147483647x2147483647x2147483647 has more than 2^63 cells", rejected(max, max, max));
        // 2^31 - 1 squared fits in a long.
        assertEquals((long) max * max, Grid.of(max, max).cells());
    }

    @Test
    void shape_isReportedPerDimension() {
        Grid g = Grid.of(7, 5, 3);
        assertEquals(3, g.dimensions());
        assertEquals(105, g.cells());
        assertEquals(7, g.size(0));
        assertEquals(5, g.size(1));
        assertEquals(3, g.size(2));
        assertArrayEquals(new int[] {7, 5, 3}, g.sizes());
        Grid flat = Grid.of(9);
        assertEquals(1, flat.dimensions());
        assertEquals(1, flat.size(1));
        assertEquals(1, flat.size(2));
        assertEquals("7x5x3", g.toString());
    }

    @Test
    void sizes_areCopiedInAndOut() {
        int[] sizes = {4, 4};
        Grid g = Grid.of(sizes);
        sizes[0] = 99;
        g.sizes()[1] = 99;
        assertArrayEquals(new int[] {4, 4}, g.sizes());
    }

    @Test
    void wrap_makesATorusAndKeepsTheShape() {
        Grid g = Grid.of(6, 4);
        Grid t = g.wrap();
        assertEquals(Boundary.ABSENT, g.boundary());
        assertEquals(Boundary.WRAP, t.boundary());
        assertArrayEquals(g.sizes(), t.sizes());
        assertEquals("6x4 (wrapping)", t.toString());
        assertNotEquals(g, t);
        assertEquals(t, Grid.of(6, 4).boundary(Boundary.WRAP));
        assertEquals(t.hashCode(), Grid.of(6, 4).boundary(Boundary.WRAP).hashCode());
        assertEquals(g, t.boundary(Boundary.ABSENT));
    }

    @Test
    void index_isXFastestThenYThenZ() {
        Grid g = Grid.of(7, 5, 3);
        long expected = 0;
        for (int z = 0; z < 3; z++) {
            for (int y = 0; y < 5; y++) {
                for (int x = 0; x < 7; x++) {
                    assertEquals(expected++, g.index(x, y, z));
                }
            }
        }
        Grid big = Grid.of(100_000, 100_000, 3);
        assertEquals(99_999L + 100_000L * (99_999L + 100_000L * 2), big.index(99_999, 99_999, 2));
        assertEquals(4, Grid.of(10).index(4, 0, 0));
    }
}
