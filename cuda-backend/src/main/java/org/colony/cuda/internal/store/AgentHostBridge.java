package org.colony.cuda.internal.store;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.colony.ColonyException;
import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.device.DeviceBuffer;
import org.colony.cuda.internal.device.DeviceErrors;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.ScalarType;
import org.colony.runtime.storage.AgentColumns;
import org.colony.runtime.storage.HostCopy;
import org.colony.runtime.storage.PackedRows;

/**
 * The agents of a partition staged through host memory: the live agents copied to the runtime's
 * {@link AgentColumns} and back (for a round that runs on the host), and the rows of the agents of other
 * partitions on the halo put into the slots past the live agents as ghosts.
 */
final class AgentHostBridge {

    private final AgentDevice device;
    private final ModelInfo model;
    private final DeviceAgentColumns columns;
    private final DeviceAgentIndex index;
    private final DeviceRound round;
    private final DeviceErrors errors;

    AgentHostBridge(AgentDevice device, ModelInfo model, DeviceAgentColumns columns, DeviceAgentIndex index,
            DeviceRound round) {
        this.device = device;
        this.model = model;
        this.columns = columns;
        this.index = index;
        this.round = round;
        this.errors = device.context().errors();
    }

    /**
     * Copies the live agents into {@code cols} (which takes their number): ids, places, every attribute, and the
     * deaths, moves and children (and their places) the steps asked for.
     */
    void save(AgentColumns cols) {
        device.checkOpen();
        round.settle();
        int n = (int) columns.count();
        cols.reserve(n);
        cols.count(n);
        if (n == 0) {
            return;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment host = arena.allocate(8L * n);
            columns.ids().download(host, 0, 8L * n);
            MemorySegment.copy(host, ValueLayout.JAVA_LONG, 0, cols.ids(), 0, n);
            columns.locations().download(host, 0, 8L * n);
            MemorySegment.copy(host, ValueLayout.JAVA_LONG, 0, cols.locations(), 0, n);
            columns.targets().download(host, 0, 8L * n);
            MemorySegment.copy(host, ValueLayout.JAVA_LONG, 0, cols.targets(), 0, n);
            columns.spawns().download(host, 0, 4L * n);
            MemorySegment.copy(host, ValueLayout.JAVA_INT, 0, cols.spawns(), 0, n);
            columns.birthPlaces().download(host, 0, 8L * n);
            MemorySegment.copy(host, ValueLayout.JAVA_LONG, 0, cols.birthPlaces(), 0, n);
            columns.birthSpreads().download(host, 0, 4L * n);
            MemorySegment.copy(host, ValueLayout.JAVA_INT, 0, cols.birthSpreads(), 0, n);
            columns.killed().download(host, 0, n);
            HostCopy.fromSegment(host, 0, cols.killed(), 0, n, ScalarType.BOOLEAN);
            DeviceBuffer[] current = columns.current();
            for (int at = 0; at < current.length; at++) {
                AttributeInfo info = model.attributes().get(at);
                int size = info.type().bytes();
                for (int k = 0; k < info.columns(); k++) {
                    MemorySegment col = arena.allocate((long) size * n);
                    current[at].download(col, (long) k * columns.slots() * size, col.byteSize());
                    HostCopy.fromSegment(col, 0, cols.column(at, k), 0, n, info.type());
                }
            }
            errors.check();
        }
    }

    /**
     * Replaces the agents by the live agents of {@code cols}, with no deaths, moves or children asked for and no
     * ghosts; the columns grow or shrink with the population as {@code manageAll} makes them.
     */
    void load(AgentColumns cols) {
        device.checkOpen();
        long n = cols.count();
        long slots = columns.slots();
        if (n > slots || (slots > DeviceAgentColumns.MIN_SLOTS && n < slots / 2)) {
            columns.reallocate(Math.max(DeviceAgentColumns.MIN_SLOTS, n + n / 2));
            device.pool().close();
        } else {
            columns.clearRequests(0);
        }
        if (n > 0) {
            upload(cols, 0, n, columns.slots());
        }
        columns.hold(n, 0, null);
        index.noGhosts();
        index.invalidate();
    }

