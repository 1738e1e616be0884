package org.colony.runtime.storage;

import java.lang.foreign.MemorySegment;
import java.lang.reflect.Array;
import java.util.Arrays;
import org.colony.ColonyException;
import org.colony.kernel.AgentBlock;
import org.colony.kernel.AgentView;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.Call;
import org.colony.kernel.Combine;
import org.colony.kernel.CpuBlock;
import org.colony.kernel.ModelInfo;
import org.colony.runtime.spi.StepFailure;

/**
 * The columns of an agent collection on the CPU, by slot: attributes (second columns for double-buffered
 * ones), ids, places, the intents steps record, and per-agent contributions to place writes. Slots
 * {@code [0, count)} hold the live agents in id order; capacity grows and shrinks with the population.
 */
public final class AgentColumns implements AgentBlock {

    /** The most agents one collection holds on the CPU. */
    public static final int MAX_AGENTS = Integer.MAX_VALUE - 8;
    /** The least capacity allocated. */
    public static final int MIN_SLOTS = 1024;

    private final ModelInfo model;
    private final ModelInfo placeModel;
    private final Object[] shared;
    private int slots;
    private int count;
    private Object[] current;
    private Object[] next;
    private long[] ids;
    private long[] places;
    private boolean[] killed;
    private long[] targets;
    private int[] spawns;
    private long[] birthPlaces;
    private int[] birthSpreads;
    /** Ordinals of the children born in the last manageAll among their siblings, -1 for the others. */
    private int[] ordinals;
    /**
     * The previous generation of columns, kept by {@link #rebuild} as its next target while the slots stay the same
     * (null otherwise): attributes, second columns, ids, places and intents, in that order.
     */
    private Generation spare;
    private final Object[] contribution;
    /**
     * The contribution columns and flags of the generation before, of the same slots, for {@link #resetContribution}
     * to take up again rather than allocate (null where none is kept).
     */
    private final Object[] keptContribution;
    private final Object[] keptContributed;
    /** Per attribute, the writes of other agents combined during a step (null until a step writes it). */
    private final Object[] incoming;
    /** Per iterated agent class, the agents of it each agent asked for in the last step that asked (null before). */
    private final int[][] creates;
    private final Object[] contributed;
    private CpuBlock placeBlock;
    private AgentView[] views;
    /** The collection's own agents by place, for a step that runs place by place; else null. */
    private AgentView own;
    private Call call;

    /**
     * @param model the agent model
     * @param placeModel the place model the agents live on
     * @param slots the initial capacity
     */
    public AgentColumns(ModelInfo model, ModelInfo placeModel, int slots, Object[] shared) {
        if (slots > MAX_AGENTS) {
            throw new ColonyException(model.modelClass().getSimpleName() + ": " + slots + " agents are more than the "
                    + "CPU backend holds per collection, " + MAX_AGENTS);
        }
        this.model = model;
        this.placeModel = placeModel;
        this.shared = shared;
        this.contribution = new Object[placeModel.attributes().size()];
        this.keptContribution = new Object[contribution.length];
        this.keptContributed = new Object[contribution.length];
        this.incoming = new Object[model.attributes().size()];
        this.creates = new int[model.agentClasses().size()][];
        this.contributed = new Object[placeModel.attributes().size()];
        this.views = new AgentView[model.agentClasses().size()];
        allocate(slots);
    }

    private void allocate(int n) {
        spare = null;
        slots = n;
        int a = model.attributes().size();
        current = new Object[a];
        next = new Object[a];
        for (int i = 0; i < a; i++) {
            AttributeInfo info = model.attributes().get(i);
            current[i] = info.newColumn(n);
            if (info.doubleBuffered()) {
                next[i] = info.newColumn(n);
            }
        }
        ids = new long[n];
        places = new long[n];
        killed = new boolean[n];
        targets = new long[n];
        Arrays.fill(targets, -1);
        spawns = new int[n];
        birthPlaces = new long[n];
        Arrays.fill(birthPlaces, -1);
        birthSpreads = new int[n];
        ordinals = new int[n];
        Arrays.fill(ordinals, -1);
        Arrays.fill(contribution, null);
        Arrays.fill(contributed, null);
        Arrays.fill(keptContribution, null);
        Arrays.fill(keptContributed, null);
    }

