package org.colony.examples.braingrid;

import java.util.ArrayList;
import java.util.List;
import org.colony.kernel.RandomStream;

/**
 * BrainGrid ({@link BrainGrid}) as a plain sequential program, written from the model's rules ({@link Neuron},
 * {@link GrowingEnd}) and Colony's documented ones ({@code docs/agents.md}, {@code docs/random.md}), without the
 * framework's runtime: every random number is a draw of {@code RandomStream(seed, epoch)} for the documented instance
 * (a place's index, an agent's id) and epoch (one per call of a drawing step and per manageAll, in the order
 * {@link BrainGrid#tick} makes them; the explicit placement and the steps without draws take none).
 *
 * <p>The ends live on places without a capacity, so {@code manageAll} refuses nothing: the ends that asked to die die,
 * the others move where they asked, every child is born where its parent named, a copy of its parent's attributes at
 * the end of the step; the survivors keep their order and the children follow by parent id, with the next ids. Steps
 * read the ends on a place and the places' attributes as they were before the step; sums into a place are added in
 * id order.
 */
final class BrainGridReference {

    /** An end: its attributes, place and the intents of the last step. */
    static final class End {
        final long id;
        int place;
        int kind;
        int slot;
        int dir;
        int childDir;
        int start;
        int grown;
        int branches;
        int sinceBranch;
        int somaX;
        int somaY;
        int targetX;
        int targetY;
        long origin;
        double value;
        /** Intents: death, the place to move to (-1: none), the place of a child (-1: none). */
        boolean dead;
        int moveTo = -1;
        int childAt = -1;

        End(long id, int place) {
            this.id = id;
            this.place = place;
        }

        /** {@return a child with id {@code id} on {@code at}: a copy of this end's attributes} */
        End child(long childId, int at) {
            End c = new End(childId, at);
            c.kind = kind;
            c.slot = slot;
            c.dir = dir;
            c.childDir = childDir;
            c.start = start;
            c.grown = grown;
            c.branches = branches;
            c.sinceBranch = sinceBranch;
            c.somaX = somaX;
            c.somaY = somaY;
            c.targetX = targetX;
            c.targetY = targetY;
            c.origin = origin;
            c.value = value;
            return c;
        }
    }

    final int size;
    final long seed;
    final BrainGrid.Parameters p;
    final int[] type;
    final int[] axonDir;
    final int[] synapses;
    final double[] input;
    final double[] output;
    final int[] received;
    List<End> ends = new ArrayList<>();
    long nextId;
    long epoch;
    long time;

    // What happened over the ticks, to show a run is not vacuous.
    long started;
    long neverGrew;
    final long[] grewAs = new long[GrowingEnd.SYNAPSE + 1];
    long switched;
    long branchesOf;
    long branchesOfTerminals;
    long stoppedAtRandom;
    long stoppedAfterBranches;
    long blocked;
    long lostCell;
    long synapsesFormed;
    long dendritesMet;
    long signalsSent;
    long signalsDelivered;
    long activated;
    long forwarded;

    BrainGridReference(int size, long seed, BrainGrid.Parameters p) {
        this.size = size;
        this.seed = seed;
        this.p = p;
        int cells = size * size;
        type = new int[cells];
        axonDir = new int[cells];
        synapses = new int[cells];
        input = new double[cells];
        output = new double[cells];
        received = new int[cells];
        // Neuron.init.
        RandomStream rng = new RandomStream(seed, epoch++);
        for (int g = 0; g < cells; g++) {
            rng.reset(g);
            double u = rng.uniform();
            type[g] = u < p.excitatory() ? Neuron.EXCITATORY
                    : u < p.excitatory() + p.inhibitory() ? Neuron.INHIBITORY
                    : u < p.excitatory() + p.inhibitory() + p.neutral() ? Neuron.NEUTRAL : Neuron.SPACE;
            if (type[g] != Neuron.SPACE) {
                axonDir[g] = rng.uniformInt(8);
            }
        }
        // ends.add(Placement.at(...)): eight a soma, by place, slots 0 to 7; no epoch.
        for (int g = 0; g < cells; g++) {
            if (type[g] != Neuron.SPACE) {
                for (int slot = 0; slot < 8; slot++) {
                    End e = new End(nextId++, g);
                    e.slot = slot;
                    ends.add(e);
                }
            }
        }
        // GrowingEnd.init(window).
        rng = new RandomStream(seed, epoch++);
        for (End e : ends) {
            rng.reset(e.id);
            e.origin = e.id;
            e.somaX = e.place % size;
            e.somaY = e.place / size;
            e.kind = e.slot == 0 ? GrowingEnd.AXON : GrowingEnd.DENDRITE;
            e.dir = (axonDir[e.place] + e.slot) % 8;
            e.start = rng.uniformInt(p.window());
        }
    }

