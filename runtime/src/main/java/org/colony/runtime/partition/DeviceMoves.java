package org.colony.runtime.partition;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import java.util.function.IntPredicate;
import java.util.function.UnaryOperator;
import org.colony.runtime.spi.AgentPartition.ManageStart;
import org.colony.runtime.spi.DeviceMoveRound;
import org.colony.runtime.transport.Transport;

/**
 * The moves of a round without children, settled with requests, verdicts and movers in device memory
 * ({@link DeviceMoveRound#movesOnDevice}): the requests with the movers' rows go to the owners of their destinations
 * in one exchange of the device transport, every partition settles what it received with its own moves, and
 * (where capacity can refuse moves) the verdicts come back in a second exchange, queued before anyone waits for the
 * settling's counts. Only counts go through the host
 * transport: the requests each partition sends every other, and how many of them won.
 */
final class DeviceMoves {

    private DeviceMoves() {
    }

    /**
     * Carries out the moves of the round {@code start} began.
     *
     * @param remote whether some partition asked to move agents to another's places
     * @param bounded whether the collection has a capacity (else every move wins and no verdicts travel)
     * @param host the transport of counts
     * @param device the transport of device memory
     * @param each calls its argument for every partition (side by side where they have lanes)
     * @return the bytes sent
     */
    static long move(DeviceMoveRound[] parts, ManageStart[] start, boolean remote, boolean bounded, Transport host,
            Transport device, Consumer<IntConsumer> each) {
        return move(parts, start, remote, bounded, values -> Parcel.tell(host, values), device, each, p -> true);
    }

    /**
     * As {@link #move(DeviceMoveRound[], ManageStart[], boolean, boolean, Transport, Transport, Consumer)} for the
     * partitions that {@code local} accepts (the others belong to other processes: their entries of {@code parts}
     * and {@code start} are null), with {@code tell} carrying the counts: partition p tells every other q the
     * number {@code values[p][q]} and hears {@code [q][p]}.
     */
    static long move(DeviceMoveRound[] parts, ManageStart[] start, boolean remote, boolean bounded,
            UnaryOperator<long[][]> tell, Transport device, Consumer<IntConsumer> each, IntPredicate local) {
        int k = parts.length;
        long bytes = 0;
        long[][] requests = new long[k][];
        for (int p = 0; p < k; p++) {
            requests[p] = local.test(p) ? start[p].requests() : new long[k];
        }
        long[][] asked = new long[k][k]; // asked[q][p]: requests partition q receives from p
        if (remote) {
            asked = tell.apply(requests);
            bytes += 8L * k * (k - 1);
            MemorySegment[][] in = new MemorySegment[k][];
            for (int q = 0; q < k; q++) {
                in[q] = local.test(q) ? parts[q].receiveDeviceRequests(asked[q]) : null;
            }
            List<Transport.Message> sends = new ArrayList<>();
            List<Transport.Message> receives = new ArrayList<>();
            for (int p = 0; p < k; p++) {
                for (int q = 0; q < k; q++) {
                    if (q != p && local.test(p) && requests[p][q] > 0) {
                        MemorySegment out = parts[p].deviceRequests(q);
                        sends.add(new Transport.Message(p, q, out));
                        bytes += out.byteSize();
                    }
                    if (q != p && local.test(q) && asked[q][p] > 0) {
                        receives.add(new Transport.Message(p, q, in[q][p]));
                    }
                }
            }
            device.exchange(sends, receives);
        }
        // The verdicts are queued behind the settling, and the counts of winners read after them: the devices go on
        // with the verdicts (and the round's end) while the hosts wait for the counts.
        each.accept(q -> parts[q].settleDeviceMoves());
        if (remote && bounded) {
            List<Transport.Message> sends = new ArrayList<>();
            List<Transport.Message> receives = new ArrayList<>();
            for (int p = 0; p < k; p++) {
                MemorySegment[] verdicts = local.test(p) ? parts[p].receiveDeviceVerdicts() : null;
                for (int q = 0; q < k; q++) {
                    if (q != p && local.test(q) && asked[q][p] > 0) {
                        MemorySegment out = parts[q].deviceVerdicts(p);
                        sends.add(new Transport.Message(q, p, out));
                        bytes += out.byteSize();
                    }
                    if (q != p && local.test(p) && requests[p][q] > 0) {
                        receives.add(new Transport.Message(q, p, verdicts[q]));
                    }
                }
            }
            device.exchange(sends, receives);
        }
        long[][] won = new long[k][];
        for (int q = 0; q < k; q++) {
            won[q] = new long[k];
        }
        each.accept(q -> won[q] = parts[q].resolveDeviceMoves());
        // Every sender hears from each owner how many of its requests won (away[p][q]: p's agents that moved to q).
        long[][] away = new long[k][k];
        if (remote) {
            away = tell.apply(won);
            bytes += 8L * k * (k - 1);
        }
        long[][] moved = away;
        each.accept(p -> parts[p].movedAway(moved[p]));
        return bytes;
    }
}
