package org.colony.runtime.transport;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.colony.ColonyException;
import org.colony.runtime.transport.Transport.Message;

/**
 * One send of an exchange paired with the receive it fills. Every {@link Transport} matches an exchange
 * here before it moves a byte, so all of them refuse the same mistakes with the same words.
 *
 * @param send the sending side
 * @param receive the receiving side: same sender, same receiver, same size
 */
public record Delivery(Message send, Message receive) {

    /** {@return the bytes delivered} */
    public long bytes() {
        return send.buffer().byteSize();
    }

    /**
     * Pairs every receive with its send: the k-th send from partition a to partition b fills the k-th receive
     * at b from a, in list order.
     *
     * @param receives the messages they receive, each with a buffer of the send's size
     * @param sends the messages this process's partitions send
     * @return one delivery per receive, in the order of {@code receives}
     * @throws ColonyException if a receive has no send, a send has no receive, or the two differ in size
     */
    public static List<Delivery> match(List<Message> sends, List<Message> receives) {
        Map<Long, ArrayDeque<Message>> pending = new HashMap<>();
        for (Message s : sends) {
            pending.computeIfAbsent(pair(s), k -> new ArrayDeque<>()).add(s);
        }
        List<Delivery> deliveries = new ArrayList<>(receives.size());
        for (Message r : receives) {
            ArrayDeque<Message> q = pending.get(pair(r));
            Message s = q == null ? null : q.poll();
            if (s == null) {
                throw new ColonyException("partition " + r.to() + " expects " + r.buffer().byteSize()
                        + " bytes from partition " + r.from() + ", which sends nothing in this exchange");
            }
            if (s.buffer().byteSize() != r.buffer().byteSize()) {
                throw new ColonyException("partition " + s.from() + " sends " + s.buffer().byteSize()
                        + " bytes to partition " + s.to() + ", which expects " + r.buffer().byteSize());
            }
            deliveries.add(new Delivery(s, r));
        }
        for (Message s : sends) {
            ArrayDeque<Message> q = pending.get(pair(s));
            if (!q.isEmpty()) {
                Message left = q.peek();
                throw new ColonyException("partition " + left.from() + " sends " + left.buffer().byteSize()
                        + " bytes to partition " + left.to() + ", which receives nothing in this exchange");
            }
        }
        return deliveries;
    }

    private static long pair(Message m) {
        return ((long) m.from() << 32) | (m.to() & 0xffffffffL);
    }
}
