package org.colony.runtime.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class StepProfileTest {

    @Test
    void record_addsCallsAndTimePerStep_inFirstCallOrder() {
        StepProfile p = new StepProfile();
        p.record("SugarCell.diffuse", 300);
        p.record("SugarCell.grow", 50);
        p.record("SugarCell.diffuse", 100);
        List<StepProfile.Entry> e = p.entries();
        assertEquals(List.of("SugarCell.diffuse", "SugarCell.grow"), e.stream().map(StepProfile.Entry::name).toList());
        assertEquals(2, e.get(0).calls());
        assertEquals(400, e.get(0).wallNanos());
        assertEquals(200.0, e.get(0).meanNanos());
        assertTrue(Double.isNaN(e.get(0).meanDeviceMillis()), "no device time was recorded");
    }

    @Test
    void recordDevice_keepsDeviceTimeBesideTheWallClock() {
        StepProfile p = new StepProfile();
        p.record("Ant.manageAll", 1_000);
        p.recordDevice("Ant.manageAll", 0.5);
        p.recordDevice("Ant.manageAll", 1.5);
        StepProfile.Entry e = p.entries().getFirst();
        assertEquals(1, e.calls());
        assertEquals(2, e.deviceCalls());
        assertEquals(1.0, e.meanDeviceMillis());
    }

    @Test
    void callTimer_withoutAProfile_readsNoClockAndRecordsNothing() {
        CallTimer t = new CallTimer("cpu");
        assertEquals(0L, t.clock());
        StepProfile p = new StepProfile();
        t.profile(p);
        long t0 = t.clock();
        assertTrue(t0 != 0L);
        t.end("LifeCell", "update", 0, t0, null);
        t.profile(null);
        t.end("LifeCell", "update", 0, t.clock(), null);
        assertEquals(1, p.entries().getFirst().calls());
    }
}