    /** One generation of columns, all of {@code slots} slots. */
    private record Generation(int slots, Object[] current, Object[] next, long[] ids, long[] places, boolean[] killed,
            long[] targets, int[] spawns, long[] birthPlaces, int[] birthSpreads, int[] ordinals) {
    }

    private Generation generation() {
        return new Generation(slots, current, next, ids, places, killed, targets, spawns, birthPlaces, birthSpreads,
                ordinals);
    }

    /**
     * Makes a kept generation of the same slots current, holding what {@link #allocate} would hold but the live
     * agents' attributes, ids and places, which the caller writes to slots {@code [0, live)}: zero past them, intents
     * empty, second columns zero, no contributions (those there were are kept for {@link #resetContribution}).
     */
    private void reuse(Generation g, int live) {
        spare = null;
        current = g.current();
        next = g.next();
        ids = g.ids();
        places = g.places();
        killed = g.killed();
        targets = g.targets();
        spawns = g.spawns();
        birthPlaces = g.birthPlaces();
        birthSpreads = g.birthSpreads();
        ordinals = g.ordinals();
        for (int a = 0; a < current.length; a++) {
            AttributeInfo info = model.attributes().get(a);
            for (int k = 0; k < info.columns(); k++) {
                zero(element(info, current[a], k), live, slots);
                if (info.doubleBuffered()) {
                    zero(element(info, next[a], k), 0, slots);
                }
            }
        }
        Arrays.fill(ids, live, slots, 0L);
        Arrays.fill(places, live, slots, 0L);
        Arrays.fill(killed, false);
        Arrays.fill(targets, -1L);
        Arrays.fill(spawns, 0);
        Arrays.fill(birthPlaces, -1L);
        Arrays.fill(birthSpreads, 0);
        Arrays.fill(ordinals, -1);
        for (int i = 0; i < contribution.length; i++) {
            if (contribution[i] != null) {
                keptContribution[i] = contribution[i];
                keptContributed[i] = contributed[i];
            }
        }
        Arrays.fill(contribution, null);
        Arrays.fill(contributed, null);
    }

    /**
     * Refuses columns of {@code newSlots} slots (for {@code agents} agents) that the Java heap cannot hold beside those
     * held now, with the figures and the setting to change, before any is allocated: births past what the heap holds
     * end in this line rather than in an {@link OutOfMemoryError} somewhere. It is a failure of the round under way
     * (which may have changed the collection), so the simulation is failed after it.
     */
    private void checkRoom(int newSlots, int agents) {
        long need = bytesPerSlot(model) * newSlots;
        Runtime rt = Runtime.getRuntime();
        long free = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
        if (need > free) {
            System.gc(); // the garbage of earlier rounds counts as used until it is collected
            free = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
        }
        if (need > free) {
            long suggest = Math.max(1, (2 * rt.maxMemory() + need + (1L << 30) - 1) >> 30);
            throw new StepFailure(agents + " " + model.modelClass().getSimpleName() + " agents need columns of "
                    + ByteSize.of(need) + ", but the Java heap has " + ByteSize.of(free) + " free (of at most "
                    + ByteSize.of(rt.maxMemory()) + "); give Java more, COLONY_JAVA_OPTS=-Xmx" + suggest + "g for "
                    + "./mass (java -Xmx" + suggest + "g for a driver), or start with fewer agents", null);
        }
    }

    /** {@return bytes per slot, all columns included (contributions excepted)} */
    public static long bytesPerSlot(ModelInfo model) {
        long b = 8 + 8 + 1 + 8 + 4 + 8 + 4 + 4;
        for (AttributeInfo a : model.attributes()) {
            b += (long) a.type().bytes() * a.columns() * (a.doubleBuffered() ? 2 : 1);
        }
        return b;
    }

    /** {@return bytes held} */
    public long bytes() {
        long b = bytesPerSlot(model) * slots;
        for (int i = 0; i < contribution.length; i++) {
            if (contribution[i] != null) {
                b += (long) slots * placeModel.attributes().get(i).columns()
                        * (placeModel.attributes().get(i).type().bytes() + 1);
            }
        }
        return b;
    }

    /** {@return live agents} */
    public int count() {
        return count;
    }

    /** {@return allocated slots} */
    public int slots() {
        return slots;
    }

