package org.colony.runtime;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.colony.Agent;
import org.colony.ColonyException;
import org.colony.kernel.ModelDescriptor;
import org.colony.runtime.agents.ManageReport;
import org.colony.runtime.agents.ManageRounds;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.partition.PartitionedAgents;
import org.colony.runtime.spi.AgentStore;
import org.colony.runtime.step.StepRef0;

/**
 * A collection of agents of one model living on a Places collection: run steps on all of them, carry out
 * their deaths, moves and births with {@link #manageAll()}, read and write their attributes. Arrays in
 * and out hold one value per live agent in id order.
 *
 * @param <A> the agent model class
 */
public final class Agents<A extends Agent<?>> extends ModelCollection<A> {

    private final Places<?> places;
    private final AgentStore store;
    private final int capacity;
    private ManageReport last;
    /** The id the next agent added or born gets. */
    private long nextId;
    /** Whether a step asked for deaths, moves or children that no {@code manageAll} carried out yet. */
    private boolean intentsPending;

    Agents(Simulation sim, Class<A> modelClass, ModelDescriptor descriptor, Places<?> places, AgentStore store,
            int capacity) {
        super(sim, modelClass, descriptor, store);
        this.places = places;
        this.store = store;
        this.capacity = capacity;
        this.last = ManageReport.none(store.size());
        this.nextId = store.size();
    }

    /** The number of live agents. */
    @Override
    public long size() {
        sim.checkOpen();
        return work("size " + name, store::size);
    }

    /** {@return the places the agents live on} */
    public Places<?> places() {
        return places;
    }

    /** {@return the most agents of this collection one place may hold ({@link Integer#MAX_VALUE}: no limit)} */
    public int capacity() {
        return capacity;
    }

    AgentStore store() {
        return store;
    }

    /**
     * {@return the bytes sent between partitions for these agents so far: {@code haloCounts} (how many agents stand on
     * each place of a neighbouring partition's halo, before steps that count them there), {@code haloRows} (their ids
     * and attributes, before steps that iterate them there), {@code haloWrites} (what steps wrote into those rows, sent
     * back to the agents' owners) and {@code manageAll} (move requests, verdicts, moving agents and birth counts); all
     * zero on a grid of one block}
     */
    public Map<String, Long> partitionTraffic() {
        var cut = store instanceof PartitionedAgents a ? a : null;
        Map<String, Long> out = new LinkedHashMap<>();
        out.put("haloCounts", cut == null ? 0L : cut.haloCountBytes());
        out.put("haloRows", cut == null ? 0L : cut.haloRowBytes());
        out.put("haloWrites", cut == null ? 0L : cut.haloWriteBytes());
        out.put("manageAll", cut == null ? 0L : cut.migrationBytes());
        return Collections.unmodifiableMap(out);
    }

    /**
     * Carries out the intents the last steps recorded: deaths, then moves (a full destination settled by the model's
     * {@code @Priority} attribute where it has one, then a random priority, the agent id breaking ties; losers stay),
     * then births on the parent's place (within the room left), then a stable compaction that keeps agents in id
     * order. See {@code docs/agents.md}.
     *
     * @return what happened
     */
    public ManageReport manageAll() {
        sim.checkOpen();
        return work("manageAll " + name, () -> {
            long epoch = sim.beginCall(true);
            var timer = sim.timer();
            Object jfr = timer.begin();
            long t0 = timer.clock();
            last = store.manage(sim.seed(), epoch);
            intentsPending = false;
            nextId += last.births();
            timer.end(name, "manageAll", jfr == null ? 0 : store.size(), t0, jfr);
            return last;
        });
    }

    /**
     * Adds agents with all attributes 0 ({@code false}): {@code add(placement, Map.of())}.
     *
     * @param placement where the new agents go
     * @return the id of the first new agent
     */
    public long add(Placement placement) {
        return add(placement, Map.of());
    }

