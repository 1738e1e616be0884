package org.colony.runtime.partition;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import java.util.function.IntPredicate;
import java.util.function.Supplier;
import org.colony.runtime.grid.Neighbors;
import org.colony.runtime.grid.Region;
import org.colony.runtime.grid.Topology;
import org.colony.runtime.spi.HaloAgents;
import org.colony.runtime.spi.IncomingWrites;
import org.colony.runtime.transport.Transport;

/**
 * The agents of one partitioned collection as the neighbouring partitions see them on their halos: before a step
 * that counts agents on neighbouring places ({@code agentCountAt}), each partition sends every neighbour the
 * number of agents on each cell of the region that neighbour keeps as halo (4 bytes a cell); before a step that
 * iterates them ({@code agentsAt}), it sends their rows too (id and attributes). Counts stay valid until the
 * next {@code manageAll}; rows until the agents' attributes change. After a step that writes or kills the agents it
 * iterates there, what it wrote into those rows goes back along the same links, reversed, to the partitions that own
 * the agents ({@link #sendWritesBack}).
 */
final class AgentHalo {

    /** Partition {@code from} sends what lies on its {@code send} region to {@code to}, whose halo {@code receive} is. */
    private record Link(int from, int to, Region send, Region receive) {
    }

    private final Topology topology;
    private final HaloAgents[] parts;
    private final Transport transport;
    /** The transport counts go through in device memory, or null: they go through host memory. */
    private final Transport deviceTransport;
    /** Calls its argument for every partition: side by side where they are in different lanes. */
    private final Consumer<IntConsumer> each;
    /** Whether a partition lives in this process (over MPI ranks, the others are elsewhere). */
    private final IntPredicate local;
    /** The number of agents of every partition, this process's and the others'. */
    private final Supplier<long[]> sizes;
    private List<Link> links = List.of();
    private int width = -1;
    private boolean counts;
    private long rows = -1;
    private long countBytes;
    private long rowBytes;
    private long writeBytes;

    /**
     * @param deviceTransport a transport of device memory for the counts where every partition takes them there, or
     *     null
     */
    AgentHalo(Topology topology, HaloAgents[] parts, Transport transport, Transport deviceTransport,
            Consumer<IntConsumer> each, IntPredicate local, Supplier<long[]> sizes) {
        this.local = local;
        this.sizes = sizes;
        this.topology = topology;
        this.parts = parts;
        this.transport = transport;
        this.deviceTransport = deviceTransport;
        this.each = each;
    }

    /** Forgets what was sent: the agents moved, were born or died. */
    void moved() {
        counts = false;
        rows = -1;
    }

    /** Bytes of counts sent so far. */
    long countBytes() {
        return countBytes;
    }

    /** Bytes of rows sent so far. */
    long rowBytes() {
        return rowBytes;
    }

    /** Bytes of writes into rows sent back so far. */
    long writeBytes() {
        return writeBytes;
    }

    /**
     * Makes the halo of every partition hold the numbers of agents on its cells, and with {@code withRows} their
     * rows as they are at {@code generation}.
     *
     * @param pad the halo width of the places' blocks now
     */
    void prepare(int pad, boolean withRows, long generation) {
        if (pad != width) {
            links = links(pad);
            width = pad;
            moved();
        }
        if (pad == 0) {
            return;
        }
        if (!counts) {
            List<List<Region>> sends = new ArrayList<>(parts.length);
            for (int p = 0; p < parts.length; p++) {
                sends.add(new ArrayList<>());
            }
            for (Link l : links) {
                if (local.test(l.from())) {
                    sends.get(l.from()).add(l.send());
                }
            }
            if (deviceTransport != null) {
                countsOnDevices(sends);
            } else {
                each.accept(p -> parts[p].stageCounts(sends.get(p)));
                List<Parcel> parcels = new ArrayList<>(links.size());
                for (Link l : links) {
                    parcels.add(Parcel.of(l.from(), l.to(), 4 * l.send().cells(),
                            b -> parts[l.from()].packCounts(l.send(), b, 0),
                            b -> parts[l.to()].unpackCounts(l.receive(), b, 0)));
                }
                countBytes += Parcel.exchange(transport, parcels, local);
                for (HaloAgents p : parts) {
                    if (p != null) {
                        p.haloReady();
                    }
                }
            }
            counts = true;
            rows = -1;
        }
        if (withRows && rows != generation) {
            long row = 0;
            for (HaloAgents p : parts) {
                if (p != null) {
                    p.ghostsReady();
                    row = p.rowBytes();
                }
            }
            List<Parcel> parcels = new ArrayList<>(links.size());
            for (Link l : links) {
                boolean out = local.test(l.from());
                boolean in = local.test(l.to());
                if (!out && !in) {
                    continue;
                }
                parcels.add(new Parcel(l.from(), l.to(), out ? row * parts[l.from()].agentsIn(l.send()) : 0,
                        in ? row * parts[l.to()].agentsIn(l.receive()) : 0,
                        b -> parts[l.from()].packRows(l.send(), b, 0),
                        b -> parts[l.to()].unpackRows(l.receive(), b, 0)));
            }
            rowBytes += Parcel.exchange(transport, parcels, local);
            rows = generation;
        }
    }