    /** Sets the number of live agents (slots below it are live). */
    public void count(int n) {
        count = n;
    }

    /**
     * Replaces every column by one of {@code newSlots} slots holding, in order, the agents at
     * {@code keep[0..n)} (slots of the old columns; a slot may appear more than once, for children, whose
     * ids and places the caller then sets); intents start empty. While the slots stay the same, the columns of the
     * generation before serve as the new ones (double buffering), and the old ones are kept for the next rebuild.
     */
    public void rebuild(int[] keep, int n, int newSlots) {
        if (newSlots > MAX_AGENTS || n > MAX_AGENTS) {
            throw new ColonyException(model.modelClass().getSimpleName() + " agents would number " + n
                    + "; the CPU backend holds at most " + MAX_AGENTS + " per collection");
        }
        Generation old = generation();
        Object[] oldCurrent = current;
        long[] oldIds = ids;
        long[] oldPlaces = places;
        if (spare != null && spare.slots() == newSlots && newSlots == slots) {
            reuse(spare, n);
        } else {
            checkRoom(newSlots, n);
            allocate(newSlots);
        }
        for (int a = 0; a < current.length; a++) {
            AttributeInfo info = model.attributes().get(a);
            for (int k = 0; k < info.columns(); k++) {
                SlotCopy.gather(element(info, oldCurrent[a], k), keep, n, element(info, current[a], k));
            }
        }
        for (int i = 0; i < n; i++) {
            ids[i] = oldIds[keep[i]];
            places[i] = oldPlaces[keep[i]];
        }
        count = n;
        spare = old.slots() == newSlots ? old : null;
    }

    /**
     * Makes room for at least {@code atLeast} slots (growing by half at least), keeping the live agents, their
     * attributes and the intents steps recorded; slots past the live agents are not kept.
     */
    public void reserve(int atLeast) {
        if (atLeast <= slots) {
            return;
        }
        if (atLeast > MAX_AGENTS) {
            throw new ColonyException(model.modelClass().getSimpleName() + " agents would need " + atLeast
                    + " slots; the CPU backend holds at most " + MAX_AGENTS + " per collection");
        }
        Object[] oldCurrent = current;
        long[] oldIds = ids;
        long[] oldPlaces = places;
        boolean[] oldKilled = killed;
        long[] oldTargets = targets;
        int[] oldSpawns = spawns;
        long[] oldBirthPlaces = birthPlaces;
        int[] oldBirthSpreads = birthSpreads;
        int[] oldOrdinals = ordinals;
        int grown = (int) Math.min(MAX_AGENTS, Math.max(atLeast, slots + (long) slots / 2));
        checkRoom(grown, atLeast);
        allocate(grown);
        for (int a = 0; a < current.length; a++) {
            AttributeInfo info = model.attributes().get(a);
            for (int k = 0; k < info.columns(); k++) {
                System.arraycopy(element(info, oldCurrent[a], k), 0, element(info, current[a], k), 0, count);
            }
        }
        System.arraycopy(oldIds, 0, ids, 0, count);
        System.arraycopy(oldPlaces, 0, places, 0, count);
        System.arraycopy(oldKilled, 0, killed, 0, count);
        System.arraycopy(oldTargets, 0, targets, 0, count);
        System.arraycopy(oldSpawns, 0, spawns, 0, count);
        System.arraycopy(oldBirthPlaces, 0, birthPlaces, 0, count);
        System.arraycopy(oldBirthSpreads, 0, birthSpreads, 0, count);
        System.arraycopy(oldOrdinals, 0, ordinals, 0, count);
    }

    /**
     * {@return bytes of one agent's row as {@link #pack} writes it: the id, with {@code state} its place and the
     * children it asked for, then every attribute (each element of an array attribute)}
     */
    public long rowBytes(boolean state) {
        return PackedRows.of(model, 1, state).bytes();
    }

