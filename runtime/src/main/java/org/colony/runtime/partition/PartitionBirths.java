package org.colony.runtime.partition;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import java.util.function.IntPredicate;
import java.util.function.UnaryOperator;
import org.colony.runtime.cluster.Cluster;
import org.colony.runtime.spi.AgentPartition;
import org.colony.runtime.spi.AgentPartition.Batch;
import org.colony.runtime.transport.Transport;

/**
 * The births of one partitioned {@code manageAll}: where children are asked for on other partitions' places, birth
 * rounds of requests, verdicts and, at the end, the children themselves between the partitions; then every partition
 * settles its parents' births and tells the others its (parent id, children born) list, from which every partition
 * numbers the children born on its places.
 */
final class PartitionBirths {

    private final AgentPartition[] parts;
    private final int[] mine;
    private final Cluster cluster;
    private final Transport transport;
    private final Consumer<IntConsumer> each;
    private final UnaryOperator<long[][]> tell;
    private final IntPredicate local;
    /** Whether every partition numbers its children on their one device ({@link AgentPartition#numbersOnDevice}). */
    private final boolean onDevice;
    private long bytes;

    /**
     * @param each runs work for every partition of this process
     * @param tell partition p tells every q the number {@code values[p][q]}; returns what each heard, {@code [q][p]}
     * @param local whether this process holds a partition
     * @param onDevice whether every partition numbers its children on their one device
     */
    PartitionBirths(AgentPartition[] parts, int[] mine, Cluster cluster, Transport transport,
            Consumer<IntConsumer> each, UnaryOperator<long[][]> tell, IntPredicate local, boolean onDevice) {
        this.parts = parts;
        this.mine = mine;
        this.cluster = cluster;
        this.transport = transport;
        this.each = each;
        this.tell = tell;
        this.local = local;
        this.onDevice = onDevice;
    }

    /** {@return the bytes this process sent for the births} */
    long bytes() {
        return bytes;
    }

    /**
     * Settles births in every partition and, when some partition has children, sends every other partition its
     * (parent id, children born) list, counts first. Children asked for on another partition's places are first
     * settled there: requests, verdicts, then the children themselves.
     *
     * @return per partition, the lists the others sent it
     */
    List<List<Batch>> settle(boolean any) {
        int k = parts.length;
        Placed placed = null;
        if (any && k > 1) {
            long[] tries = new long[k];
            each.accept(p -> tries[p] = parts[p].birthTries());
            long rounds = 0;
            for (long t : cluster.distributed() ? Spread.gatherLongs(cluster, new long[] {max(tries)}) : tries) {
                rounds = Math.max(rounds, t);
            }
            placed = rounds == 0 ? null : new Placed(new long[k][k], new long[k][k]);
            for (int round = 0; round < rounds; round++) {
                int r = round;
                long[][] asked = new long[k][k]; // (zeros for the partitions of other processes)
                each.accept(p -> asked[p] = parts[p].birthRequests(r));
                long[][] told = tell.apply(asked); // told[q][p]: the children of p trying q's places this round
                boolean remote = false;
                for (int q = 0; q < k; q++) {
                    for (int p = 0; p < k; p++) {
                        remote |= p != q && told[q][p] > 0;
                    }
                }
                if (remote) {
                    placeChildren(asked, told, placed);
                } else {
                    each.accept(p -> parts[p].resolveBirths(List.of()));
                }
            }
        }
        long[] parents = new long[k];
        // (side by side where partitions have lanes: a partition of a device may wait for it here)
        each.accept(p -> parents[p] = parts[p].settleBirths());
        if (placed != null) {
            sendChildren(placed);
        }
        List<List<Batch>> heard = lists(k);
        if (!any || k == 1) {
            return heard;
        }
        if (numberOnDevice()) {
            return heard; // (every partition numbers its children from the others' parents' ids on the device)
        }
        long[][] lengths = new long[k][k];
        for (int p = 0; p < k; p++) {
            Arrays.fill(lengths[p], parents[p]);
        }
        long[][] told = tell.apply(lengths); // told[q][p]: the length of p's list, as q heard it
        bytes += Parcel.exchange(transport, Parcel.allPairs(k, (from, to) -> new Parcel(from, to,
                16 * parents[from], 16 * told[to][from], b -> parts[from].packBirths(b),
                b -> heard.get(to).add(new Batch(from, told[to][from], b)))), local);
        return heard;
    }

