package org.colony.examples.braingrid;

import java.util.Map;
import org.colony.runtime.Agents;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;

/**
 * BrainGrid, the simplified self-organizing neural network of Fukuda's specification (the appendix of the MASS CUDA
 * multi-GPU thesis, section 4.4 there): somas on an S x S grid that does not wrap grow an axon and up to seven
 * dendrites; axons switch to synaptic terminals that branch; where an axon meets a dendrite of another soma a synapse
 * forms; somas fire and their synapses carry the signals to the dendrites' somas.
 *
 * <p><b>How the specification maps onto the model.</b> A cell is a {@link Neuron}: an excitatory, inhibitory or
 * neutral soma with probabilities E, I, N, or space. Every axon, terminal, dendrite, synapse and signal is a
 * {@link GrowingEnd}, told apart by its kind. "Create an axon in a random direction once at a random time unit" and
 * "up to 7 dendrites, each in a different direction": the driver adds eight ends on each soma, the axon in a random
 * direction and seven dendrites in the seven others, each starting at a tick drawn below {@code window}; an end whose
 * first cell is off the grid, a soma or a synapse's cell never grows (hence "up to"). Growth is one cell a tick, in
 * the end's direction or +-45 degrees (at random among the open ones; the direction itself stays, so a neurite
 * wanders but keeps its course). The axon's "continuous growing mode with G%" is read as: each tick it stays an axon
 * with probability G and otherwise switches for good to the "generation mode of synaptic terminals". Terminals and
 * dendrites branch with probability B a tick (not on the first cell from the soma), at most R times along a line,
 * each branch taking an open cell at +-45 degrees; they stop with probability S a tick, K cells after their R-th
 * branch ("keep growing K times after the last branch"), where no cell ahead is open, or on meeting their partner.
 *
 * <p>"Encountering" is as in the MASS version: a space cell holds at most one axon-side tip and one dendrite tip in a
 * tick ("pared down to at most one Dendrite and Synapse": of the tips that reach a cell together the lowest id of each
 * side stays, the others stop), and where the two that stay come from different somas they connect: "the Synapse
 * takes the Soma information of the Dendrite, and the Dendrite is terminated"; the cell is marked and closed to
 * growth. Neurites leave no trail that blocks others; an axon in its growing mode connects as a terminal does.
 *
 * <p>Signals: each tick an excitatory soma activates a signal of 1.0 with probability A; a soma whose input (the sum
 * of the signals delivered to it in the last tick) is at least T forwards it: an excitatory one amplified by M, an
 * inhibitory one reduced to M of its value ("reduces it to M%"), a neutral one as it is; a soma's output is at most
 * 1.0, so that recurrent excitation saturates instead of overflowing. Every synapse of a firing soma delivers the
 * soma's output to its dendrite's soma in the same tick (the MASS version's long-distance migration: a signal born on
 * the target soma), where it counts in the next tick.
 *
 * <p><b>What Colony made us write differently.</b> A place cannot create agents, so the driver adds the somas' ends
 * ({@link Agents#add}) after it reads the somas' types. Children copy their parent, so a parent writes its child's
 * direction (or a signal's value) and its own id into its own attributes before it spawns, and the child recognises
 * itself by an {@code origin} that is not its id ({@code ordinal() >= 0} would tell it too). Of the two ends that meet
 * each does its own part by the same rule (an end could also kill the other, {@code other.kill()} on its place), read from the ends on the cell before the step (the axon-side end becomes
 * the synapse, the dendrite dies), and the synapse marks its cell ({@code place().synapses++}). A soma cannot reach
 * synapses far away, so a synapse lives on its axon's soma, reads the soma's output there and sends its signal with
 * {@code spawn(1, dx, dy)} over any distance. Five of the parameters are {@code @Shared} values of
 * {@link GrowingEnd}, as a step call takes at most four typed arguments.
 *
 * <p>A tick: the somas fire; every end grows (a synapse of a firing soma spawns its signal); {@code manageAll} (moves,
 * branches, signals); the ends settle their cells, meet, deliver the signals; {@code manageAll} (stopped ends and
 * delivered signals die, new synapses move to their somas).
 */
public final class BrainGrid {

