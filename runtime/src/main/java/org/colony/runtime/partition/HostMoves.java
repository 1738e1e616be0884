package org.colony.runtime.partition;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import java.util.function.IntPredicate;
import java.util.function.UnaryOperator;
import org.colony.runtime.spi.AgentPartition;
import org.colony.runtime.spi.AgentPartition.Batch;
import org.colony.runtime.transport.Transport;

/**
 * The moves of a round to other partitions' places through the host transport, where no device memory carries them
 * (CPU partitions, MPI ranks): every partition tells every other how many moves it asks for; where capacity can refuse
 * moves, the requests go to the owners of their destinations, each settles them with its own, and the verdicts come
 * back; then the movers that won go, their rows packed. The device form is {@link DeviceMoves}.
 */
final class HostMoves {

    private HostMoves() {
    }

    /**
     * Carries out the moves: {@code requests[p][q]} of partition p's agents ask for places of partition q.
     *
     * @param parts the partitions (null where another process owns one)
     * @param mine a partition of this process (whose sizes of a request and a mover every partition shares)
     * @param bounded whether the collection has a capacity (else every move wins and no verdicts travel)
     * @param tell partition p tells every other q the number {@code values[p][q]} and hears {@code [q][p]} (its bytes
     *     counted by the caller)
     * @param transport the transport of requests, verdicts and movers
     * @param each calls its argument for every partition of this process (side by side where they have lanes)
     * @param local whether this process owns a partition
     * @return the bytes sent
     */
    static long move(AgentPartition[] parts, int mine, long[][] requests, boolean bounded,
            UnaryOperator<long[][]> tell, Transport transport, Consumer<IntConsumer> each, IntPredicate local) {
        int k = parts.length;
        long bytes = 0;
        long[][] asked = tell.apply(requests);
        long moverBytes = parts[mine].moverBytes();
        long[][] arriving = new long[k][k]; // arriving[q][p]: movers partition q takes in from p
        long[][] leaving = new long[k][k]; // leaving[p][q]: movers partition p sends to q
        if (bounded) {
            List<List<Batch>> incoming = PartitionBirths.lists(k);
            long requestBytes = parts[mine].requestBytes();
            bytes += Parcel.exchange(transport, Parcel.allPairs(k, (from, to) -> new Parcel(from, to,
                    requestBytes * requests[from][to], requestBytes * asked[to][from],
                    b -> parts[from].packRequests(to, b),
                    b -> incoming.get(to).add(new Batch(from, asked[to][from], b)))), local);
            each.accept(q -> parts[q].resolveMoves(incoming.get(q)));
            MemorySegment[][] verdicts = new MemorySegment[k][k]; // verdicts[p][q]: from q on p's requests
            bytes += Parcel.exchange(transport, Parcel.allPairs(k, (owner, asker) -> new Parcel(owner, asker,
                    asked[owner][asker], requests[asker][owner], b -> parts[owner].packVerdicts(asker, b),
                    b -> verdicts[asker][owner] = b)), local);
            each.accept(p -> {
                for (int q = 0; q < k; q++) {
                    if (q != p && requests[p][q] > 0) {
                        leaving[p][q] = parts[p].leave(q, verdicts[p][q]);
                    }
                    if (q != p) {
                        arriving[p][q] = parts[p].admitted(q);
                    }
                }
            });
        } else {
            each.accept(p -> {
                parts[p].resolveMoves(List.of());
                for (int q = 0; q < k; q++) {
                    if (q != p && requests[p][q] > 0) {
                        leaving[p][q] = parts[p].leave(q, null);
                    }
                    arriving[p][q] = asked[p][q];
                }
            });
        }
        bytes += Parcel.exchange(transport, Parcel.allPairs(k, (from, to) -> new Parcel(from, to,
                leaving[from][to] * moverBytes, arriving[to][from] * moverBytes,
                b -> parts[from].packMovers(to, b),
                b -> parts[to].unpackMovers(new Batch(from, arriving[to][from], b)))), local);
        return bytes;
    }
}
