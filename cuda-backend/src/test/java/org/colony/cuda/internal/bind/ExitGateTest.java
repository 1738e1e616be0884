package org.colony.cuda.internal.bind;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.colony.ColonyException;
import org.junit.jupiter.api.Test;

/** The gate that keeps a process from exiting while a thread is inside NVRTC: it waits, then refuses. */
class ExitGateTest {

    @Test
    void drain_waitsForTheWorkUnderWay_thenRefusesNewWork() throws Exception {
        ExitGate gate = new ExitGate();
        int[] hooks = new int[1];
        gate.in("a compile", () -> hooks[0]++);
        gate.in("another compile", () -> hooks[0]++);
        assertEquals(1, hooks[0], "one hook a gate, registered at the first entry");
        CompletableFuture<Boolean> drained = CompletableFuture.supplyAsync(() -> gate.drain(60_000));
        Thread.sleep(200);
        assertFalse(drained.isDone(), "drain returned with two threads inside");
        gate.out();
        Thread.sleep(100);
        assertFalse(drained.isDone(), "drain returned with one thread inside");
        gate.out();
        assertTrue(drained.get(10, TimeUnit.SECONDS));
        ColonyException e = assertThrows(ColonyException.class, () -> gate.in("NVRTC's compilation of X.cu", () -> { }));
        assertEquals("NVRTC's compilation of X.cu did not start: the process is exiting", e.getMessage());
    }

    @Test
    void aHookThatCannotBeRegistered_refusesTheWork_andCountsNoThreadIn() {
        ExitGate gate = new ExitGate();
        ColonyException e = assertThrows(ColonyException.class, () -> gate.in("NVRTC's compilation of Y.cu", () -> {
            throw new IllegalStateException("Shutdown in progress");
        }));
        assertEquals("NVRTC's compilation of Y.cu did not start: the process is exiting", e.getMessage());
        assertTrue(gate.drain(0), "a refused entry left a thread counted in");
    }

    @Test
    void drain_givesUpAfterItsTime() {
        ExitGate gate = new ExitGate();
        gate.in("a compile that never ends", () -> { });
        long start = System.nanoTime();
        assertFalse(gate.drain(300));
        assertTrue(System.nanoTime() - start >= 250_000_000L, "drain did not wait");
    }
}
