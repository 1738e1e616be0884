package org.colony.cuda.tuning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.colony.ColonyException;
import org.colony.cuda.CudaGraphs;
import org.colony.kernel.Switch;
import org.junit.jupiter.api.Test;

/** The CUDA backend's switches: one table, each with its property, values, default and meaning. */
class CudaSwitchesTest {

    private static void with(Switch sw, String value, Runnable check) {
        String before = System.getProperty(sw.property());
        try {
            System.setProperty(sw.property(), value);
            check.run();
        } finally {
            if (before == null) {
                System.clearProperty(sw.property());
            } else {
                System.setProperty(sw.property(), before);
            }
        }
    }

    @Test
    void everySwitch_isAColonyPropertyOnce_withValuesADefaultAndAMeaning() {
        Set<String> seen = new HashSet<>();
        for (Switch sw : CudaSwitches.ALL) {
            assertTrue(sw.property().startsWith("colony.cuda.") || sw.property().equals("colony.nccl.library"),
                    sw.property());
            assertTrue(seen.add(sw.property()), "twice: " + sw.property());
            assertTrue(!sw.values().isBlank() && !sw.fallback().isBlank() && sw.description().endsWith("."),
                    sw.property());
        }
        assertEquals(32, CudaSwitches.ALL.size());
    }

    @Test
    void theOldConstants_pointAtTheSwitches() {
        assertEquals("colony.cuda.graphs", CudaGraphs.PROPERTY);
        assertEquals(CudaSwitches.GRAPHS.property(), CudaGraphs.PROPERTY);
        assertEquals("colony.nccl.library", CudaSwitches.NCCL_LIBRARY.property());
        assertEquals("libnccl.so.2", CudaSwitches.NCCL_LIBRARY.fallback());
    }

    @Test
    void flags_areTrueOrFalseInAnyCase_andRefuseAnythingElse() {
        for (Switch sw : CudaSwitches.ALL) {
            if (sw.values().equals("true, false")) {
                with(sw, "", () -> assertEquals(Boolean.parseBoolean(sw.fallback()), sw.on(), sw.property()));
                with(sw, "TRUE", () -> assertTrue(sw.on(), sw.property()));
                with(sw, "False", () -> assertEquals(false, sw.on(), sw.property()));
                with(sw, "off", () -> assertEquals(sw.property() + " must be true or false, not 'off'",
                        assertThrows(ColonyException.class, sw::on).getMessage()));
            }
        }
    }

    @Test
    void lanes_areZeroToFour_zeroBeingEachKernelsOwnChoice() {
        assertEquals(0, CudaSwitches.LANES.whole());
        with(CudaSwitches.LANES, "3", () -> assertEquals(3, CudaSwitches.LANES.whole()));
        with(CudaSwitches.LANES, "5", () -> assertEquals("colony.cuda.lanes must be a whole number from 0 to 4, "
                + "not '5'", assertThrows(ColonyException.class, CudaSwitches.LANES::whole).getMessage()));
    }

    @Test
    void march_isAWholeNumberOfRows() {
        assertEquals(0, CudaSwitches.MARCH.whole());
        with(CudaSwitches.MARCH, "16", () -> assertEquals(16, CudaSwitches.MARCH.whole()));
        with(CudaSwitches.MARCH, "-1", () -> assertEquals("colony.cuda.march must be a whole number of rows from 0 to "
                + Integer.MAX_VALUE + ", not '-1'", assertThrows(ColonyException.class, CudaSwitches.MARCH::whole)
                .getMessage()));
    }
}