    /**
     * The model's parameters, probabilities as fractions.
     *
     * @param excitatory E, the share of cells that are excitatory somas
     * @param inhibitory I, inhibitory somas
     * @param neutral N, neutral somas
     * @param activation A, the probability an excitatory soma activates a signal in a tick
     * @param modulation M, how much an excitatory soma amplifies (an inhibitory one keeps) of a signal
     * @param growing G, the probability an axon stays in its continuous growing mode in a tick
     * @param maxBranches R, the most branches along a line
     * @param branch B, the probability a terminal or dendrite branches in a tick
     * @param afterBranch K, the cells a line grows after its last branch
     * @param stop S, the probability a terminal or dendrite stops in a tick
     * @param threshold T, the least input a soma forwards
     * @param window the ticks over which the somas' axons and dendrites start growing
     */
    public record Parameters(double excitatory, double inhibitory, double neutral, double activation,
            double modulation, double growing, int maxBranches, double branch, int afterBranch, double stop,
            double threshold, int window) {

        /** {@return the specification's default values, ends starting over the first 20 ticks} */
        public static Parameters defaults() {
            return new Parameters(0.10, 0.10, 0.10, 0.10, 0.10, 0.90, 3, 0.33, 5, 0.10, 0.4, 20);
        }
    }

    /**
     * What the model holds after a tick.
     *
     * @param somas the somas
     * @param waiting ends still waiting on their somas to start
     * @param axons axon tips growing
     * @param terminals synaptic terminals growing
     * @param dendrites dendrite tips growing
     * @param synapses synapses formed
     * @param firing somas that sent signals in the tick
     * @param signals signals delivered in the tick
     */
    public record Stats(long somas, long waiting, long axons, long terminals, long dendrites, long synapses,
            long firing, long signals) {
    }

    private final Simulation sim;
    private final Parameters p;
    private final Places<Neuron> cells;
    private final Agents<GrowingEnd> ends;
    private final long somas;

    /** Creates the somas on a {@code size x size} grid and their axons and dendrites, waiting to start. */
    public BrainGrid(Simulation sim, int size, Parameters p) {
        this.sim = sim;
        this.p = p;
        this.cells = sim.places(Neuron.class, Grid.of(size, size));
        cells.callAll(Neuron::init, p.excitatory(), p.inhibitory(), p.neutral());
        int[] type = cells.getInt("type");
        int count = 0;
        for (int t : type) {
            count += t == Neuron.SPACE ? 0 : 1;
        }
        this.somas = count;
        long[] where = new long[8 * count];
        int[] slots = new int[8 * count];
        int next = 0;
        for (int g = 0; g < type.length; g++) {
            if (type[g] != Neuron.SPACE) {
                for (int slot = 0; slot < 8; slot++) {
                    where[next] = g;
                    slots[next++] = slot;
                }
            }
        }
        this.ends = sim.agents(GrowingEnd.class, cells, Placement.at());
        ends.add(Placement.at(where), Map.of("slot", slots));
        ends.setShared("growing", p.growing());
        ends.setShared("branch", p.branch());
        ends.setShared("maxBranches", p.maxBranches());
        ends.setShared("afterBranch", p.afterBranch());
        ends.setShared("stop", p.stop());
        ends.callAll(GrowingEnd::init, p.window());
    }

    /** One tick of the model. */
    public void tick() {
        cells.callAll(Neuron::fire, p.activation(), p.modulation(), p.threshold());
        ends.callAll(GrowingEnd::grow);
        ends.manageAll();
        ends.callAll(GrowingEnd::settle);
        ends.manageAll();
        sim.step();
    }

    /** {@return what the model holds after the last tick} */
    public Stats stats() {
        int[] kind = ends.getInt("kind");
        int[] grown = ends.getInt("grown");
        long[] byKind = new long[GrowingEnd.SYNAPSE + 1];
        long waiting = 0;
        for (int i = 0; i < kind.length; i++) {
            if (grown[i] == 0) {
                waiting++;
            } else {
                byKind[kind[i]]++;
            }
        }
        return new Stats(somas, waiting, byKind[GrowingEnd.AXON], byKind[GrowingEnd.TERMINAL],
                byKind[GrowingEnd.DENDRITE], byKind[GrowingEnd.SYNAPSE], cells.count(Neuron::firing),
                cells.sumLong("received"));
    }

    /** The cells. */
    public Places<Neuron> cells() {
        return cells;
    }

    /** The axons, terminals, dendrites and synapses. */
    public Agents<GrowingEnd> ends() {
        return ends;
    }
}