    /** One tick, call by call as {@link BrainGrid#tick}. */
    void tick() {
        fire();
        grow();
        manage();
        settle();
        manage();
        time++;
    }

    /** Neuron.fire(activation, modulation, threshold). */
    private void fire() {
        RandomStream rng = new RandomStream(seed, epoch++);
        for (int g = 0; g < type.length; g++) {
            received[g] = 0;
            if (type[g] == Neuron.SPACE) {
                continue;
            }
            double in = input[g];
            input[g] = 0;
            double out = 0;
            if (in >= p.threshold()) {
                out = type[g] == Neuron.EXCITATORY ? in * (1 + p.modulation())
                        : type[g] == Neuron.INHIBITORY ? in * p.modulation() : in;
                forwarded++;
            }
            if (type[g] == Neuron.EXCITATORY) {
                rng.reset(g);
                if (rng.uniform() < p.activation()) {
                    out += Neuron.MAX_SIGNAL;
                    activated++;
                }
            }
            output[g] = Math.min(Neuron.MAX_SIGNAL, out);
        }
    }

    static int dx(int d) {
        return d == 0 || d == 1 || d == 7 ? 1 : d >= 3 && d <= 5 ? -1 : 0;
    }

    static int dy(int d) {
        return dx((d + 6) % 8);
    }

    /** The place in direction {@code d} (taken mod 8) from {@code place}, or -1 off the grid. */
    private int toward(int place, int d) {
        int to = Math.floorMod(d, 8);
        int x = place % size + dx(to);
        int y = place / size + dy(to);
        return x < 0 || y < 0 || x >= size || y >= size ? -1 : x + size * y;
    }

    /** Whether the cell in direction {@code d} from {@code place} is open: on the grid, space, no synapse. */
    private boolean open(int place, int d) {
        int g = toward(place, d);
        return g >= 0 && type[g] == Neuron.SPACE && synapses[g] == 0;
    }

    /** GrowingEnd.grow(), with the shared values of the parameters. */
    private void grow() {
        RandomStream rng = new RandomStream(seed, epoch++);
        for (End e : ends) {
            rng.reset(e.id);
            if (e.kind == GrowingEnd.SYNAPSE) {
                double out = output[e.place];
                if (out > 0) {
                    e.value = out;
                    e.origin = e.id;
                    e.childAt = e.targetX + size * e.targetY;
                    signalsSent++;
                }
                continue;
            }
            if (e.grown == 0) {
                if (time < e.start) {
                    continue;
                }
                if (open(e.place, e.dir)) {
                    e.grown = 1;
                    e.moveTo = toward(e.place, e.dir);
                    started++;
                    grewAs[e.kind]++;
                } else {
                    e.dead = true;
                    neverGrew++;
                }
                continue;
            }
            if (e.kind == GrowingEnd.AXON) {
                if (rng.uniform() >= p.growing()) {
                    e.kind = GrowingEnd.TERMINAL;
                    switched++;
                }
            } else if (rng.uniform() < p.stop()) {
                e.dead = true;
                stoppedAtRandom++;
                continue;
            }
            if (e.branches == p.maxBranches() && e.sinceBranch >= p.afterBranch()) {
                e.dead = true;
                stoppedAfterBranches++;
                continue;
            }
            List<Integer> choices = new ArrayList<>();
            for (int turn = -1; turn <= 1; turn++) {
                if (open(e.place, e.dir + turn)) {
                    choices.add(Math.floorMod(e.dir + turn, 8));
                }
            }
            if (choices.isEmpty()) {
                e.dead = true;
                blocked++;
                continue;
            }
            int chosen = choices.get(rng.uniformInt(choices.size()));
            e.moveTo = toward(e.place, chosen);
            e.grown++;
            e.sinceBranch++;
            grewAs[e.kind]++;
            if (e.kind != GrowingEnd.AXON && e.branches < p.maxBranches() && rng.uniform() < p.branch()) {
                List<Integer> sides = new ArrayList<>();
                for (int turn = -1; turn <= 1; turn += 2) {
                    int d = Math.floorMod(e.dir + turn, 8);
                    if (d != chosen && open(e.place, e.dir + turn)) {
                        sides.add(d);
                    }
                }
                if (!sides.isEmpty()) {
                    int to = sides.get(rng.uniformInt(sides.size()));
                    e.branches++;
                    e.sinceBranch = 0;
                    e.childDir = to;
                    e.origin = e.id;
                    e.childAt = toward(e.place, to);
                    branchesOf++;
                    if (e.kind == GrowingEnd.TERMINAL) {
                        branchesOfTerminals++;
                    }
                }
            }
        }
    }

