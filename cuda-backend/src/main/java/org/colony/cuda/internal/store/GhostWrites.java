package org.colony.cuda.internal.store;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.colony.cuda.internal.bind.Driver;
import org.colony.kernel.ScalarType;
import org.colony.runtime.spi.IncomingWrites;
import org.colony.runtime.storage.HostCopy;

/**
 * What a step wrote into the agents of one GPU partition, staged through host memory for the reverse exchange of a
 * partitioned grid ({@code AgentHalo.sendWritesBack}): the writes into the ghost rows (the agents of other
 * partitions the device holds past its live agents) go out, and what the neighbours wrote into this partition's own
 * agents comes in and is combined into their incoming columns before the step's writes are applied.
 *
 * <p>The partition's host index gives a halo cell's agents host slots; the device holds one ghost row per agent of a
 * place (a place seen from two halo cells across a wrapping edge once, and the partition's own places seen across a
 * wrapping edge not at all: the step wrote their own rows). {@link #ghostsPut} records which host slot each device
 * ghost row stands for; the other host slots send the identity of their combination, which changes nothing.
 */
final class GhostWrites {

    private final CudaAgentStore dev;
    /** The host slot each device ghost row stands for, in device order. */
    private int[] hostSlots = new int[0];
    /** The device's live agents when the ghost rows were put past them (ghost row j is device slot this + j). */
    private long live;
    /** The ghost rows' writes by host slot, per attribute ordinal, and their kills; null until the first pack. */
    private Object[] ghostIncoming;
    private boolean[] ghostKilled;
    /** The live agents' incoming columns and death intents, by slot; null until the first combine. */
    private Object[] ownIncoming;
    private boolean[] ownKilled;

    GhostWrites(CudaAgentStore dev) {
        this.dev = dev;
    }

    /**
     * Notes the ghost rows the device now holds past its {@code live} agents: device ghost row j stands for host slot
     * {@code hostSlots[j]}.
     */
    void ghostsPut(int[] hostSlots, long live) {
        this.hostSlots = hostSlots;
        this.live = live;
    }

    /**
     * Packs what the step wrote into the agents of host slots {@code slots} (ghost rows of the host index, below
     * {@code hostEnd}) into {@code buffer}; the device's ghost rows are read once an exchange, and their death
     * intents cleared there.
     */
    void pack(int[] slots, int hostEnd, IncomingWrites writes, MemorySegment buffer, long offset) {
        if (ghostIncoming == null) {
            downloadGhosts(writes, hostEnd);
        }
        writes.pack(ghostIncoming, ghostKilled, slots, slots.length, buffer, offset);
    }

    /**
     * Combines what a neighbour wrote into this partition's agents of host slots {@code slots} (live agents, whose
     * host slots are their device slots) from {@code buffer}; the device's incoming columns are read once an exchange.
     */
    void combine(int[] slots, IncomingWrites writes, MemorySegment buffer, long offset) {
        if (ownIncoming == null) {
            downloadOwn(writes);
        }
        writes.combine(ownIncoming, ownKilled, slots, slots.length, buffer, offset);
    }

    /** Ends an exchange: the combined incoming columns and death intents go back to the device. */
    void finish(IncomingWrites writes) {
        if (ownIncoming != null) {
            uploadOwn(writes);
        }
        ghostIncoming = null;
        ghostKilled = null;
        ownIncoming = null;
        ownKilled = null;
    }

    private void downloadGhosts(IncomingWrites writes, int hostEnd) {
        dev.device().checkOpen();
        DeviceAgentColumns columns = dev.columns();
        int n = hostSlots.length;
        ghostIncoming = new Object[dev.model().attributes().size()];
        ghostKilled = new boolean[hostEnd];
        try (Arena arena = Arena.ofConfined()) {
            for (int i = 0; i < writes.attributes().length; i++) {
                int attribute = writes.attributes()[i];
                ScalarType type = writes.types()[i];
                Object column = writes.identityColumn(i, hostEnd);
                if (n > 0) {
                    MemorySegment host = arena.allocate((long) type.bytes() * n);
                    columns.incoming(attribute).download(host, live * type.bytes(), host.byteSize());
                    Object rows = type.newArray(n);
                    HostCopy.fromSegment(host, 0, rows, 0, n, type);
                    for (int j = 0; j < n; j++) {
                        System.arraycopy(rows, j, column, hostSlots[j], 1);
                    }
                }
                ghostIncoming[attribute] = column;
            }
            if (writes.kills() && n > 0) {
                MemorySegment host = arena.allocate(n);
                columns.killed().download(host, live, n);
                boolean[] rows = new boolean[n];
                HostCopy.fromSegment(host, 0, rows, 0, n, ScalarType.BOOLEAN);
                for (int j = 0; j < n; j++) {
                    ghostKilled[hostSlots[j]] = rows[j];
                }
                dev.device().fillBytes(columns.killed().pointer() + live, n, 0); // sent: the owner keeps them now
            }
        }
    }

    private void downloadOwn(IncomingWrites writes) {
        dev.device().checkOpen();
        DeviceAgentColumns columns = dev.columns();
        int n = (int) columns.count();
        ownIncoming = new Object[dev.model().attributes().size()];
        ownKilled = new boolean[n];
        try (Arena arena = Arena.ofConfined()) {
            for (int i = 0; i < writes.attributes().length; i++) {
                ScalarType type = writes.types()[i];
                Object column = type.newArray(n);
                if (n > 0) {
                    MemorySegment host = arena.allocate((long) type.bytes() * n);
                    columns.incoming(writes.attributes()[i]).download(host, 0, host.byteSize());
                    HostCopy.fromSegment(host, 0, column, 0, n, type);
                }
                ownIncoming[writes.attributes()[i]] = column;
            }
            if (writes.kills() && n > 0) {
                MemorySegment host = arena.allocate(n);
                columns.killed().download(host, 0, n);
                HostCopy.fromSegment(host, 0, ownKilled, 0, n, ScalarType.BOOLEAN);
            }
        }
    }

    private void uploadOwn(IncomingWrites writes) {
        dev.device().checkOpen();
        DeviceAgentColumns columns = dev.columns();
        int n = ownKilled.length;
        if (n == 0) {
            return;
        }
        try (Arena arena = Arena.ofConfined()) {
            for (int i = 0; i < writes.attributes().length; i++) {
                ScalarType type = writes.types()[i];
                MemorySegment host = arena.allocate((long) type.bytes() * n);
                HostCopy.toSegment(ownIncoming[writes.attributes()[i]], 0, host, 0, n, type);
                Driver.copyToDevice(columns.incoming(writes.attributes()[i]).pointer(), host, host.byteSize());
            }
            if (writes.kills()) {
                MemorySegment host = arena.allocate(n);
                HostCopy.toSegment(ownKilled, 0, host, 0, n, ScalarType.BOOLEAN);
                Driver.copyToDevice(columns.killed().pointer(), host, n);
            }
        }
    }
}