    /**
     * Packs the rows of {@code slots[0..n)} into {@code segment} from {@code offset}, column by column as
     * {@link PackedRows} lays them out: ids, with {@code state} places and children asked for, then the current column
     * of every attribute element.
     *
     * @return the offset past the rows
     */
    public long pack(int[] slots, int n, boolean state, MemorySegment segment, long offset) {
        PackedRows rows = PackedRows.of(model, n, state);
        SlotCopy.toSegment(ids, slots, n, segment, offset + rows.ids());
        if (state) {
            SlotCopy.toSegment(places, slots, n, segment, offset + rows.places());
            SlotCopy.toSegment(spawns, slots, n, segment, offset + rows.spawns());
            SlotCopy.toSegment(birthPlaces, slots, n, segment, offset + rows.birthPlaces());
            SlotCopy.toSegment(birthSpreads, slots, n, segment, offset + rows.birthSpreads());
        }
        int column = 0;
        for (int a = 0; a < current.length; a++) {
            AttributeInfo info = model.attributes().get(a);
            for (int k = 0; k < info.columns(); k++) {
                SlotCopy.toSegment(element(info, current[a], k), slots, n, segment, offset + rows.column(column++));
            }
        }
        return offset + rows.bytes();
    }

    /**
     * The reverse of {@link #pack}: writes {@code n} rows into {@code slots[0..n)} (which must exist); with
     * {@code state} the agents are alive and have no move asked for.
     *
     * @return the offset past the rows
     */
    public long unpack(MemorySegment segment, long offset, int[] slots, int n, boolean state) {
        PackedRows rows = PackedRows.of(model, n, state);
        SlotCopy.fromSegment(segment, offset + rows.ids(), ids, slots, n);
        if (state) {
            SlotCopy.fromSegment(segment, offset + rows.places(), places, slots, n);
            SlotCopy.fromSegment(segment, offset + rows.spawns(), spawns, slots, n);
            SlotCopy.fromSegment(segment, offset + rows.birthPlaces(), birthPlaces, slots, n);
            SlotCopy.fromSegment(segment, offset + rows.birthSpreads(), birthSpreads, slots, n);
            for (int i = 0; i < n; i++) {
                killed[slots[i]] = false;
                targets[slots[i]] = -1;
                ordinals[slots[i]] = -1;
            }
        }
        int column = 0;
        for (int a = 0; a < current.length; a++) {
            AttributeInfo info = model.attributes().get(a);
            for (int k = 0; k < info.columns(); k++) {
                SlotCopy.fromSegment(segment, offset + rows.column(column++), element(info, current[a], k), slots, n);
            }
        }
        return offset + rows.bytes();
    }

    /**
     * Unpacks {@code n} rows written by {@link #pack} with state after the live agents, which they join.
     *
     * @return the first of their slots
     */
    public int append(MemorySegment segment, long offset, int n) {
        int first = count;
        reserve(first + n);
        int[] slots = new int[n];
        for (int i = 0; i < n; i++) {
            slots[i] = first + i;
        }
        unpack(segment, offset, slots, n, true);
        count = first + n;
        return first;
    }

    /**
     * Appends agents after the live ones, with no intents: {@code newIds[i]} on global place {@code newPlaces[i]},
     * attribute {@code a} from {@code values[a]} (for a scalar a column of one value per new agent, for an array
     * attribute an array of element columns) or zero where {@code values[a]} is null.
     *
     * @param newIds the new agents' ids, above every live agent's, increasing
     * @param newPlaces their places
     * @param values per attribute, the new agents' values or null
     */
    public void add(long[] newIds, long[] newPlaces, Object[] values) {
        int first = count;
        int n = newIds.length;
        if ((long) first + n > MAX_AGENTS) {
            throw new ColonyException(model.modelClass().getSimpleName() + " agents would number " + ((long) first + n)
                    + "; the CPU backend holds at most " + MAX_AGENTS + " per collection");
        }
        reserve(first + n);
        System.arraycopy(newIds, 0, ids, first, n);
        System.arraycopy(newPlaces, 0, places, first, n);
        Arrays.fill(killed, first, first + n, false);
        Arrays.fill(targets, first, first + n, -1L);
        Arrays.fill(spawns, first, first + n, 0);
        Arrays.fill(birthPlaces, first, first + n, -1L);
        Arrays.fill(birthSpreads, first, first + n, 0);
        Arrays.fill(ordinals, first, first + n, -1);
        for (int a = 0; a < current.length; a++) {
            AttributeInfo info = model.attributes().get(a);
            for (int k = 0; k < info.columns(); k++) {
                Object column = element(info, current[a], k);
                if (values[a] != null) {
                    System.arraycopy(element(info, values[a], k), 0, column, first, n);
                } else {
                    zero(column, first, first + n);
                }
            }
        }
        count = first + n;
    }