    /**
     * Where the partitions number their children on their device ({@link AgentPartition#numbersOnDevice}) and this
     * round's births were settled there, gives each the others' parents' ids; returns whether they were.
     */
    private boolean numberOnDevice() {
        if (!onDevice) {
            return false;
        }
        int k = parts.length;
        MemorySegment[] lists = new MemorySegment[k];
        int there = 0;
        for (int p = 0; p < k; p++) {
            lists[p] = parts[p].bornParentsOnDevice();
            there += lists[p] != null ? 1 : 0;
        }
        if (there == 0) {
            return false; // (a round settled on the host: the lists, as always)
        }
        if (there < k) {
            throw new IllegalStateException("children's parents on the device for " + there + " of " + k
                    + " partitions");
        }
        each.accept(p -> {
            MemorySegment[] others = lists.clone();
            others[p] = null;
            parts[p].numberFrom(others);
        });
        return true;
    }

    /**
     * Children born on other partitions' places: {@code sent[p][q]} of p's children on q's places as p heard from q,
     * {@code taken[q][p]} the same as q counted them.
     */
    private record Placed(long[][] sent, long[][] taken) {
    }

    /**
     * One birth round with children trying other partitions' places: the requests go to the owners, who settle them
     * with their own; the children born are counted into {@code placed}.
     */
    private void placeChildren(long[][] asked, long[][] told, Placed placed) {
        int k = parts.length;
        List<List<Batch>> incoming = lists(k);
        long requestBytes = parts[mine[0]].birthRequestBytes();
        bytes += Parcel.exchange(transport, Parcel.allPairs(k, (from, to) -> new Parcel(from, to,
                requestBytes * asked[from][to], requestBytes * told[to][from],
                b -> parts[from].packBirthRequests(to, b),
                b -> incoming.get(to).add(new Batch(from, told[to][from], b)))), local);
        each.accept(q -> parts[q].resolveBirths(incoming.get(q)));
        long[][] won = placed.sent();
        bytes += Parcel.exchange(transport, Parcel.allPairs(k, (owner, asker) -> new Parcel(owner, asker,
                told[owner][asker], asked[asker][owner], b -> parts[owner].packBirthVerdicts(asker, b),
                b -> won[asker][owner] += parts[asker].takeBirthVerdicts(owner, b))), local);
        long[][] admitted = placed.taken();
        each.accept(q -> {
            for (int p = 0; p < k; p++) {
                if (p != q) {
                    admitted[q][p] += parts[q].admittedBirths(p);
                }
            }
        });
    }

    private static long max(long[] values) {
        long m = 0;
        for (long v : values) {
            m = Math.max(m, v);
        }
        return m;
    }

    /** Sends the children born on other partitions' places there, after the parents' partitions settled them. */
    private void sendChildren(Placed placed) {
        int k = parts.length;
        long[][] sent = placed.sent();
        long[][] taken = placed.taken();
        long childBytes = parts[mine[0]].childBytes();
        bytes += Parcel.exchange(transport, Parcel.allPairs(k, (from, to) -> new Parcel(from, to,
                childBytes * sent[from][to], childBytes * taken[to][from], b -> parts[from].packChildren(to, b),
                b -> parts[to].unpackChildren(new Batch(from, taken[to][from], b)))), local);
    }

    static List<List<Batch>> lists(int k) {
        List<List<Batch>> out = new ArrayList<>(k);
        for (int p = 0; p < k; p++) {
            out.add(new ArrayList<>());
        }
        return out;
    }

}
