package org.colony.runtime.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.ScalarType;
import org.junit.jupiter.api.Test;

/** Packed rows are laid out column by column: ids, the state where asked for, then every attribute element. */
class PackedRowsTest {

    private static final ModelInfo MODEL = new ModelInfo(Object.class, Object.class, List.of(), 2, 2,
            List.of(new AttributeInfo("energy", ScalarType.INT, 0, false),
                    new AttributeInfo("history", ScalarType.DOUBLE, 3, false),
                    new AttributeInfo("alive", ScalarType.BOOLEAN, 0, true)),
            List.of(), List.of());

    @Test
    void rowsWithTheirState_putPlacesAndBirthsAfterTheIds() {
        PackedRows rows = PackedRows.of(MODEL, 5, true);
        assertEquals(0, rows.ids());
        assertEquals(40, rows.places());
        assertEquals(80, rows.birthPlaces());
        assertEquals(120, rows.spawns());
        assertEquals(140, rows.birthSpreads());
        assertEquals(160, rows.column(0)); // energy
        assertEquals(180, rows.column(1)); // history[0]
        assertEquals(220, rows.column(2));
        assertEquals(260, rows.column(3)); // history[2]
        assertEquals(300, rows.column(4)); // alive
        assertEquals(305, rows.bytes());
    }

    @Test
    void rowsWithoutTheirState_haveIdsThenAttributes_andNoStateColumns() {
        PackedRows rows = PackedRows.of(MODEL, 2, false);
        assertEquals(16, rows.column(0));
        assertEquals(16 + 8 + 3 * 16 + 2, rows.bytes());
        assertThrows(IllegalStateException.class, rows::places);
        assertThrows(IllegalStateException.class, rows::birthPlaces);
        assertEquals(8 + 4 + 24 + 1, PackedRows.of(MODEL, 1, false).bytes(), "one row's bytes");
    }
}