    private static void zero(Object column, int from, int to) {
        switch (column) {
            case double[] d -> Arrays.fill(d, from, to, 0.0);
            case float[] d -> Arrays.fill(d, from, to, 0.0f);
            case long[] d -> Arrays.fill(d, from, to, 0L);
            case int[] d -> Arrays.fill(d, from, to, 0);
            case short[] d -> Arrays.fill(d, from, to, (short) 0);
            case byte[] d -> Arrays.fill(d, from, to, (byte) 0);
            case boolean[] d -> Arrays.fill(d, from, to, false);
            default -> throw new IllegalArgumentException(column.getClass().toString());
        }
    }

    private static Object element(AttributeInfo info, Object column, int k) {
        return info.isArray() ? ((Object[]) column)[k] : column;
    }

    /** Makes the second column of an attribute current. */
    public void swap(int attribute) {
        Object t = current[attribute];
        current[attribute] = next[attribute];
        next[attribute] = t;
    }

    /** {@return the current column of one element of an attribute} */
    public Object column(int attribute, int element) {
        return element(model.attributes().get(attribute), current[attribute], element);
    }

    /**
     * Makes attribute {@code attribute}'s incoming column ready for a step in which other agents (or places) combine
     * writes into it by {@code op}: every slot starts at the identity of {@code op} (0 for a sum, the largest value
     * for a minimum, the least for a maximum).
     */
    public void prepareIncoming(int attribute, Combine op) {
        AttributeInfo info = model.attributes().get(attribute);
        if (incoming[attribute] == null || Array.getLength(incoming[attribute]) != slots) {
            incoming[attribute] = info.newColumn(slots);
        }
        long identity = op.identityBits(info.type());
        switch (incoming[attribute]) {
            case int[] a -> Arrays.fill(a, (int) identity);
            case long[] a -> Arrays.fill(a, identity);
            case float[] a -> Arrays.fill(a, Float.intBitsToFloat((int) identity));
            case double[] a -> Arrays.fill(a, Double.longBitsToDouble(identity));
            default -> throw new IllegalStateException(info.name() + " is not written by other agents");
        }
    }

    /** Combines the incoming writes into attribute {@code attribute}'s column of the live agents, as a step ends. */
    public void applyIncoming(int attribute, Combine op) {
        Object column = current[attribute];
        switch (incoming[attribute]) {
            case int[] in -> {
                int[] c = (int[]) column;
                for (int i = 0; i < count; i++) {
                    c[i] = op == Combine.SUM ? c[i] + in[i] : op == Combine.MIN ? Math.min(c[i], in[i])
                            : Math.max(c[i], in[i]);
                }
            }
            case long[] in -> {
                long[] c = (long[]) column;
                for (int i = 0; i < count; i++) {
                    c[i] = op == Combine.SUM ? c[i] + in[i] : op == Combine.MIN ? Math.min(c[i], in[i])
                            : Math.max(c[i], in[i]);
                }
            }
            case float[] in -> {
                float[] c = (float[]) column;
                for (int i = 0; i < count; i++) {
                    c[i] = op == Combine.SUM ? c[i] + in[i] : op == Combine.MIN ? Math.min(c[i], in[i])
                            : Math.max(c[i], in[i]);
                }
            }
            case double[] in -> {
                double[] c = (double[]) column;
                for (int i = 0; i < count; i++) {
                    c[i] = op == Combine.SUM ? c[i] + in[i] : op == Combine.MIN ? Math.min(c[i], in[i])
                            : Math.max(c[i], in[i]);
                }
            }
            default -> throw new IllegalStateException(model.attributes().get(attribute).name() + " has no incoming");
        }
    }

    /** Makes the counts of agents of iterated class {@code slot} asked for zero, for a step that asks for some. */
    public void prepareCreates(int slot) {
        if (creates[slot] == null || creates[slot].length != slots) {
            creates[slot] = new int[slots];
        } else {
            Arrays.fill(creates[slot], 0);
        }
    }

    @Override
    public int[] creates(int slot) {
        return creates[slot];
    }

