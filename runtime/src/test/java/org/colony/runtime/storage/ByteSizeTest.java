package org.colony.runtime.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ByteSizeTest {

    @Test
    void of_writesBinaryUnitsWithThreeSignificantFigures() {
        assertEquals("0 B", ByteSize.of(0));
        assertEquals("1023 B", ByteSize.of(1023));
        assertEquals("1.00 KiB", ByteSize.of(1024));
        assertEquals("15.3 MiB", ByteSize.of(16_043_212));
        assertEquals("5.88 GiB", ByteSize.of(6_309_530_824L));
        assertEquals("142 PiB", ByteSize.of(160_000_006_400_000_064L), "the audit's 100000000x100000000 HeatCell grid");
        assertEquals("8.00 EiB", ByteSize.of(Long.MAX_VALUE));
    }

    @Test
    void of_roundingUpToTheNextUnit_writesTheNextUnit() {
        assertEquals("1.00 MiB", ByteSize.of((1L << 20) - 1));
        assertEquals("1023 KiB", ByteSize.of((1L << 20) - 1024));
    }
}
