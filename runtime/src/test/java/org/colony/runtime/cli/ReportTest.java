package org.colony.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ReportTest {

    @Test
    void duration_belowAMinute_keepsDecimalUnits() {
        assertEquals("12.3 us", Report.duration(12.3e-6));
        assertEquals("4.560 ms", Report.duration(4.56e-3));
        assertEquals("59.99 s", Report.duration(59.99));
    }

    @Test
    void duration_fromAMinuteOn_isInWholeMinutesHoursAndDays() {
        assertEquals("1 min 00 s", Report.duration(59.999));
        assertEquals("4 min 05 s", Report.duration(245));
        assertEquals("2 h 07 min", Report.duration(2 * 3600 + 7 * 60 + 29));
        assertEquals("4 d 02 h", Report.duration(355_278.14), "the audit's eta of 355278.14 s");
        assertEquals("forever", Report.duration(Double.POSITIVE_INFINITY));
    }

    @Test
    void bytes_areBinaryUnits() {
        assertEquals("15.3 MiB", Report.bytes(16_043_212));
    }
}
