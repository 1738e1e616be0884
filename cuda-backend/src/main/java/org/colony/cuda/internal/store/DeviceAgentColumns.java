package org.colony.cuda.internal.store;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.colony.ColonyException;
import org.colony.cuda.internal.bind.Driver;
import org.colony.runtime.spi.Closeables;
import org.colony.cuda.internal.device.DeviceBuffer;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.Combine;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.ScalarType;

/**
 * The columns of one agent collection in device memory, by slot: every attribute (a second buffer where it is
 * double-buffered), ids, places, and what the steps asked of {@code manageAll} (killed, move targets, children and
 * their places),
 * with what the agents wrote to their places; the live agents in id order in the first {@link #count} slots. The
 * slots grow and shrink with the population ({@link #ensureSlots}, {@link #compact}), and a compaction that keeps
 * them gathers each column into a spare buffer of its size, which becomes the column.
 */
final class DeviceAgentColumns {

    /** The most agents one collection holds on the GPU. */
    static final long MAX_AGENTS = Integer.MAX_VALUE - 8L;
    /** The fewest slots the columns have. */
    static final int MIN_SLOTS = 1024;

    private final ModelInfo model;
    private final ModelInfo placeModel;
    private final AgentDevice device;
    /** The compaction's gathers in place, with the spare buffers they gather into. */
    private final ColumnGathers gathers;
    private final DeviceBuffer[] contribution;
    private final DeviceBuffer[] contributed;
    private long slots;
    private long count;
    private long nextId;
    /** Slots below {@link #count} without an agent (left in a deferred round: no place, killed). */
    private long gone;
    /** After a deferred round, where the runs of slots in id order start (and the last ends); null when compact. */
    private int[] runs;
    private DeviceBuffer[] current;
    private DeviceBuffer[] next;
    private DeviceBuffer ids;
    private DeviceBuffer locations;
    private DeviceBuffer killed;
    private DeviceBuffer targets;
    private DeviceBuffer spawns;
    private DeviceBuffer birthPlaces;
    private DeviceBuffer birthSpreads;
    private DeviceBuffer ordinals;
    /** Per attribute, the writes of other agents combined during a step (null until a step writes it). */
    private final DeviceBuffer[] incoming;
    /** Per iterated agent class, the agents of it each agent asked for in the last step that asked (null before). */
    private final DeviceBuffer[] creates;
    /** Whether some ordinal may be other than -1 (children were born or agents loaded since the last reset). */
    private boolean ordinalsSet;

