package org.colony.runtime.partition;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.IntPredicate;
import org.colony.runtime.transport.Transport;

/**
 * One message of an exchange between partitions, with what fills it and what reads it: the sender packs its
 * buffer, the transport carries it, the receiver unpacks its own. Both ends state the size they expect (the
 * sender from what it has, the receiver from what it was told earlier), and the transport refuses a mismatch.
 *
 * @param from the sending partition
 * @param to the receiving partition
 * @param sendBytes the bytes the sender packs
 * @param receiveBytes the bytes the receiver expects
 * @param pack fills the send buffer
 * @param unpack reads the receive buffer
 */
record Parcel(int from, int to, long sendBytes, long receiveBytes, Consumer<MemorySegment> pack,
        Consumer<MemorySegment> unpack) {

    /** A parcel whose size both ends know alike. */
    static Parcel of(int from, int to, long bytes, Consumer<MemorySegment> pack, Consumer<MemorySegment> unpack) {
        return new Parcel(from, to, bytes, bytes, pack, unpack);
    }

    /**
     * Packs every parcel, carries them in one exchange and unpacks them, in list order; parcels of no bytes at
     * both ends are left out.
     *
     * @return the bytes sent
     */
    static long exchange(Transport transport, List<Parcel> parcels) {
        return exchange(transport, parcels, p -> true);
    }

    /**
     * As {@link #exchange(Transport, List)} for the partitions that {@code local} accepts: a parcel is packed where
     * its sender is local and unpacked where its receiver is (the other end lives in another process, which lists
     * the same parcel); the sizes of a remote end are not read.
     *
     * @return the bytes this process sent
     */
    static long exchange(Transport transport, List<Parcel> parcels, IntPredicate local) {
        List<Transport.Message> sends = new ArrayList<>();
        List<Transport.Message> receives = new ArrayList<>();
        List<Parcel> carried = new ArrayList<>();
        long bytes = 0;
        boolean any = false;
        // In one host memory a parcel whose two ends agree on its size is packed into the buffer its receiver reads,
        // which the transport then leaves alone: no second buffer, no copy.
        boolean shared = transport.oneMemory() && !transport.deviceMemory();
        for (Parcel p : parcels) {
            boolean out = local.test(p.from());
            boolean in = local.test(p.to());
            if ((!out || p.sendBytes() == 0) && (!in || p.receiveBytes() == 0)) {
                continue; // a parcel both ends know is empty; or whose local end is empty and so is the other
            }
            MemorySegment sent = null;
            if (out) {
                sent = buffer(p.sendBytes());
                p.pack().accept(sent);
                sends.add(new Transport.Message(p.from(), p.to(), sent));
                bytes += p.sendBytes();
            }
            if (in) {
                MemorySegment b = shared && out && p.sendBytes() == p.receiveBytes() ? sent : buffer(p.receiveBytes());
                receives.add(new Transport.Message(p.from(), p.to(), b));
                carried.add(p);
            }
            any = true;
        }
        if (!any) {
            return 0;
        }
        transport.exchange(sends, receives);
        for (int i = 0; i < carried.size(); i++) {
            carried.get(i).unpack().accept(receives.get(i).buffer());
        }
        return bytes;
    }

    /**
     * Partition p tells every other partition q the number {@code values[p][q]} (8 bytes a pair, in one exchange);
     * returns what each heard, {@code [q][p]}. The bytes sent are {@code 8 k (k - 1)} for k partitions.
     */
    static long[][] tell(Transport transport, long[][] values) {
        int k = values.length;
        long[][] heard = new long[k][k];
        exchange(transport, allPairs(k, (from, to) -> of(from, to, 8,
                b -> b.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, values[from][to]),
                b -> heard[to][from] = b.get(ValueLayout.JAVA_LONG_UNALIGNED, 0))));
        return heard;
    }

    /** Makes the parcel from one partition to another. */
    @FunctionalInterface
    interface Between {
        Parcel make(int from, int to);
    }

    /** A parcel from every one of {@code k} partitions to every other, sender after sender. */
    static List<Parcel> allPairs(int k, Between parcel) {
        List<Parcel> out = new ArrayList<>(k * (k - 1));
        for (int from = 0; from < k; from++) {
            for (int to = 0; to < k; to++) {
                if (to != from) {
                    out.add(parcel.make(from, to));
                }
            }
        }
        return out;
    }

    private static MemorySegment buffer(long bytes) {
        return bytes == 0 ? MemorySegment.ofArray(new byte[0]) : Arena.ofAuto().allocate(bytes, 8);
    }
}
