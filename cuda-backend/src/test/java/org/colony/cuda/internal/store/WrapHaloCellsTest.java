package org.colony.cuda.internal.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.colony.kernel.Layout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The halo cells the wrap fill walks are every stored cell that is not owned, once each (1-, 2- and 3-D). */
class WrapHaloCellsTest {

    @ParameterizedTest(name = "{0}-D {1}x{2}x{3} pad {4}")
    @CsvSource({"1, 9, 1, 1, 1", "1, 40, 1, 1, 3", "2, 9000, 9000, 1, 1", "2, 7, 5, 1, 2", "3, 6, 5, 4, 1",
            "3, 30, 20, 10, 3"})
    void haloCells_areTheStoredCellsNotOwned(int dims, int e0, int e1, int e2, int pad) {
        Layout l = new Layout(dims, e0, e1, e2, 0, 0, 0, e0, e1, e2, pad, true);
        assertEquals(l.storedCells() - l.ownedCells(), ExchangeKernels.wrapHaloCells(l));
    }
}
