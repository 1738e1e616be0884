package org.colony.runtime.transport;

import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * The transport of partitions that all live in this process, in host memory: each message is one copy. An
 * exchange that does not match ({@link Delivery#match}) copies nothing.
 */
public final class InProcessTransport implements Transport {

    private final Traffic traffic = new Traffic();

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
            if (!d.send().buffer().equals(d.receive().buffer())) { // (the sender packed into the receive)
                MemorySegment.copy(d.send().buffer(), 0, d.receive().buffer(), 0, d.bytes());
            }
            traffic.add(d);
        }
    }

    @Override
    public boolean oneMemory() {
        return true;
    }

    @Override
    public Traffic traffic() {
        return traffic;
    }

    @Override
    public void close() {
    }
}
