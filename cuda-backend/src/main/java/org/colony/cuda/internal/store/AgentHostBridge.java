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
    /**
     * What {@link #save} copies to the host: ids, places, targets, spawns, birth places, birth spreads, killed flags,
     * then the attributes.
     */
    private final AgentRows saved;
    /** What {@link #upload} copies to the device: ids, places, ordinals, then the attributes. */
    private final AgentRows loaded;

    AgentHostBridge(AgentDevice device, ModelInfo model, DeviceAgentColumns columns, DeviceAgentIndex index,
            DeviceRound round) {
        this.device = device;
        this.model = model;
        this.columns = columns;
        this.index = index;
        this.round = round;
        this.saved = new AgentRows(model, columns, 8, 8, 8, 4, 8, 4, 1);
        this.loaded = AgentRows.ordered(model, columns);
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
        // Every column gathered into one buffer on the device (one launch), then one copy to the host: one wait.
        DeviceBuffer[] current = columns.current();
        long[] at = saved.layout(n);
        long size = at[at.length - 1];
        long staged = device.pool().get("bridge.save", size + DeviceErrors.BYTES);
        RowCopies gather = new RowCopies(device, "bridge.saveTable");
        saved.gather(gather, staged, 0, 0L, n, columns.ids(), columns.locations(), columns.targets(), columns.spawns(),
                columns.birthPlaces(), columns.birthSpreads(), columns.killed());
        gather.launch();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment host = arena.allocate(size + DeviceErrors.BYTES, 16);
            device.checkedDownload(staged, host); // (with the error record: one wait)
            MemorySegment.copy(host, ValueLayout.JAVA_LONG, at[0], cols.ids(), 0, n);
            MemorySegment.copy(host, ValueLayout.JAVA_LONG, at[1], cols.locations(), 0, n);
            MemorySegment.copy(host, ValueLayout.JAVA_LONG, at[2], cols.targets(), 0, n);
            MemorySegment.copy(host, ValueLayout.JAVA_INT, at[3], cols.spawns(), 0, n);
            MemorySegment.copy(host, ValueLayout.JAVA_LONG, at[4], cols.birthPlaces(), 0, n);
            MemorySegment.copy(host, ValueLayout.JAVA_INT, at[5], cols.birthSpreads(), 0, n);
            HostCopy.fromSegment(host, at[6], cols.killed(), 0, n, ScalarType.BOOLEAN);
            for (int a = 0; a < current.length; a++) {
                AttributeInfo info = model.attributes().get(a);
                long bytes = (long) info.type().bytes() * n;
                for (int k = 0; k < info.columns(); k++) {
                    HostCopy.fromSegment(host, at[saved.attribute(a)] + k * bytes, cols.column(a, k), 0, n,
                            info.type());
                }
            }
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
            upload(cols, 0, n);
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
        upload(added, count, n);
        columns.clearRequests(count);
        columns.hold(count + n, 0, null);
        index.invalidate();
    }

    /**
     * Copies ids, places, ordinals and attributes of {@code cols}' slots {@code [0, n)} into slots
     * {@code [at, at + n)}: packed on the host into one buffer, queued to the device through the upload stage and
     * scattered into the columns by one launch; nothing waits.
     */
    private void upload(AgentColumns cols, long at, long n) {
        int attributes = model.attributes().size();
        long[] off = loaded.layout(n);
        long total = off[off.length - 1];
        int count = (int) n;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment host = arena.allocate(total, 16);
            MemorySegment.copy(cols.ids(), 0, host, ValueLayout.JAVA_LONG, off[0], count);
            MemorySegment.copy(cols.locations(), 0, host, ValueLayout.JAVA_LONG, off[1], count);
            MemorySegment.copy(cols.ordinals(), 0, host, ValueLayout.JAVA_INT, off[2], count);
            for (int a = 0; a < attributes; a++) {
                AttributeInfo info = model.attributes().get(a);
                long bytes = (long) info.type().bytes() * n;
                for (int k = 0; k < info.columns(); k++) {
                    HostCopy.toSegment(cols.column(a, k), 0, host, off[loaded.attribute(a)] + k * bytes, count,
                            info.type());
                }
            }
            long staged = device.pool().get("bridge.load", total);
            device.stage().upload(staged, host, 0, total);
            RowCopies scatter = new RowCopies(device, "bridge.loadTable");
            loaded.scatter(scatter, staged, at, n, columns.ids(), columns.locations(), columns.ordinals());
            scatter.launch();
        }
        columns.ordinalsWritten();
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
            // (queued through the upload stage, as the rows below: nothing waits)
            device.stage().upload(columns.locations().pointer() + 8 * count, MemorySegment.ofArray(places), 0, 8L * n);
            // no step killed them yet (a step that kills agents next door reads them: GhostWrites)
            device.fillBytes(columns.killed().pointer() + count, n, 0);
            if (rows != null) {
                PackedRows packed = PackedRows.of(model, n, false);
                device.stage().upload(columns.ids().pointer() + 8 * count, rows, packed.ids(), 8L * n);
                DeviceBuffer[] current = columns.current();
                int column = 0;
                for (int i = 0; i < current.length; i++) {
                    AttributeInfo info = model.attributes().get(i);
                    long bytes = (long) info.type().bytes() * n;
                    for (int k = 0; k < info.columns(); k++) {
                        device.stage().upload(current[i].pointer()
                                + ((long) k * columns.slots() + count) * info.type().bytes(), rows,
                                packed.column(column++), bytes);
                    }
                }
            }
        }
        index.ghostRows(n);
    }
}
