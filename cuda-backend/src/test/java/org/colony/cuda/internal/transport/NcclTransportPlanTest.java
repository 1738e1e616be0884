package org.colony.cuda.internal.transport;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import org.colony.ColonyException;
import org.colony.runtime.transport.Delivery;
import org.colony.runtime.transport.InProcessTransport;
import org.colony.runtime.transport.Transport.Message;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * How the NCCL transport checks an exchange before it touches a device: no GPU and no NCCL needed. Buffers
 * here are native host memory, which the check cannot tell from device memory and never reads.
 */
class NcclTransportPlanTest {

    private final Arena arena = Arena.ofConfined();

    @AfterEach
    void close() {
        arena.close();
    }

    private Message m(int from, int to, long bytes) {
        return new Message(from, to, arena.allocate(Math.max(bytes, 1)).asSlice(0, bytes));
    }

    @Test
    void plan_pairsTheKthSendOfAPairWithTheKthReceive() {
        Message s1 = m(0, 1, 8);
        Message s2 = m(0, 1, 8);
        Message s3 = m(1, 0, 16);
        Message r3 = m(1, 0, 16);
        Message r1 = m(0, 1, 8);
        Message r2 = m(0, 1, 8);
        List<Delivery> plan = NcclTransport.plan(List.of(s1, s2, s3), List.of(r3, r1, r2), 2);
        assertEquals(3, plan.size());
        assertSame(s3, plan.get(0).send());
        assertSame(r3, plan.get(0).receive());
        assertSame(s1, plan.get(1).send());
        assertSame(r1, plan.get(1).receive());
        assertSame(s2, plan.get(2).send());
        assertSame(r2, plan.get(2).receive());
        assertEquals(16, plan.get(0).bytes());
    }

    @Test
    void plan_selfAndZeroByteMessages_areAccepted() {
        List<Delivery> plan = NcclTransport.plan(List.of(m(0, 0, 4), m(1, 0, 0)), List.of(m(1, 0, 0), m(0, 0, 4)), 2);
        assertEquals(2, plan.size());
        assertEquals(0, plan.get(0).bytes());
        assertEquals(4, plan.get(1).bytes());
    }

    @Test
    void plan_receiveWithoutSend_isRejectedAsByTheInProcessTransport() {
        assertSameRejection(List.of(m(0, 1, 8)), List.of(m(0, 1, 8), m(2, 1, 4)),
                "partition 1 expects 4 bytes from partition 2, which sends nothing in this exchange");
    }

    @Test
    void plan_sizeMismatch_isRejectedAsByTheInProcessTransport() {
        assertSameRejection(List.of(m(0, 1, 8)), List.of(m(0, 1, 12)),
                "partition 0 sends 8 bytes to partition 1, which expects 12");
    }

    @Test
    void plan_sendWithoutReceive_isRejectedAsByTheInProcessTransport() {
        assertSameRejection(List.of(m(0, 1, 8), m(1, 2, 8), m(1, 2, 4)), List.of(m(0, 1, 8), m(1, 2, 8)),
                "partition 1 sends 4 bytes to partition 2, which receives nothing in this exchange");
    }

    private void assertSameRejection(List<Message> sends, List<Message> receives, String message) {
        ColonyException nccl = assertThrows(ColonyException.class, () -> NcclTransport.plan(sends, receives, 3));
        assertEquals(message, nccl.getMessage());
        try (InProcessTransport t = new InProcessTransport()) {
            ColonyException local = assertThrows(ColonyException.class, () -> t.exchange(sends, receives));
            assertEquals(message, local.getMessage());
            assertEquals(0, t.traffic().messages(), "a rejected exchange copies nothing");
        }
    }

    @Test
    void plan_partitionWithoutDevice_isRejected() {
        ColonyException e = assertThrows(ColonyException.class,
                () -> NcclTransport.plan(List.of(m(0, 2, 4)), List.of(m(0, 2, 4)), 2));
        assertEquals("a message from partition 0 to partition 2 names partition 2, but the NCCL transport has"
                + " partitions 0 to 1 (one per device of this process)", e.getMessage());
        assertThrows(ColonyException.class, () -> NcclTransport.plan(List.of(), List.of(m(-1, 0, 4)), 2));
    }

    @Test
    void plan_heapBuffer_isRejected() {
        Message heap = new Message(0, 1, MemorySegment.ofArray(new byte[8]));
        ColonyException e = assertThrows(ColonyException.class,
                () -> NcclTransport.plan(List.of(heap), List.of(m(0, 1, 8)), 2));
        assertEquals("partition 0 sends 8 bytes in heap memory (from partition 0 to partition 1); the NCCL transport"
                + " moves device memory, given as MemorySegment.ofAddress(devicePointer).reinterpret(bytes)",
                e.getMessage());
    }

    @Test
    @SuppressWarnings("restricted")
    void plan_nullAddress_isRejected() {
        Message nul = new Message(0, 1, MemorySegment.NULL.reinterpret(8));
        ColonyException e = assertThrows(ColonyException.class,
                () -> NcclTransport.plan(List.of(m(0, 1, 8)), List.of(nul), 2));
        assertEquals("partition 1 receives 8 bytes in a null address (from partition 0 to partition 1); the NCCL"
                + " transport moves device memory, given as MemorySegment.ofAddress(devicePointer).reinterpret(bytes)",
                e.getMessage());
    }

    @Test
    void inProcessTransport_deliversInPairOrder() {
        Message s1 = m(0, 1, 1);
        Message s2 = m(0, 1, 1);
        s1.buffer().fill((byte) 1);
        s2.buffer().fill((byte) 2);
        Message r1 = m(0, 1, 1);
        Message r2 = m(0, 1, 1);
        try (InProcessTransport t = new InProcessTransport()) {
            t.exchange(List.of(s1, s2), List.of(r1, r2));
            assertEquals(2, t.traffic().messages());
            assertEquals(2, t.traffic().bytes());
        }
        assertEquals(1, r1.buffer().get(JAVA_BYTE, 0));
        assertEquals(2, r2.buffer().get(JAVA_BYTE, 0));
    }
}
