package org.colony.cuda.internal.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Launch shapes: full blocks for large counts, small blocks spread over the multiprocessors for small ones. */
class GridsTest {

    @Test
    void smallPopulation_spreadsOverTheMultiprocessors_inWholeWarps() {
        assertEquals(32, Grids.threadsSpread(2000, 132)); // 63 blocks of one warp, not 8 of eight
        assertEquals(63, Grids.blocks(2000, Grids.threadsSpread(2000, 132)));
        assertEquals(32, Grids.threadsSpread(1, 132));
        assertEquals(160, Grids.threadsSpread(20_000, 132));
    }

    @Test
    void largePopulation_keepsFullBlocks() {
        assertEquals(Grids.THREADS, Grids.threadsSpread(132L * Grids.THREADS, 132));
        assertEquals(Grids.THREADS, Grids.threadsSpread(10_000_000, 132));
        assertEquals(Grids.blocks(10_000_000), Grids.blocks(10_000_000, Grids.THREADS));
    }
}
