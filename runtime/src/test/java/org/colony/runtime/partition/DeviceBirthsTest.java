package org.colony.runtime.partition;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import org.colony.runtime.spi.AgentPartition.ManageStart;
import org.colony.runtime.spi.DeviceBirthRound;
import org.colony.runtime.transport.InProcessTransport;
import org.colony.runtime.transport.Traffic;
import org.colony.runtime.transport.Transport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The routing of birth rounds settled in device memory ({@link DeviceBirths}): every round each child's request
 * reaches the owner it names, in its slot, and the owner's verdict comes back to the child, through the transport's
 * exchanges, or, where the partitions share one memory, written and read in place with no exchange at all; then the
 * children born elsewhere reach their owners. The partitions are stand-ins whose "device memory" is host memory: in
 * round t child c of partition p asks the place of partition (p + c + t) mod k, and its owner lets it win where
 * p + 3c + t is even.
 */
class DeviceBirthsTest {

    private static final long[] WANTED = {3, 0, 5, 2};
    private static final int ROUNDS = 3;
    private static final long BYTES = 32;

    private static int target(int p, int c, int t) {
        return (p + c + t) % WANTED.length;
    }

    private static boolean wins(int p, int c, int t) {
        return (p + 3 * c + t) % 2 == 0;
    }

    private static long place(int p, int c, int t) {
        return 1000L * p + 10L * c + t;
    }

    /** A partition: its children's requests, what it received, its verdicts, and what it learnt. */
    private static final class Stand implements DeviceBirthRound {
        final int self;
        final int k = WANTED.length;
        final Arena arena = Arena.ofAuto();
        MemorySegment[] out;
        MemorySegment[] in;
        MemorySegment[] verdictsOut;
        MemorySegment[] verdictsIn;
        MemorySegment[] into;
        MemorySegment[] from;
        int round;
        final List<String> bad = new ArrayList<>();
        /** won[c][t]: what child c learnt in round t. */
        boolean[][] won;
        boolean ended;
        long[] arrived = new long[0];
        MemorySegment[] rows;

        Stand(int self) {
            this.self = self;
        }

        private int mine() {
            return (int) WANTED[self];
        }

        @Override
        public int birthRounds() {
            return self == 2 ? ROUNDS : 1; // (the most any partition needs is what every one runs)
        }

        @Override
        public void beginBirths(long[] wanted, int rounds) {
            assertArrayEquals(WANTED, wanted);
            assertEquals(ROUNDS, rounds);
            out = new MemorySegment[k];
            in = new MemorySegment[k];
            verdictsOut = new MemorySegment[k];
            verdictsIn = new MemorySegment[k];
            for (int q = 0; q < k; q++) {
                if (q != self) {
                    out[q] = arena.allocate(BYTES * mine() + 1);
                    out[q] = out[q].asSlice(0, BYTES * mine());
                    in[q] = WANTED[q] == 0 ? null : arena.allocate(BYTES * WANTED[q]);
                    verdictsOut[q] = WANTED[q] == 0 ? null : arena.allocate(WANTED[q]);
                    verdictsIn[q] = mine() == 0 ? null : arena.allocate(mine());
                }
            }
            won = new boolean[mine()][ROUNDS];
        }

        @Override
        public void childRequestsInto(MemorySegment[] segments) {
            into = segments;
        }

        @Override
        public void childVerdictsFrom(MemorySegment[] segments) {
            from = segments;
        }

        @Override
        public void splitChildren() {
            for (int q = 0; q < k; q++) {
                if (q == self) {
                    continue;
                }
                MemorySegment to = into != null ? into[q] : out[q];
                for (int c = 0; c < mine(); c++) {
                    long at = BYTES * c;
                    to.set(ValueLayout.JAVA_LONG_UNALIGNED, at, target(self, c, round) == q ? place(self, c, round) : -1);
                }
            }
        }

        @Override
        public MemorySegment childRequests(int to) {
            return out[to];
        }

        @Override
        public MemorySegment[] receiveChildRequests() {
            return in;
        }

        @Override
        public void settleChildren() {
            for (int p = 0; p < k; p++) {
                if (p == self || WANTED[p] == 0) {
                    continue;
                }
                for (int c = 0; c < WANTED[p]; c++) {
                    long asked = in[p].get(ValueLayout.JAVA_LONG_UNALIGNED, BYTES * c);
                    boolean mineToSettle = target(p, c, round) == self;
                    if (asked != (mineToSettle ? place(p, c, round) : -1)) {
                        bad.add("partition " + self + " round " + round + " got " + asked + " for child " + c + " of "
                                + p);
                    }
                    verdictsOut[p].set(ValueLayout.JAVA_BYTE, c, (byte) (mineToSettle && wins(p, c, round) ? 1 : 0));
                }
            }
        }

        @Override
        public MemorySegment childVerdicts(int to) {
            return verdictsOut[to];
        }

