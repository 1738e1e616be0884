package org.colony.runtime.transport;

import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * The transport of partitions that all live in this process, in host memory: each message is one copy. An
 * exchange that does not match ({@link Delivery#match}) copies nothing.
 */
public final class InProcessTransport implements Transport {

    private long messages;
    private long bytes;

    /** A transport that has moved nothing yet. */
    public InProcessTransport() {
    }

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
        for (Delivery d : Delivery.match(sends, receives)) {
            MemorySegment.copy(d.send().buffer(), 0, d.receive().buffer(), 0, d.bytes());
            messages++;
            bytes += d.bytes();
        }
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
