package org.colony.runtime.partition;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Proxy;
import org.colony.runtime.spi.AgentPartition;
import org.colony.runtime.spi.AgentPartition.ManageStart;
import org.colony.runtime.transport.InProcessTransport;
import org.junit.jupiter.api.Test;

/**
 * The routing of a round whose moves settle in device memory: requests reach the owners of their destinations,
 * verdicts come back to their senders, and every sender learns how many of its requests won. The partitions are
 * stand-ins whose "device memory" is native host memory; each owner lets the first half (rounded up) of every
 * sender's requests win.
 */
class DeviceMovesTest {

    /** requests[p][q]: the moves partition p asks for to places of q. */
    private static final long[][] REQUESTS = {{0, 2, 1}, {3, 0, 0}, {0, 4, 0}};

    private static final class Owner {
        final int self;
        long[] received;
        MemorySegment[] in;
        long[] won;
        MemorySegment[] verdicts;
        long[] away;
        String bad;
        /** Whether settleDeviceMoves came, and whether the verdicts were asked for before resolveDeviceMoves. */
        boolean settled;
        boolean verdictsBeforeResolve;

        Owner(int self) {
            this.self = self;
        }

        AgentPartition stub() {
            return (AgentPartition) Proxy.newProxyInstance(AgentPartition.class.getClassLoader(),
                    new Class<?>[] {AgentPartition.class}, (proxy, method, args) -> switch (method.getName()) {
                        case "deviceRequests" -> requestsTo((int) args[0]);
                        case "receiveDeviceRequests" -> receive((long[]) args[0]);
                        case "settleDeviceMoves" -> {
                            settled = true;
                            yield null;
                        }
                        case "resolveDeviceMoves" -> resolve();
                        case "deviceVerdicts" -> verdictsTo((int) args[0]);
                        case "receiveDeviceVerdicts" -> receiveVerdicts();
                        case "movedAway" -> {
                            away = (long[]) args[0];
                            yield null;
                        }
                        default -> throw new UnsupportedOperationException(method.getName());
                    });
        }

        private MemorySegment requestsTo(int to) {
            long n = REQUESTS[self][to];
            MemorySegment out = Arena.ofAuto().allocate(8 * n, 8);
            for (int i = 0; i < n; i++) {
                out.setAtIndex(ValueLayout.JAVA_LONG, i, request(self, to, i));
            }
            return out;
        }

        private MemorySegment[] receive(long[] counts) {
            received = counts.clone();
            in = new MemorySegment[counts.length];
            for (int s = 0; s < counts.length; s++) {
                in[s] = Arena.ofAuto().allocate(8 * counts[s], 8);
            }
            return in;
        }

        private long[] resolve() {
            if (!settled && bad == null) {
                bad = "resolved before settled on " + self;
            }
            // (the verdicts on this partition's own requests have arrived: owner q fills them with 10 * q + self)
            verdictsBeforeResolve = verdicts != null;
            for (int q = 0; verdicts != null && q < verdicts.length; q++) {
                for (int i = 0; i < verdicts[q].byteSize(); i++) {
                    verdictsBeforeResolve &= verdicts[q].get(ValueLayout.JAVA_BYTE, i) == (byte) (10 * q + self);
                }
            }
            won = new long[REQUESTS.length];
            for (int s = 0; received != null && s < received.length; s++) {
                for (int i = 0; i < received[s]; i++) {
                    if (in[s].getAtIndex(ValueLayout.JAVA_LONG, i) != request(s, self, i) && bad == null) {
                        bad = "request " + i + " from " + s + " to " + self;
                    }
                }
                won[s] = (received[s] + 1) / 2;
            }
            return won;
        }

        private MemorySegment verdictsTo(int to) {
            if ((!settled || won != null) && bad == null) {
                bad = "verdicts of " + self + " asked for before the settling or after the counts";
            }
            MemorySegment out = Arena.ofAuto().allocate(received[to]);
            out.fill((byte) (10 * self + to));
            return out;
        }

        private MemorySegment[] receiveVerdicts() {
            verdicts = new MemorySegment[REQUESTS.length];
            for (int q = 0; q < verdicts.length; q++) {
                verdicts[q] = Arena.ofAuto().allocate(REQUESTS[self][q]);
            }
            return verdicts;
        }
    }

    private static long request(int from, int to, int i) {
        return (100L * from + to) * 1000 + i;
    }

    private static Owner[] owners() {
        Owner[] owners = new Owner[REQUESTS.length];
        for (int p = 0; p < owners.length; p++) {
            owners[p] = new Owner(p);
        }
        return owners;
    }

    private static long move(Owner[] owners, boolean remote, boolean bounded) {
        int k = owners.length;
        AgentPartition[] parts = new AgentPartition[k];
        ManageStart[] start = new ManageStart[k];
        for (int p = 0; p < k; p++) {
            parts[p] = owners[p].stub();
            start[p] = new ManageStart(0, 10, 0, 0, remote ? REQUESTS[p] : new long[k], -1, 0);
        }
        return DeviceMoves.move(parts, start, remote, bounded, new InProcessTransport(), new InProcessTransport(),
                work -> {
                    for (int p = 0; p < k; p++) {
                        work.accept(p);
                    }
                });
    }

    @Test
    void requestsReachTheirOwners_andVerdictsAndWinnersComeBack() {
        Owner[] owners = owners();
        long bytes = move(owners, true, true);
        int k = owners.length;
        long sent = 0;
        for (int q = 0; q < k; q++) {
            Owner o = owners[q];
            assertNull(o.bad, "partition " + q + ": requests unchanged, settling before verdicts before counts");
            for (int p = 0; p < k; p++) {
                assertEquals(p == q ? 0 : REQUESTS[p][q], o.received[p], "requests " + q + " heard of from " + p);
            }
        }
        for (int p = 0; p < k; p++) {
            Owner o = owners[p];
            long[] expected = new long[k];
            for (int q = 0; q < k; q++) {
                if (q != p) {
                    expected[q] = (REQUESTS[p][q] + 1) / 2;
                    sent += 9 * REQUESTS[p][q]; // 8 bytes a request, 1 a verdict
                    for (int i = 0; i < REQUESTS[p][q]; i++) {
                        assertEquals((byte) (10 * q + p), o.verdicts[q].get(ValueLayout.JAVA_BYTE, i),
                                "verdict " + i + " on " + p + "'s requests to " + q);
                    }
                }
            }
            assertArrayEquals(expected, o.away, "moves of partition " + p + " that won, per owner");
            assertTrue(o.verdictsBeforeResolve, "partition " + p + "'s verdicts arrived before its counts were read");
        }
        assertEquals(sent + 2 * 8 * k * (k - 1), bytes, "bytes sent: the requests, verdicts and two rounds of counts");
    }

    @Test
    void withoutCapacity_noVerdictsTravel() {
        Owner[] owners = owners();
        move(owners, true, false);
        for (Owner o : owners) {
            assertNull(o.verdicts);
            assertNull(o.bad);
        }
        assertArrayEquals(new long[] {0, 1, 1}, owners[0].away);
        assertArrayEquals(new long[] {2, 0, 0}, owners[1].away);
    }

    @Test
    void withNoMoveAcross_onlyTheLocalMovesSettle() {
        Owner[] owners = owners();
        assertEquals(0, move(owners, false, true));
        for (Owner o : owners) {
            assertNull(o.bad);
            assertNull(o.received, "nothing is received");
            assertArrayEquals(new long[3], o.won, "every partition settles its own moves");
            assertArrayEquals(new long[3], o.away);
        }
    }
}
