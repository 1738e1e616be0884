package org.colony.runtime.partition;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import java.util.function.UnaryOperator;
import org.colony.runtime.spi.AgentPartition;
import org.colony.runtime.spi.AgentPartition.ManageStart;
import org.colony.runtime.spi.DeviceBirthRound;
import org.colony.runtime.transport.Transport;

/**
 * The births of a round whose children may be born on other partitions' places, settled in device memory
 * ({@link DeviceBirthRound}) where no agent moves across: every birth round, the requests for other partitions'
 * places go to their owners and the verdicts come back through the device transport, in messages of a size the host
 * knows from the round's start (one request per child asked for, whether it asks there or not), so that no birth
 * round waits for the devices; partitions that share one memory write and read each other's buffers instead. After the rounds each partition numbers its children with the others (as a round
 * settled alone), and the children born on another partition's places follow as rows, as movers do.
 */
final class DeviceBirths {

    private DeviceBirths() {
    }

    /**
     * {@return whether every partition may settle the births of the round under way on its device (the caller knows
     * that no partition sends agents elsewhere): each says {@link DeviceBirthRound#birthsOnDevice}}
     */
    static boolean possible(AgentPartition[] parts) {
        for (AgentPartition p : parts) {
            if (!p.birthsOnDevice()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Settles the births (and the deaths and moves of each partition) of the round {@code start} began, up to the
     * children's numbering; returns the bytes sent.
     *
     * @param device the transport of device memory
     * @param each calls its argument for every partition (side by side where they have lanes)
     */
    static long settle(DeviceBirthRound[] parts, ManageStart[] start, Transport device, Consumer<IntConsumer> each) {
        int k = parts.length;
        long[] wanted = new long[k];
        int most = 0;
        for (int p = 0; p < k; p++) {
            wanted[p] = start[p] == null ? 0 : start[p].wanted();
            most = Math.max(most, parts[p].birthRounds());
        }
        int rounds = most;
        each.accept(p -> parts[p].beginBirths(wanted, rounds));
        MemorySegment[][] requestsIn = new MemorySegment[k][];
        MemorySegment[][] verdictsIn = new MemorySegment[k][];
        for (int p = 0; p < k; p++) {
            requestsIn[p] = parts[p].receiveChildRequests();
            verdictsIn[p] = parts[p].receiveChildVerdicts();
        }
        // Partitions that share one memory write their requests into their owners' room and read the owners' verdicts
        // where they lie: the birth rounds then need no exchanges at all.
        boolean direct = device.oneMemory();
        if (direct) {
            for (int p = 0; p < k; p++) {
                MemorySegment[] into = new MemorySegment[k];
                MemorySegment[] from = new MemorySegment[k];
                for (int q = 0; q < k; q++) {
                    if (q != p && wanted[p] > 0) {
                        into[q] = requestsIn[q][p];
                        from[q] = parts[q].childVerdicts(p);
                    }
                }
                parts[p].childRequestsInto(into);
                parts[p].childVerdictsFrom(from);
            }
        }
        long bytes = 0;
        for (int round = 0; round < rounds; round++) {
            each.accept(p -> parts[p].splitChildren());
            if (!direct) { // each partition's requests to every other (p to q)
                bytes += exchange(device, wanted, (p, q) -> new Transport.Message(p, q, parts[p].childRequests(q)),
                        (p, q) -> new Transport.Message(p, q, requestsIn[q][p]));
            }
            each.accept(q -> parts[q].settleChildren());
            if (!direct) { // the owner q's verdicts on p's requests
                bytes += exchange(device, wanted, (p, q) -> new Transport.Message(q, p, parts[q].childVerdicts(p)),
                        (p, q) -> new Transport.Message(q, p, verdictsIn[p][q]));
            }
            int next = round + 1 < rounds ? round + 1 : -1;
            each.accept(p -> parts[p].endChildRound(next));
        }
        each.accept(p -> parts[p].endBirths());
        return bytes;
    }

    /**
     * One exchange of a birth round: for every partition p with children and every other q, the message {@code send}
     * makes and the one {@code receive} makes; returns the bytes sent.
     */
    private static long exchange(Transport device, long[] wanted, BiFunction<Integer, Integer, Transport.Message> send,
            BiFunction<Integer, Integer, Transport.Message> receive) {
        List<Transport.Message> sends = new ArrayList<>();
        List<Transport.Message> receives = new ArrayList<>();
        long bytes = 0;
        for (int p = 0; p < wanted.length; p++) {
            for (int q = 0; q < wanted.length; q++) {
                if (q != p && wanted[p] > 0) {
                    Transport.Message out = send.apply(p, q);
                    sends.add(out);
                    receives.add(receive.apply(p, q));
                    bytes += out.buffer().byteSize();
                }
            }
        }
        device.exchange(sends, receives);
        return bytes;
    }

    /**
     * Sends the children born on other partitions' places to their owners, after their ids were given; returns the
     * bytes sent.
     *
     * @param tell carries counts: partition p tells every other q the number {@code values[p][q]} and hears
     *     {@code [q][p]}
     */
    static long emigrate(DeviceBirthRound[] parts, UnaryOperator<long[][]> tell, Transport device,
            Consumer<IntConsumer> each) {
        int k = parts.length;
        long[][] leaving = new long[k][];
        for (int p = 0; p < k; p++) {
            leaving[p] = parts[p].emigrantCounts();
        }
        long[][] arriving = tell.apply(leaving); // arriving[q][p]: children partition q takes in from p
        long bytes = 8L * k * (k - 1);
        MemorySegment[][] in = new MemorySegment[k][];
        for (int q = 0; q < k; q++) {
            in[q] = parts[q].receiveEmigrants(arriving[q]);
        }
        List<Transport.Message> sends = new ArrayList<>();
        List<Transport.Message> receives = new ArrayList<>();
        for (int p = 0; p < k; p++) {
            for (int q = 0; q < k; q++) {
                if (q != p && leaving[p][q] > 0) {
                    MemorySegment out = parts[p].emigrants(q);
                    sends.add(new Transport.Message(p, q, out));
                    receives.add(new Transport.Message(p, q, in[q][p]));
                    bytes += out.byteSize();
                }
            }
        }
        device.exchange(sends, receives);
        each.accept(q -> parts[q].settleEmigrants());
        return bytes;
    }
}