    /**
     * Adds agents to the collection, between steps, at any time: they take the next ids in the order of their places
     * (as a placement at creation does), the attributes given in {@code values} (each an array of one value per new
     * agent, of the attribute's type: for {@code Placement.at} and {@code atCoordinates} in the order the places were
     * given, for {@code Placement.random} in id order; an array attribute as {@code int[length][count]}) and 0
     * elsewhere, and no deaths, moves or children asked for (agents already here keep theirs). A random placement draws
     * its places as at creation, in this call's epoch, among the room the agents already here leave. Nothing is added,
     * and no epoch taken, when a value does not fit or a place would hold more than the capacity.
     *
     * @param placement where the new agents go
     * @param values attribute name to the new agents' values
     * @return the id of the first new agent
     */
    public long add(Placement placement, Map<String, ?> values) {
        sim.checkOpen();
        if (placement == null || values == null) {
            throw new ColonyException("add(placement, values) needs both (Map.of() for no values)");
        }
        return work("add " + name, () -> {
            Grid grid = places.grid();
            if (placement.count() > Integer.MAX_VALUE - 8) {
                throw new ColonyException(placement.count() + " " + name + " agents are more than one add holds");
            }
            int n = (int) placement.count();
            // Everything is checked before the epoch is taken and the store changes.
            long[] given = placement.given(grid, name);
            Object[] columns = AgentAdditions.columns(model(), values, n, AgentAdditions.order(given, n), name);
            int[] occupied = null;
            if (given != null) {
                AgentAdditions.checkRoom(store, given, capacity, grid, name);
            } else if (capacity != Integer.MAX_VALUE && n > 0) {
                occupied = AgentAdditions.occupancy(store, grid);
                placement.checkFits(grid, capacity, occupied, name);
            }
            long epoch = sim.beginCall(placement.isRandom());
            long[] where = placement.resolve(grid, capacity, sim.seed(), epoch, name, occupied);
            long first = nextId;
            long[] ids = new long[n];
            for (int i = 0; i < n; i++) {
                ids[i] = first + i;
            }
            store.add(ids, where, columns);
            nextId += n;
            last = ManageReport.none(store.size());
            return first;
        });
    }

    /**
     * A {@link #manageAll()} followed, while some moves were refused, by more rounds for them, at most
     * {@code maxRounds} in all (004's Algorithm 1 in data-parallel form: losers try their next choice until none can
     * move). Before each further round {@code retry} runs on every agent; it is written so that the agents whose move
     * was refused ask again (for example by comparing their place with the one they asked for) and the others ask
     * nothing. Each round is a whole {@code manageAll} with its own epoch, so deaths and children asked for by
     * {@code retry} are carried out too. The report sums the rounds' deaths, births, moves, refused births and moves
     * off the grid; its {@code movesRefused} are the moves still refused in the last round, and its population is the
     * final one.
     *
     * @param retry the step that asks for the next choice of the agents whose move was refused
     * @param maxRounds the most rounds, 1 or more
     * @return what the rounds did together
     */
    public ManageReport manageAll(StepRef0<A> retry, int maxRounds) {
        sim.checkOpen();
        if (retry == null) {
            throw new ColonyException("manageAll(retry, maxRounds) needs the step that retries refused moves");
        }
        if (maxRounds < 1) {
            throw new ColonyException("manageAll(retry, " + maxRounds + "): maxRounds is at least 1 (one round is a "
                    + "plain manageAll)");
        }
        if (maxRounds > 1) {
            // where the backend queues the rounds at once (no wait between them), with the same results
            ManageRounds queued = calls().manageRounds(calls().step(retry), maxRounds);
            if (queued != null) {
                intentsPending = false;
                nextId += queued.report().births();
                last = queued.report();
                return last;
            }
        }
        ManageReport r = manageAll();
        long deaths = r.deaths();
        long births = r.births();
        long moves = r.moves();
        long birthsRefused = r.birthsRefused();
        long outside = r.movesOutside();
        for (int round = 1; round < maxRounds && r.movesRefused() > 0; round++) {
            callAll(retry);
            r = manageAll();
            deaths += r.deaths();
            births += r.births();
            moves += r.moves();
            birthsRefused += r.birthsRefused();
            outside += r.movesOutside();
        }
        last = new ManageReport(deaths, births, moves, r.movesRefused(), birthsRefused, outside, r.population());
        return last;
    }

    /**
     * {@return the report of the last {@link #manageAll()} (of all the rounds of the last
     * {@link #manageAll(StepRef0, int)}); after an {@link #add}, one of nothing done with the new population}
     */
    public ManageReport lastReport() {
        return last;
    }

    /** {@return the ids of the live agents, in order} */
    public long[] ids() {
        sim.checkOpen();
        return work("ids " + name, store::ids);
    }

    /** {@return the global index of each live agent's place ({@code x + W * (y + H * z)}), in id order} */
    public long[] locations() {
        sim.checkOpen();
        return work("locations " + name, store::places);
    }

    /** Notes that a step asked these agents for deaths, moves or children (carried out by the next manageAll). */
    void intentsAsked() {
        intentsPending = true;
    }

    /** {@return whether a step asked for deaths, moves or children that no manageAll carried out yet} */
    boolean intentsPending() {
        return intentsPending;
    }

    /** {@return the id the next agent added or born gets} */
    long nextId() {
        return nextId;
    }

    /**
     * Replaces every agent by those of a checkpoint (checked by the caller), with their next id and the report of
     * their last manageAll.
     */
    void restore(long[] ids, long[] places, int[] ordinals, Object[] values, long next, ManageReport report) {
        work("resume " + name, () -> store.restore(ids, places, ordinals, values, next));
        nextId = next;
        last = report;
        intentsPending = false;
    }

    @Override
    String holds() {
        return "these agents are";
    }

    @Override
    String sizeText() {
        return "the collection has " + store.size() + " agents";
    }

    void release() {
        store.close();
    }

    @Override
    public String toString() {
        return "Agents<" + name + "> on " + places.grid();
    }
}