    /**
     * {@return the place of every agent of iterated class {@code slot} the live agents asked for, an agent's place as
     * often as it asked, in slot order}
     */
    public long[] created(int slot) {
        return Creations.ofAgents(creates[slot], places, count, i -> ids[i], model.modelClass().getSimpleName(),
                model.agentClasses().get(slot).getSimpleName());
    }

    /** {@return the incoming column of attribute {@code attribute} (see {@link #prepareIncoming})} */
    public Object incoming(int attribute) {
        return incoming[attribute];
    }

    /** {@return the incoming columns by attribute ordinal, null where no step wrote the attribute (not a copy)} */
    public Object[] incomingColumns() {
        return incoming;
    }

    /**
     * Makes contribution columns for a place attribute ready for a step: sums start at zero (-0.0 for floating
     * point, the additive identity, so that a place no agent adds to keeps its value bit for bit, -0.0 included),
     * plain writes, minima and maxima start as "not written".
     */
    public void resetContribution(int placeAttribute) {
        AttributeInfo info = placeModel.attributes().get(placeAttribute);
        if (contribution[placeAttribute] == null && keptContribution[placeAttribute] != null) {
            // the columns of the generation before, of the same slots: set below over the live agents, as new ones
            contribution[placeAttribute] = keptContribution[placeAttribute];
            contributed[placeAttribute] = keptContributed[placeAttribute];
            keptContribution[placeAttribute] = null;
            keptContributed[placeAttribute] = null;
        } else if (contribution[placeAttribute] == null) {
            contribution[placeAttribute] = info.newColumn(slots);
            Object flags = info.isArray() ? new boolean[info.length()][slots] : new boolean[slots];
            contributed[placeAttribute] = flags;
            if (!info.type().isFloating()) {
                return;
            }
        }
        for (int k = 0; k < info.columns(); k++) {
            Object c = element(info, contribution[placeAttribute], k);
            switch (c) {
                case double[] d -> Arrays.fill(d, 0, count, -0.0);
                case float[] d -> Arrays.fill(d, 0, count, -0.0f);
                case long[] d -> Arrays.fill(d, 0, count, 0L);
                case int[] d -> Arrays.fill(d, 0, count, 0);
                case short[] d -> Arrays.fill(d, 0, count, (short) 0);
                case byte[] d -> Arrays.fill(d, 0, count, (byte) 0);
                case boolean[] d -> Arrays.fill(d, 0, count, false);
                default -> throw new IllegalArgumentException(c.getClass().toString());
            }
            boolean[] f = info.isArray() ? ((boolean[][]) contributed[placeAttribute])[k]
                    : (boolean[]) contributed[placeAttribute];
            Arrays.fill(f, 0, count, false);
        }
    }

    /**
     * Binds the places, the agent views and the collection's own agents by place (for a step that runs place by place;
     * else null) of the next call.
     */
    public void prepare(CpuBlock places, AgentView[] agentViews, AgentView ownAgents, Call call) {
        this.placeBlock = places;
        this.views = agentViews;
        this.own = ownAgents;
        this.call = call;
    }

    @Override
    public Object column(int attribute) {
        return current[attribute];
    }

    /** {@return the agent model} */
    public ModelInfo model() {
        return model;
    }

    @Override
    public Object next(int attribute) {
        return next[attribute];
    }

    @Override
    public long[] ids() {
        return ids;
    }

    @Override
    public long[] locations() {
        return places;
    }

    @Override
    public boolean[] killed() {
        return killed;
    }

    @Override
    public long[] targets() {
        return targets;
    }

    @Override
    public int[] spawns() {
        return spawns;
    }

    @Override
    public long[] birthPlaces() {
        return birthPlaces;
    }

    @Override
    public int[] birthSpreads() {
        return birthSpreads;
    }

    @Override
    public int[] ordinals() {
        return ordinals;
    }

    @Override
    public Object contribution(int placeAttribute) {
        return contribution[placeAttribute];
    }

    @Override
    public Object contributed(int placeAttribute) {
        return contributed[placeAttribute];
    }

    @Override
    public CpuBlock places() {
        return placeBlock;
    }

    @Override
    public AgentView agents(int slot) {
        return views[slot];
    }

    @Override
    public AgentView own() {
        return own;
    }

    @Override
    public Object shared(int index) {
        return shared[index];
    }

    @Override
    public Call call() {
        return call;
    }
}
