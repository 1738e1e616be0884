package org.colony.runtime.partition;

import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.colony.runtime.ColonyException;

/** The transport of partitions that all live in this process, in host memory: each message is one copy. */
public final class InProcessTransport implements Transport {

    private long messages;
    private long bytes;

    @Override
    public String name() {
        return "in-process";
    }

    @Override
    public boolean deviceMemory() {
        return false;
    }

    @Override
    public void exchange(List<Message> sends, List<Message> receives) {
        Map<Long, ArrayDeque<Message>> pending = new HashMap<>();
        for (Message s : sends) {
            pending.computeIfAbsent(pair(s), k -> new ArrayDeque<>()).add(s);
        }
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
            MemorySegment.copy(s.buffer(), 0, r.buffer(), 0, s.buffer().byteSize());
            messages++;
            bytes += s.buffer().byteSize();
        }
        for (ArrayDeque<Message> q : pending.values()) {
            if (!q.isEmpty()) {
                Message s = q.peek();
                throw new ColonyException("partition " + s.from() + " sends " + s.buffer().byteSize()
                        + " bytes to partition " + s.to() + ", which receives nothing in this exchange");
            }
        }
    }

    private static long pair(Message m) {
        return ((long) m.from() << 32) | (m.to() & 0xffffffffL);
    }

    /** Messages delivered so far. */
    public long messages() {
        return messages;
    }

    /** Bytes delivered so far. */
    public long bytes() {
        return bytes;
    }

    @Override
    public void close() {
    }
}