    /**
     * Allocates the columns for agents of the given ids (increasing; null: 0, 1, ...) at the given global place
     * indices, and copies their ids and places to the device.
     */
    DeviceAgentColumns(ModelInfo model, ModelInfo placeModel, AgentDevice device, long[] initialIds, long[] initial) {
        this.model = model;
        this.placeModel = placeModel;
        this.device = device;
        this.gathers = new ColumnGathers(device);
        this.contribution = new DeviceBuffer[placeModel.attributes().size()];
        this.contributed = new DeviceBuffer[placeModel.attributes().size()];
        this.incoming = new DeviceBuffer[model.attributes().size()];
        this.creates = new DeviceBuffer[model.agentClasses().size()];
        int n = initial.length;
        allocate(Math.max(MIN_SLOTS, n + n / 2L));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment loc = arena.allocate(8L * Math.max(1, n));
            MemorySegment id = arena.allocate(8L * Math.max(1, n));
            for (int i = 0; i < n; i++) {
                loc.setAtIndex(ValueLayout.JAVA_LONG, i, initial[i]);
                id.setAtIndex(ValueLayout.JAVA_LONG, i, initialIds == null ? i : initialIds[i]);
            }
            if (n > 0) {
                Driver.copyToDevice(locations.pointer(), loc, 8L * n);
                Driver.copyToDevice(ids.pointer(), id, 8L * n);
            }
        }
        this.count = n;
        this.nextId = initialIds == null || n == 0 ? n : initialIds[n - 1] + 1;
    }

    private void allocate(long n) {
        closeSpares(); // sized for the old slots
        slots = n;
        int attributes = model.attributes().size();
        current = new DeviceBuffer[attributes];
        next = new DeviceBuffer[attributes];
        for (int i = 0; i < attributes; i++) {
            AttributeInfo info = model.attributes().get(i);
            long bytes = (long) info.type().bytes() * info.columns() * n;
            current[i] = DeviceBuffer.pooled(bytes);
            if (info.doubleBuffered()) {
                next[i] = DeviceBuffer.pooled(bytes);
            }
        }
        ids = DeviceBuffer.pooled(8 * n);
        locations = DeviceBuffer.pooled(8 * n);
        killed = DeviceBuffer.pooled(n);
        targets = DeviceBuffer.pooled(8 * n);
        spawns = DeviceBuffer.pooled(4 * n);
        birthPlaces = DeviceBuffer.pooled(8 * n);
        birthSpreads = DeviceBuffer.pooled(4 * n);
        Driver.memset8(birthSpreads.pointer(), (byte) 0, 4 * n);
        ordinals = DeviceBuffer.pooled(4 * n);
        Driver.memset8(ordinals.pointer(), (byte) 0xFF, 4 * n);
        ordinalsSet = false;
        device.fillLong(targets.pointer(), n, -1);
        device.fillLong(birthPlaces.pointer(), n, -1);
        for (int p = 0; p < contribution.length; p++) {
            if (contribution[p] != null) {
                contribution[p].close();
                contributed[p].close();
                contribution[p] = null;
                contributed[p] = null;
            }
        }
    }

    /** The slots allocated per column. */
    long slots() {
        return slots;
    }

    /** The slots in use: the live agents, and the empty slots a deferred round left among them ({@link #gone}). */
    long count() {
        return count;
    }

    /** The empty slots below {@link #count} that a deferred round left. */
    long gone() {
        return gone;
    }

    /** Where the runs of slots in id order start (and the last ends) after a deferred round; null when compact. */
    int[] runs() {
        return runs;
    }

    /** Makes the next child's id at least {@code id} (after agents were added with ids below it). */
    void idsFrom(long id) {
        nextId = Math.max(nextId, id);
    }

    /** Makes the next child's id {@code id} (as a checkpoint restores the agents). */
    void nextIdIs(long id) {
        nextId = id;
    }

    /**
     * Notes what the first {@code count} slots hold now: {@code gone} of them empty, the rest in the runs of id order
     * that start at {@code runs} (null: compact, in id order).
     */
    void hold(long count, long gone, int[] runs) {
        this.count = count;
        this.gone = gone;
        this.runs = runs;
    }

    /** The current buffer of each attribute (the array itself, which the columns swap). */
    DeviceBuffer[] current() {
        return current;
    }

    /**
     * {@return the ranks of slots 0 .. n - 1 by the model's {@code @Priority} attribute, in the scratch buffer
     * {@code name}; 0 (no ranks) where the model has none}
     */
    long ranks(long n, String name) {
        long rank = rankBuffer(n, name);
        if (rank != 0L) {
            long column = rankColumn();
            int type = rankType();
            device.run("colony_priority_ranks", n, p -> p.add(n).add(column).addInt(type).add(rank));
        }
        return rank;
    }

    /** Scratch {@code name} for the ranks of {@code n} slots where the model has a {@code @Priority}, else 0. */
    long rankBuffer(long n, String name) {
        return model.priority() < 0 ? 0L : device.pool().get(name, 8 * Math.max(1, n));
    }

    /** The column of the model's {@code @Priority} attribute, 0 where it has none. */
    long rankColumn() {
        int ranked = model.priority();
        return ranked < 0 ? 0L : current[ranked].pointer();
    }

    /** The {@code ScalarType} ordinal of the model's {@code @Priority} attribute, 0 where it has none. */
    int rankType() {
        int ranked = model.priority();
        return ranked < 0 ? 0 : model.attributes().get(ranked).type().ordinal();
    }

    /** The second buffer of each attribute, null where it is not double-buffered (the array itself). */
    DeviceBuffer[] next() {
        return next;
    }

    DeviceBuffer ids() {
        return ids;
    }

    DeviceBuffer locations() {
        return locations;
    }

    DeviceBuffer killed() {
        return killed;
    }

    DeviceBuffer targets() {
        return targets;
    }

    DeviceBuffer spawns() {
        return spawns;
    }

    /**
     * Where the children asked for are born, by slot: -1 on the parent's place after its move, -2 off the grid; set by
     * every spawn, read only where children were asked for.
     */
    DeviceBuffer birthPlaces() {
        return birthPlaces;
    }

    /** Ordinals among their siblings of the children born in the last manageAll, by slot; -1 for the others. */
    DeviceBuffer ordinals() {
        return ordinals;
    }

    /** Notes that ordinals other than -1 were written (by the births of a manageAll, or a load from the host). */
    void ordinalsWritten() {
        ordinalsSet = true;
    }

    /** Makes every ordinal -1, at the start of a manageAll (where some may be other). */
    void resetOrdinals() {
        if (ordinalsSet) {
            device.fillBytes(ordinals.pointer(), ordinals.bytes(), 0xFF);
            ordinalsSet = false;
        }
    }

    /** How the children asked for are spread, by slot: 0, or radius << 16 | tries of a spawnNear. */
    DeviceBuffer birthSpreads() {
        return birthSpreads;
    }

    /** What the agents wrote to place attribute {@code attribute}, by slot; null before a step wrote it. */
    DeviceBuffer contribution(int attribute) {
        return contribution[attribute];
    }

    /** Whether each slot wrote place attribute {@code attribute} (one byte a slot); null before a step wrote it. */
    DeviceBuffer contributed(int attribute) {
        return contributed[attribute];
    }

    /** Swaps the two buffers of a double-buffered attribute after a step wrote it. */
    void swap(int attribute) {
        DeviceBuffer t = current[attribute];
        current[attribute] = next[attribute];
        next[attribute] = t;
    }

    /**
     * Makes attribute {@code attribute}'s incoming column ready for a step in which other agents (or places) combine
     * writes into it by {@code op}: every slot starts at the identity of {@code op}.
     */
    void prepareIncoming(int attribute, Combine op) {
        AttributeInfo info = model.attributes().get(attribute);
        incoming[attribute] = sized(incoming[attribute], (long) info.type().bytes() * slots);
        long p = incoming[attribute].pointer();
        long identity = op.identityBits(info.type());
        switch (info.type()) {
            case INT, FLOAT -> device.fillInt(p, slots, (int) identity);
            case LONG, DOUBLE -> device.fillLong(p, slots, identity);
            default -> throw new IllegalStateException(info.name() + " is not written by other agents");
        }
    }

    /** Combines the incoming writes into attribute {@code attribute}'s column of the agents, as a step ends. */
    void applyIncoming(int attribute, Combine op) {
        AttributeInfo info = model.attributes().get(attribute);
        String kernel = switch (info.type()) {
            case INT -> "colony_apply_incoming_i32";
            case LONG -> "colony_apply_incoming_i64";
            case FLOAT -> "colony_apply_incoming_f32";
            default -> "colony_apply_incoming_f64";
        };
        long column = current[attribute].pointer();
        long in = incoming[attribute].pointer();
        long n = count;
        if (n > 0) {
            device.run(kernel, n, q -> q.add(column).add(in).add(n).addInt(op == Combine.SUM ? 0
                    : op == Combine.MIN ? 1 : 2));
        }
    }

    /** Makes the counts of agents of iterated class {@code slot} asked for zero, for a step that asks for some. */
    void prepareCreates(int slot) {
        creates[slot] = sized(creates[slot], 4 * slots);
        device.fillInt(creates[slot].pointer(), slots, 0);
    }

    /** {@return {@code buffer} where it has {@code bytes}, else a new buffer of them (the old one freed)} */
    private static DeviceBuffer sized(DeviceBuffer buffer, long bytes) {
        if (buffer != null && buffer.bytes() == bytes) {
            return buffer;
        }
        if (buffer != null) {
            buffer.close();
        }
        return DeviceBuffer.pooled(bytes);
    }

    /** The counts of agents of iterated class {@code slot} asked for (see {@link #prepareCreates}). */
    DeviceBuffer creates(int slot) {
        return creates[slot];
    }

    /** The incoming column of attribute {@code attribute} (see {@link #prepareIncoming}). */
    DeviceBuffer incoming(int attribute) {
        return incoming[attribute];
    }

    /** Makes the contributions to place attribute {@code attr} ready for a step that writes it with {@code op}. */
    void prepareContribution(int attr, Combine op) {
        AttributeInfo info = placeModel.attributes().get(attr);
        long n = slots * info.columns();
        if (contribution[attr] == null) {
            contribution[attr] = DeviceBuffer.pooled(n * info.type().bytes());
            contributed[attr] = DeviceBuffer.pooled(n);
        } else {
            boolean floating = info.type() == ScalarType.DOUBLE || info.type() == ScalarType.FLOAT;
            // (kernels, not memsets: a memset would end the run of launches a CUDA graph replays)
            if (!floating) { // floating-point sums are filled with -0.0 below
                device.fillBytes(contribution[attr].pointer(), contribution[attr].bytes(), 0);
            }
            device.fillBytes(contributed[attr].pointer(), contributed[attr].bytes(), 0);
        }
        // Floating-point sums start at -0.0, the identity of addition: a place's -0.0 survives agents adding nothing.
        if (info.type() == ScalarType.DOUBLE) {
            device.fillLong(contribution[attr].pointer(), n, Long.MIN_VALUE);
        } else if (info.type() == ScalarType.FLOAT) {
            device.fillInt(contribution[attr].pointer(), n, Integer.MIN_VALUE);
        }
    }

    /** Clears what the steps asked of {@code manageAll} in slots {@code [from, slots)}: no deaths, children, moves. */
    void clearRequests(long from) {
        if (from >= slots) {
            return;
        }
        long n = slots - from;
        device.run("colony_clear_requests", n, p -> p.add(killed.pointer()).add(spawns.pointer())
                .add(targets.pointer()).add(from).add(slots));
        // (birth places and spreads are read only where children were asked for, and every spawn sets them: a slot's
        // old ones need no clearing)
    }

    /**
     * Rebuilds every column from {@code map} (new slot to old slot) and gives children their ids. Columns are
     * gathered into a scratch buffer and copied back, so the slots are reallocated only when the population
     * outgrows them or falls below half of them.
     */
    void compact(long map, long survivors, long births, long total) {
        long newSlots = slots;
        if (total > slots) {
            newSlots = Math.min(MAX_AGENTS, Math.max(total, slots + slots / 2));
        } else if (slots > MIN_SLOTS && total < slots / 2) {
            newSlots = Math.max(MIN_SLOTS, total + total / 2);
        }
        if (newSlots == slots) {
            gatherInPlace(map, total);
            clearRequests(0);
        } else {
            DeviceBuffer[] oldCurrent = current;
            DeviceBuffer[] oldNext = next;
            DeviceBuffer[] old = {ids, locations, killed, targets, spawns, birthPlaces, birthSpreads, ordinals};
            long oldSlots = slots;
            allocate(newSlots);
            try {
                for (int a = 0; a < current.length; a++) {
                    AttributeInfo info = model.attributes().get(a);
                    device.gather(oldCurrent[a].pointer(), current[a].pointer(), map, total, oldSlots, newSlots,
                            info.columns(), info.type().bytes());
                }
                device.gather(old[0].pointer(), ids.pointer(), map, total, oldSlots, newSlots, 1, 8);
                device.gather(old[1].pointer(), locations.pointer(), map, total, oldSlots, newSlots, 1, 8);
            } finally {
                free(oldCurrent, oldNext, old);
            }
        }
        if (births > 0) {
            long first = nextId;
            device.run("colony_child_ids", births, p -> p.add(ids.pointer()).addInt((int) survivors)
                    .addInt((int) births).add(first));
        }
        nextId += births;
        hold(total, 0, null);
    }

    /** Gathers the attributes, ids and places of the first {@code total} slots through {@code map}, in place. */
    void gatherInPlace(long map, long total) {
        int attributes = current.length;
        DeviceBuffer[] cols = Arrays.copyOf(current, attributes + 2);
        int[] sizes = new int[attributes + 2];
        int[] elements = new int[attributes + 2];
        for (int a = 0; a < attributes; a++) {
            AttributeInfo info = model.attributes().get(a);
            sizes[a] = info.type().bytes();
            elements[a] = info.columns();
        }
        cols[attributes] = ids;
        cols[attributes + 1] = locations;
        sizes[attributes] = 8;
        sizes[attributes + 1] = 8;
        elements[attributes] = 1;
        elements[attributes + 1] = 1;
        DeviceBuffer[] now = gathers.gather(cols, sizes, elements, map, total, slots);
        System.arraycopy(now, 0, current, 0, attributes);
        ids = now[attributes];
        locations = now[attributes + 1];
    }

    /** Gathers what the steps asked of the first {@code total} slots (killed, children, moves) through {@code map}. */
    void gatherRequestsInPlace(long map, long total) {
        DeviceBuffer[] now = gathers.gather(new DeviceBuffer[] {killed, spawns, targets, birthPlaces, birthSpreads},
                new int[] {1, 4, 8, 8, 4}, new int[] {1, 1, 1, 1, 1}, map, total, slots);
        killed = now[0];
        spawns = now[1];
        targets = now[2];
        birthPlaces = now[3];
        birthSpreads = now[4];
    }

    /** Grows the columns to at least {@code need} slots, keeping the live agents and what their steps asked for. */
    void ensureSlots(long need) {
        if (need <= slots) {
            return;
        }
        if (need > MAX_AGENTS) {
            throw new ColonyException(device.name() + " agents would need " + need + " slots; the CUDA backend holds "
                    + "at most " + MAX_AGENTS + " per collection");
        }
        DeviceBuffer[] oldCurrent = current;
        DeviceBuffer[] oldNext = next;
        DeviceBuffer[] old = {ids, locations, killed, targets, spawns, birthPlaces, birthSpreads, ordinals};
        long oldSlots = slots;
        allocate(Math.min(MAX_AGENTS, Math.max(need, slots + slots / 2)));
        try {
            for (int a = 0; a < current.length; a++) {
                AttributeInfo info = model.attributes().get(a);
                long bytes = count * info.type().bytes();
                for (int k = 0; k < info.columns(); k++) {
                    if (bytes > 0) {
                        Driver.copyOnDevice(current[a].pointer() + k * slots * info.type().bytes(),
                                oldCurrent[a].pointer() + k * oldSlots * info.type().bytes(), bytes);
                    }
                }
            }
            int[] sizes = {8, 8, 1, 8, 4, 8, 4, 4};
            DeviceBuffer[] now = {ids, locations, killed, targets, spawns, birthPlaces, birthSpreads, ordinals};
            for (int i = 0; i < old.length; i++) {
                if (count > 0) {
                    Driver.copyOnDevice(now[i].pointer(), old[i].pointer(), count * sizes[i]);
                }
            }
        } finally {
            free(oldCurrent, oldNext, old);
        }
    }

    /** Frees the columns and allocates {@code newSlots} slots of them, empty. */
    void reallocate(long newSlots) {
        freeColumns();
        allocate(newSlots);
    }

    private void freeColumns() {
        free(current, next, new DeviceBuffer[] {ids, locations, killed, targets, spawns, birthPlaces, birthSpreads, ordinals});
    }

    /** Frees attribute columns (second buffers where there are) and the other per-slot columns. */
    private static void free(DeviceBuffer[] columns, DeviceBuffer[] seconds, DeviceBuffer[] others) {
        Closeables.closeAll(buffers(columns, seconds, others));
    }

    /** The buffers of each attribute (its second after it, where there is one), then {@code others}. */
    private static List<DeviceBuffer> buffers(DeviceBuffer[] columns, DeviceBuffer[] seconds, DeviceBuffer[] others) {
        List<DeviceBuffer> all = new ArrayList<>();
        for (int a = 0; a < columns.length; a++) {
            all.add(columns[a]);
            all.add(seconds[a]);
        }
        all.addAll(Arrays.asList(others));
        return all;
    }

    /** Bytes the spare buffers hold. */
    long spareBytes() {
        return gathers.bytes();
    }

    /** Bytes the contributions to places hold. */
    long contributionBytes() {
        long b = 0;
        for (int p = 0; p < contribution.length; p++) {
            if (contribution[p] != null) {
                b += contribution[p].bytes() + contributed[p].bytes();
            }
        }
        return b;
    }

    /** Frees the columns and the contributions to places. */
    void closeColumns() {
        List<DeviceBuffer> all = buffers(current, next, new DeviceBuffer[] {ids, locations, killed, targets, spawns, birthPlaces, birthSpreads, ordinals});
        all.addAll(Arrays.asList(incoming));
        all.addAll(Arrays.asList(creates));
        for (int p = 0; p < contribution.length; p++) {
            all.add(contribution[p]);
            all.add(contributed[p]);
        }
        Closeables.closeAll(all);
    }

    /** Frees the spare buffers. */
    void closeSpares() {
        gathers.close();
    }
}
