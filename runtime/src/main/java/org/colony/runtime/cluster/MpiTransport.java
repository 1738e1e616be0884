package org.colony.runtime.cluster;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

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
 * <p>A message from partition a (of rank r) to partition b (of rank s) has tag {@code i * n + j}, where i is a's
 * place among r's partitions, j is b's among s's and n is how many s owns (the sender rank is in the message
 * already); several between the same pair in one exchange arrive in the order posted (MPI does not let messages
 * of one sender and tag overtake each other), which is the order both sides list them. A message over 1 GiB travels in pieces of 1 GiB under the same tag. The size
 * a receiver expects is checked against the size that arrived.
 *
 * <p>Where the local transport moves device memory (partitions on a GPU) and no device-to-device path reaches the
 * other process, messages to and from other ranks are staged through host buffers by the backend's {@link Staging}.
 */
final class MpiTransport implements Transport {

    private static final long PIECE = 1L << 30;

    private final MpiCluster cluster;
    private final Transport local;
    private final int partitions;
    private final Traffic traffic = new Traffic();
    /** How device buffers reach host memory, or null where the local transport moves host memory. */
    private final Staging staging;
    /** Request handles, statuses and a count, kept from one exchange to the next; grown as needed. */
    private final Arena scratchArena = Arena.ofShared();
    private MemorySegment handles = MemorySegment.NULL;
    private MemorySegment statuses = MemorySegment.NULL;
    private final MemorySegment count = scratchArena.allocate(JAVA_INT);

    MpiTransport(MpiCluster cluster, Transport local, int partitions, Staging staging) {
        long most = (long) ((partitions + cluster.size() - 1) / cluster.size()) * ((partitions + cluster.size() - 1)
                / cluster.size());
        if (most - 1 > cluster.tagUpperBound()) {
            throw new ColonyException(partitions + " partitions over " + cluster.size() + " MPI ranks need message tags "
                    + "up to " + (most - 1) + ", but this MPI allows " + cluster.tagUpperBound() + "; use fewer "
                    + "partitions a rank");
        }
        this.cluster = cluster;
        this.local = local;
        this.partitions = partitions;
        this.staging = local.deviceMemory() ? staging : null;
        if (local.deviceMemory() && staging == null) {
            throw new ColonyException("the " + local.name() + " transport moves device memory, which MPI ranks "
                    + "exchange only through a backend's staging");
        }
    }

    @Override
    public String name() {
        return "mpi";
    }

    @Override
    public boolean deviceMemory() {
        return local.deviceMemory();
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
        if (remoteSends.isEmpty() && remoteReceives.isEmpty()) {
            local.exchange(localSends, localReceives);
            return () -> { };
        }
        Arena arena = staging == null ? null : Arena.ofConfined();
        // Device buffers travel through host buffers of the same size: sends are copied out now, receives in at
        // the end.
        List<Message> sent = staging == null ? remoteSends : staged(remoteSends, arena, true);
        List<Message> landing = staging == null ? remoteReceives : staged(remoteReceives, arena, false);
        int requests = 0;
        for (Message m : landing) {
            requests += pieces(m);
        }
        for (Message m : sent) {
            requests += pieces(m);
        }
        if (handles.byteSize() < ADDRESS.byteSize() * requests) {
            handles = scratchArena.allocate(ADDRESS, Math.max(16, 2L * requests));
            statuses = scratchArena.allocate(Mpi.STATUS_BYTES * Math.max(16, 2L * requests), 8);
        }
        int i = 0;
        // Receives first: a message that arrives finds its receive posted.
        for (Message m : landing) {
            for (long at = 0; at < Math.max(1, m.buffer().byteSize()); at += PIECE) {
                int n = (int) Math.min(PIECE, m.buffer().byteSize() - at);
                Mpi.irecv(m.buffer().asSlice(at, n), n, cluster.owner(m.from(), partitions), tag(m),
                        handles.asSlice(ADDRESS.byteSize() * i++, ADDRESS.byteSize()));
            }
        }
        for (Message m : sent) {
            for (long at = 0; at < Math.max(1, m.buffer().byteSize()); at += PIECE) {
                int n = (int) Math.min(PIECE, m.buffer().byteSize() - at);
                Mpi.isend(m.buffer().asSlice(at, n), n, cluster.owner(m.to(), partitions), tag(m),
                        handles.asSlice(ADDRESS.byteSize() * i++, ADDRESS.byteSize()));
            }
        }
        local.exchange(localSends, localReceives);
        int total = i;
        MemorySegment requestHandles = handles; // this exchange's, whatever a later start() grows them to
        MemorySegment requestStatuses = statuses;
        return () -> {
            try {
                Mpi.waitAll(total, requestHandles, requestStatuses);
                int k = 0;
                for (int r = 0; r < landing.size(); r++) {
                    Message m = landing.get(r);
                    long got = 0;
                    for (long at = 0; at < Math.max(1, m.buffer().byteSize()); at += PIECE) {
                        got += Mpi.receivedBytes(requestStatuses.asSlice(Mpi.STATUS_BYTES * k++, Mpi.STATUS_BYTES),
                                count);
                    }
                    if (got != m.buffer().byteSize()) {
                        throw new ColonyException("partition " + m.to() + " expects " + m.buffer().byteSize()
                                + " bytes from partition " + m.from() + ", which sent " + got);
                    }
                    if (staging != null && got > 0) {
                        staging.toDevice(m.buffer(), remoteReceives.get(r).buffer());
                    }
                    traffic.add(got);
                }
                for (Message m : sent) {
                    traffic.add(m.buffer().byteSize());
                }
            } finally {
                if (arena != null) {
                    arena.close();
                }
            }
        };
    }

    /** The messages with host buffers in place of their device buffers; sends copied out of the device now. */
    private List<Message> staged(List<Message> messages, Arena arena, boolean out) {
        List<Message> hosted = new ArrayList<>(messages.size());
        for (Message m : messages) {
            MemorySegment host = arena.allocate(Math.max(1, m.buffer().byteSize()), 8).asSlice(0, m.buffer().byteSize());
            if (out && m.buffer().byteSize() > 0) {
                staging.toHost(m.buffer(), host);
            }
            hosted.add(new Message(m.from(), m.to(), host));
        }
        return hosted;
    }

    private boolean owned(int partition) {
        return cluster.owns(partition, partitions);
    }

    private static int pieces(Message m) {
        return (int) Math.max(1, (m.buffer().byteSize() + PIECE - 1) / PIECE);
    }

    private int tag(Message m) {
        int senderFirst = first(cluster.owner(m.from(), partitions));
        int receiver = cluster.owner(m.to(), partitions);
        int receiverFirst = first(receiver);
        int receiverCount = first(receiver + 1) - receiverFirst;
        return (m.from() - senderFirst) * receiverCount + (m.to() - receiverFirst);
    }

    /** The first partition of rank {@code rank} (of {@code rank == size}: the partition count). */
    private int first(int rank) {
        return (int) ((long) rank * partitions / cluster.size());
    }

    @Override
    public Traffic traffic() {
        return traffic;
    }

    @Override
    public boolean overlaps() {
        return staging == null || local.overlaps();
    }

    @Override
    public void close() {
        scratchArena.close();
        local.close();
    }
}