    /**
     * Sends what the step just run wrote into the rows of this collection's agents on every partition's halo (the
     * rows the last {@link #prepare} sent) back to the partitions that own the agents, which combine it into their
     * incoming columns and death intents: each receiver of rows packs, for every row of a link's {@code receive}
     * region in the order the rows came, the values of {@code writes}; the sender of the rows combines them into the
     * same agents on its {@code send} region. Called after the step ran on every partition and before its writes are
     * applied.
     */
    void sendWritesBack(IncomingWrites writes) {
        long row = writes.rowBytes();
        List<Parcel> parcels = new ArrayList<>(links.size());
        for (Link l : links) {
            boolean holder = local.test(l.to());
            boolean owner = local.test(l.from());
            parcels.add(new Parcel(l.to(), l.from(), holder ? row * parts[l.to()].agentsIn(l.receive()) : 0,
                    owner ? row * parts[l.from()].agentsIn(l.send()) : 0,
                    b -> parts[l.to()].packWrites(l.receive(), writes, b, 0),
                    b -> parts[l.from()].combineWrites(l.send(), writes, b, 0)));
        }
        writeBytes += Parcel.exchange(transport, parcels, local);
        for (HaloAgents p : parts) {
            if (p != null) {
                p.writesCombined(writes);
            }
        }
    }

    /**
     * The counts in device memory: every partition counts its send regions on its device, the transport carries
     * them into the receivers' device memory, and nothing waits for a device. A receiver is told at most how many
     * agents its halo holds (the senders' populations), for room.
     */
    private void countsOnDevices(List<List<Region>> sends) {
        MemorySegment[][] out = new MemorySegment[parts.length][];
        each.accept(p -> out[p] = parts[p].deviceCounts(sends.get(p)));
        List<List<Region>> boxes = new ArrayList<>(parts.length);
        long[] bound = new long[parts.length];
        long[] sizes = this.sizes.get();
        for (int p = 0; p < parts.length; p++) {
            boxes.add(new ArrayList<>());
        }
        for (Link l : links) {
            if (local.test(l.to())) {
                boxes.get(l.to()).add(l.receive());
                bound[l.to()] += sizes[l.from()];
            }
        }
        MemorySegment[][] in = new MemorySegment[parts.length][];
        for (int p = 0; p < parts.length; p++) {
            in[p] = local.test(p) ? parts[p].receiveDeviceCounts(boxes.get(p), bound[p]) : null;
        }
        int[] sent = new int[parts.length];
        int[] got = new int[parts.length];
        List<Transport.Message> messages = new ArrayList<>(links.size());
        List<Transport.Message> receives = new ArrayList<>(links.size());
        for (Link l : links) {
            if (local.test(l.from())) {
                MemorySegment b = out[l.from()][sent[l.from()]++];
                messages.add(new Transport.Message(l.from(), l.to(), b));
                countBytes += b.byteSize();
            }
            if (local.test(l.to())) {
                receives.add(new Transport.Message(l.from(), l.to(), in[l.to()][got[l.to()]++]));
            }
        }
        deviceTransport.exchange(messages, receives);
        for (HaloAgents p : parts) {
            if (p != null) {
                p.haloReady();
            }
        }
    }

    /** Every neighbour relation across which a halo {@code pad} cells wide is filled, in a fixed order. */
    private List<Link> links(int pad) {
        List<Link> out = new ArrayList<>();
        if (pad == 0) {
            return out;
        }
        int dims = topology.dimensions();
        int self = Neighbors.self(dims);
        for (int p = 0; p < topology.partitions(); p++) {
            for (int n = 0; n < Neighbors.ids(dims); n++) {
                int q = topology.neighbor(p, n);
                if (n == self || q < 0 || !local.test(p) && !local.test(q)) {
                    continue;
                }
                out.add(new Link(p, q, Region.send(topology.block(p), dims, n, pad),
                        Region.receive(topology.block(q), dims, Neighbors.opposite(n, dims), pad)));
            }
        }
        return out;
    }
}