    /**
     * GrowingEnd.settle(): no draws. Each end reads the ends on its place as they were before the step (kind, cells
     * grown, soma), in id order.
     */
    private void settle() {
        int n = ends.size();
        int[] kind = new int[n];
        int[] grown = new int[n];
        int[] soma = new int[n];
        List<List<Integer>> here = new ArrayList<>();
        for (int g = 0; g < type.length; g++) {
            here.add(new ArrayList<>());
        }
        for (int i = 0; i < n; i++) {
            End e = ends.get(i);
            kind[i] = e.kind;
            grown[i] = e.grown;
            soma[i] = e.somaX + size * e.somaY + 1;
            here.get(e.place).add(i);
        }
        for (int i = 0; i < n; i++) {
            End e = ends.get(i);
            if (e.origin != e.id) {
                if (e.kind == GrowingEnd.SYNAPSE) {
                    input[e.place] += e.value;
                    received[e.place]++;
                    e.dead = true;
                    signalsDelivered++;
                    continue;
                }
                e.dir = e.childDir;
                e.origin = e.id;
            }
            if (e.kind == GrowingEnd.SYNAPSE || e.grown == 0) {
                continue;
            }
            boolean axonSide = e.kind != GrowingEnd.DENDRITE;
            int mine = e.somaX + size * e.somaY + 1;
            boolean lost = false;
            long otherId = -1;
            int other = 0;
            for (int j : here.get(e.place)) {
                End o = ends.get(j);
                if (kind[j] != GrowingEnd.SYNAPSE && grown[j] > 0) {
                    if ((kind[j] != GrowingEnd.DENDRITE) == axonSide) {
                        lost |= o.id < e.id;
                    } else if (otherId < 0 || o.id < otherId) {
                        otherId = o.id;
                        other = soma[j];
                    }
                }
            }
            if (lost) {
                e.dead = true;
                lostCell++;
                continue;
            }
            if (other != 0 && other != mine) {
                if (axonSide) {
                    e.kind = GrowingEnd.SYNAPSE;
                    e.targetX = (other - 1) % size;
                    e.targetY = (other - 1) / size;
                    synapses[e.place]++;
                    e.moveTo = e.somaX + size * e.somaY;
                    synapsesFormed++;
                } else {
                    e.dead = true;
                    dendritesMet++;
                }
            }
        }
    }

    /** ends.manageAll(), in its own epoch (its draws settle contests for room, and there are none). */
    private void manage() {
        epoch++;
        List<End> next = new ArrayList<>();
        for (End e : ends) {
            if (!e.dead) {
                if (e.moveTo >= 0) {
                    e.place = e.moveTo;
                }
                next.add(e);
            }
        }
        for (End e : ends) {
            if (e.childAt >= 0) {
                next.add(e.child(nextId++, e.childAt));
            }
        }
        for (End e : next) {
            e.dead = false;
            e.moveTo = -1;
            e.childAt = -1;
        }
        ends = next;
    }
}