        @Override
        public MemorySegment[] receiveChildVerdicts() {
            return verdictsIn;
        }

        @Override
        public void endChildRound(int next) {
            assertEquals(round + 1 < ROUNDS ? round + 1 : -1, next);
            for (int c = 0; c < mine(); c++) {
                int q = target(self, c, round);
                if (q == self) {
                    won[c][round] = wins(self, c, round); // (settled here)
                    continue;
                }
                boolean w = false;
                for (int o = 0; o < k; o++) {
                    if (o != self) {
                        w |= (from != null ? from[o] : verdictsIn[o]).get(ValueLayout.JAVA_BYTE, c) != 0;
                    }
                }
                won[c][round] = w;
            }
            round++;
        }

        @Override
        public void endBirths() {
            ended = true;
        }

        /** Children born here on partition q's places: as many as q's number plus this one's, less one (or none). */
        private long leaving(int q) {
            return q == self ? 0 : Math.max(0, q + self - 1);
        }

        @Override
        public long[] emigrantCounts() {
            long[] c = new long[k];
            for (int q = 0; q < k; q++) {
                c[q] = leaving(q);
            }
            return c;
        }

        @Override
        public MemorySegment emigrants(int to) {
            MemorySegment s = arena.allocate(8 * leaving(to));
            for (int i = 0; i < leaving(to); i++) {
                s.setAtIndex(ValueLayout.JAVA_LONG, i, 100L * self + i);
            }
            return s;
        }

        @Override
        public MemorySegment[] receiveEmigrants(long[] counts) {
            arrived = counts.clone();
            rows = new MemorySegment[k];
            for (int p = 0; p < k; p++) {
                rows[p] = counts[p] == 0 ? null : arena.allocate(8 * counts[p]);
            }
            return rows;
        }

        @Override
        public void settleEmigrants() {
            for (int p = 0; p < k; p++) {
                for (int i = 0; i < arrived[p]; i++) {
                    if (rows[p].getAtIndex(ValueLayout.JAVA_LONG, i) != 100L * p + i) {
                        bad.add("partition " + self + " got a wrong row " + i + " from " + p);
                    }
                }
            }
        }
    }

    /** The in-process transport, counting exchanges, sharing one memory or not. */
    private static final class Counting implements Transport {
        final InProcessTransport inner = new InProcessTransport();
        final boolean one;
        int exchanges;

        Counting(boolean one) {
            this.one = one;
        }

        @Override
        public String name() {
            return "counting";
        }

        @Override
        public boolean deviceMemory() {
            return true;
        }

        @Override
        public void exchange(List<Message> sends, List<Message> receives) {
            exchanges++;
            inner.exchange(sends, receives);
        }

        @Override
        public boolean oneMemory() {
            return one;
        }

        @Override
        public Traffic traffic() {
            return inner.traffic();
        }

        @Override
        public void close() {
        }
    }

    @ParameterizedTest(name = "one memory {0}")
    @ValueSource(booleans = {false, true})
    void requestsReachTheirOwners_andVerdictsTheirChildren_everyBirthRound(boolean oneMemory) {
        int k = WANTED.length;
        Stand[] parts = new Stand[k];
        ManageStart[] start = new ManageStart[k];
        for (int p = 0; p < k; p++) {
            parts[p] = new Stand(p);
            start[p] = new ManageStart(0, 0, WANTED[p], 0, new long[k], -1, 0);
        }
        Counting device = new Counting(oneMemory);
        Consumer<IntConsumer> each = work -> {
            for (int p = 0; p < k; p++) {
                work.accept(p);
            }
        };
        long bytes = DeviceBirths.settle(parts, start, device, each);
        assertEquals(oneMemory ? 0 : 2 * ROUNDS, device.exchanges, "exchanges of the birth rounds");
        long sent = 0;
        for (int p = 0; p < k; p++) {
            sent += (k - 1) * WANTED[p] * (BYTES + 1);
        }
        assertEquals(oneMemory ? 0 : ROUNDS * sent, bytes, "bytes of requests and verdicts");
        for (Stand s : parts) {
            assertTrue(s.bad.isEmpty(), String.join("\n", s.bad));
            assertTrue(s.ended, "partition " + s.self + " ended its births");
            for (int c = 0; c < WANTED[s.self]; c++) {
                for (int t = 0; t < ROUNDS; t++) {
                    assertEquals(wins(s.self, c, t), s.won[c][t], "child " + c + " of " + s.self + ", round " + t);
                }
            }
        }
        DeviceBirths.emigrate(parts, values -> Parcel.tell(new InProcessTransport(), values), device, each);
        for (Stand s : parts) {
            assertTrue(s.bad.isEmpty(), String.join("\n", s.bad));
            for (int p = 0; p < k; p++) {
                assertEquals(parts[p].leaving(s.self), s.arrived[p], "children from " + p + " to " + s.self);
            }
        }
    }
}
