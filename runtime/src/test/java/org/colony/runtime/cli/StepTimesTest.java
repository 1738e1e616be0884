package org.colony.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class StepTimesTest {

    @Test
    void noTicks_haveNoFigures() {
        StepTimes t = new StepTimes();
        assertEquals(-1, t.first());
        assertEquals(-1, t.mean());
        assertEquals(-1, t.median());
        assertEquals(0, t.rest());
    }

    @Test
    void firstTick_isKeptApartFromTheMeanAndMedian() {
        StepTimes t = new StepTimes();
        t.add(80_000_000); // warm-up
        assertEquals(80_000_000, t.first());
        assertEquals(-1, t.mean(), "one tick: nothing after the first");
        t.add(1_000_000);
        t.add(3_000_000);
        t.add(2_000_000);
        assertEquals(3, t.rest());
        assertEquals(2_000_000, t.mean());
        assertEquals(2_000_000, t.median(), 2_000_000 * 0.001);
    }

    @Test
    void median_isTheMiddleTick_notSwayedByOutliers_toATenthOfAPercent() {
        StepTimes t = new StepTimes();
        t.add(1);
        for (int i = 0; i < 999; i++) {
            t.add(500_000 + i * 1000L); // 0.5 to 1.498 ms; the middle one is 0.999 ms
        }
        t.add(10_000_000_000L); // one 10 s pause (a snapshot, a collection)
        assertEquals(1000, t.rest());
        assertEquals(999_000, t.median(), 999_000 * 0.001);
        assertEquals((999 * 500_000 + 1000L * 998 * 999 / 2 + 10_000_000_000L) / 1000.0, t.mean(), 1);
    }

    @Test
    void median_ofAnEvenCount_isTheLowerMiddle() {
        StepTimes t = new StepTimes();
        t.add(5);
        t.add(1_000_000);
        t.add(4_000_000);
        assertEquals(1_000_000, t.median(), 1_000_000 * 0.001);
    }
}
