package org.colony.runtime.cluster;

import static java.lang.foreign.ValueLayout.ADDRESS;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.colony.ColonyException;
import org.colony.runtime.transport.Traffic;
import org.colony.runtime.transport.Transport;

/**
 * The transport between the partitions of MPI ranks: a message between two partitions of this rank goes through
 * the local transport (one copy); the others are MPI messages, every send and receive of one exchange posted at
 * once ({@code MPI_Isend}, {@code MPI_Irecv}) and completed together ({@code MPI_Waitall}).
 *
 * <p>A message from partition a to partition b has tag {@code a * 2^15 + b}; several between the same pair in one
 * exchange arrive in the order posted (MPI does not let messages of one sender and tag overtake each other), which
 * is the order both sides list them. A message over 1 GiB travels in pieces of 1 GiB under the same tag. The size
 * a receiver expects is checked against the size that arrived.
 */
final class MpiTransport implements Transport {

    /** The most partitions a tag can name: MPI guarantees tags up to 2^15 - 1 only per side of the pair. */
    static final int MAX_PARTITIONS = 1 << 15;
    private static final long PIECE = 1L << 30;

    private final MpiCluster cluster;
    private final Transport local;
    private final int partitions;
    private final Traffic traffic = new Traffic();

    MpiTransport(MpiCluster cluster, Transport local, int partitions) {
        if (partitions > MAX_PARTITIONS) {
            throw new ColonyException(partitions + " partitions are more than MPI ranks can tell apart ("
                    + MAX_PARTITIONS + "); use fewer");
        }
        this.cluster = cluster;
        this.local = local;
        this.partitions = partitions;
    }

    @Override
    public String name() {
        return "mpi";
    }

    @Override
    public boolean deviceMemory() {
        return false;
    }

    @Override
    public void exchange(List<Message> sends, List<Message> receives) {
        start(sends, receives).run();
    }

    @Override
    public Runnable start(List<Message> sends, List<Message> receives) {
        List<Message> localSends = new ArrayList<>();
        List<Message> localReceives = new ArrayList<>();
        List<Message> remoteSends = new ArrayList<>();
        List<Message> remoteReceives = new ArrayList<>();
        for (Message s : sends) {
            (owned(s.to()) ? localSends : remoteSends).add(s);
        }
        for (Message r : receives) {
            (owned(r.from()) ? localReceives : remoteReceives).add(r);
        }
        int requests = 0;
        for (Message m : remoteReceives) {
            requests += pieces(m);
        }
        for (Message m : remoteSends) {
            requests += pieces(m);
        }
        if (requests == 0) {
            local.exchange(localSends, localReceives);
            return () -> { };
        }
        Arena arena = Arena.ofConfined();
        MemorySegment handles = arena.allocate(ADDRESS, requests);
        MemorySegment statuses = arena.allocate(Mpi.STATUS_BYTES * requests, 8);
        int i = 0;
        // Receives first: a message that arrives finds its receive posted.
        for (Message m : remoteReceives) {
            for (long at = 0; at < Math.max(1, m.buffer().byteSize()); at += PIECE) {
                int n = (int) Math.min(PIECE, m.buffer().byteSize() - at);
                Mpi.irecv(m.buffer().asSlice(at, n), n, cluster.owner(m.from(), partitions), tag(m),
                        handles.asSlice(ADDRESS.byteSize() * i++, ADDRESS.byteSize()));
            }
        }
        int received = i;
        for (Message m : remoteSends) {
            for (long at = 0; at < Math.max(1, m.buffer().byteSize()); at += PIECE) {
                int n = (int) Math.min(PIECE, m.buffer().byteSize() - at);
                Mpi.isend(m.buffer().asSlice(at, n), n, cluster.owner(m.to(), partitions), tag(m),
                        handles.asSlice(ADDRESS.byteSize() * i++, ADDRESS.byteSize()));
            }
        }
        local.exchange(localSends, localReceives);
        int total = i;
        return () -> {
            try (arena) {
                Mpi.waitAll(total, handles, statuses);
                int k = 0;
                for (Message m : remoteReceives) {
                    long got = 0;
                    for (long at = 0; at < Math.max(1, m.buffer().byteSize()); at += PIECE) {
                        got += Mpi.receivedBytes(statuses.asSlice(Mpi.STATUS_BYTES * k++, Mpi.STATUS_BYTES));
                    }
                    if (got != m.buffer().byteSize()) {
                        throw new ColonyException("partition " + m.to() + " expects " + m.buffer().byteSize()
                                + " bytes from partition " + m.from() + ", which sent " + got);
                    }
                    traffic.add(got);
                }
                for (Message m : remoteSends) {
                    traffic.add(m.buffer().byteSize());
                }
                assert k == received;
            }
        };
    }

    private boolean owned(int partition) {
        return cluster.owns(partition, partitions);
    }

    private static int pieces(Message m) {
        return (int) Math.max(1, (m.buffer().byteSize() + PIECE - 1) / PIECE);
    }

    private static int tag(Message m) {
        return m.from() * MAX_PARTITIONS + m.to();
    }

    @Override
    public Traffic traffic() {
        return traffic;
    }

    @Override
    public boolean overlaps() {
        return true;
    }

    @Override
    public void close() {
        local.close();
    }
}
