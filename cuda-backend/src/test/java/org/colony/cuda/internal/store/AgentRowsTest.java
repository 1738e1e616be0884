package org.colony.cuda.internal.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.ScalarType;
import org.junit.jupiter.api.Test;

/**
 * Agents' rows are laid out column after column, every column 16-byte aligned: the columns before the attributes, then
 * each attribute's element columns (the layouts the movers, the children sent across and the host's copies had each
 * written out before they shared one).
 */
class AgentRowsTest {

    /** A long and a float[2] (element after element): 5 rows of them take 40 bytes, padded to 48. */
    private static final List<AttributeInfo> ATTRIBUTES = List.of(new AttributeInfo("wealth", ScalarType.LONG, 0,
            false), new AttributeInfo("heading", ScalarType.FLOAT, 2, false));
    private static final ModelInfo MODEL = new ModelInfo(Object.class, Object.class, List.of(), 2, 2, ATTRIBUTES,
            List.of(), List.of());

    @Test
    void placedRows_haveIdsPlacesThenAttributes() {
        AgentRows rows = AgentRows.placed(MODEL, null);
        assertArrayEquals(new long[] {0, 48, 96, 144, 192}, rows.layout(5));
        assertEquals(2, rows.attribute(0));
        assertEquals(192, rows.bytes(5));
    }

    @Test
    void orderedRows_putOrdinalsBeforeTheAttributes() {
        AgentRows rows = AgentRows.ordered(MODEL, null);
        // ordinals: 20 bytes, padded to 32
        assertArrayEquals(new long[] {0, 48, 96, 128, 176, 224}, rows.layout(5));
        assertEquals(3, rows.attribute(0));
        assertEquals(224, rows.bytes(5));
    }

    @Test
    void rowsOfAnySizes_alignEveryColumn() {
        AgentRows rows = new AgentRows(MODEL, null, 8, 8, 8, 4, 8, 4, 1);
        assertArrayEquals(new long[] {0, 48, 96, 144, 176, 224, 256, 272, 320, 368}, rows.layout(5));
        assertEquals(7, rows.attribute(0));
    }

    @Test
    void noRows_takeNoBytes() {
        assertEquals(0, AgentRows.ordered(MODEL, null).bytes(0));
    }
}