    /**
     * Appends the agents of {@code added} (ids, places, attributes of its live agents) after the live agents, with no
     * intents; the live agents keep theirs.
     */
    void append(AgentColumns added) {
        device.checkOpen();
        round.settle();
        long count = columns.count();
        long n = added.count();
        index.noGhosts();
        if (n == 0) {
            index.invalidate(); // (the ghosts it counted are gone, as after an append of agents)
            return;
        }
        if (count + n > DeviceAgentColumns.MAX_AGENTS) {
            throw new ColonyException(device.name() + " agents would number " + (count + n) + "; the CUDA backend "
                    + "holds at most " + DeviceAgentColumns.MAX_AGENTS + " per collection");
        }
        columns.ensureSlots(count + n);
        upload(added, count, n, columns.slots());
        columns.clearRequests(count);
        columns.hold(count + n, 0, null);
        index.invalidate();
    }

    /** Copies ids, places and attributes of {@code cols}' slots {@code [0, n)} into slots {@code [at, at + n)}. */
    private void upload(AgentColumns cols, long at, long n, long pitch) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment host = arena.allocate(8L * n);
            MemorySegment.copy(cols.ids(), 0, host, ValueLayout.JAVA_LONG, 0, (int) n);
            Driver.copyToDevice(columns.ids().pointer() + 8 * at, host, 8L * n);
            MemorySegment.copy(cols.locations(), 0, host, ValueLayout.JAVA_LONG, 0, (int) n);
            Driver.copyToDevice(columns.locations().pointer() + 8 * at, host, 8L * n);
            MemorySegment.copy(cols.ordinals(), 0, host, ValueLayout.JAVA_INT, 0, (int) n);
            Driver.copyToDevice(columns.ordinals().pointer() + 4 * at, host, 4L * n);
            columns.ordinalsWritten();
            DeviceBuffer[] current = columns.current();
            for (int i = 0; i < current.length; i++) {
                AttributeInfo info = model.attributes().get(i);
                int size = info.type().bytes();
                for (int k = 0; k < info.columns(); k++) {
                    MemorySegment col = arena.allocate((long) size * n);
                    HostCopy.toSegment(cols.column(i, k), 0, col, 0, (int) n, info.type());
                    Driver.copyToDevice(current[i].pointer() + ((long) k * pitch + at) * size, col, col.byteSize());
                }
            }
        }
    }

    /**
     * Puts the agents of other partitions on this one's halo into the slots past the live agents, where the
     * agents-by-place index finds them: {@code places[i]} (global place indices, none owned here) and, unless
     * {@code rows} is null, ids and attributes packed column by column as {@link PackedRows} lays them out.
     * They stay until the next {@code manageAll} or call of this method; steps run on the live agents only.
     */
    void ghosts(long[] places, int n, MemorySegment rows) {
        device.checkOpen();
        long count = columns.count();
        columns.ensureSlots(count + n);
        if (n > 0) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment host = arena.allocate(8L * n);
                MemorySegment.copy(places, 0, host, ValueLayout.JAVA_LONG, 0, n);
                Driver.copyToDevice(columns.locations().pointer() + 8 * count, host, 8L * n);
            }
            // no step killed them yet (a step that kills agents next door reads them: GhostWrites)
            device.fillBytes(columns.killed().pointer() + count, n, 0);
            if (rows != null) {
                PackedRows packed = PackedRows.of(model, n, false);
                Driver.copyToDevice(columns.ids().pointer() + 8 * count, rows.asSlice(packed.ids(), 8L * n), 8L * n);
                DeviceBuffer[] current = columns.current();
                int column = 0;
                for (int i = 0; i < current.length; i++) {
                    AttributeInfo info = model.attributes().get(i);
                    long bytes = (long) info.type().bytes() * n;
                    for (int k = 0; k < info.columns(); k++) {
                        Driver.copyToDevice(current[i].pointer()
                                + ((long) k * columns.slots() + count) * info.type().bytes(),
                                rows.asSlice(packed.column(column++), bytes), bytes);
                    }
                }
            }
        }
        index.ghostRows(n);
    }
}
