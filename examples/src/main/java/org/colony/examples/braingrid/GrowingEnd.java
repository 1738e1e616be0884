package org.colony.examples.braingrid;

import org.colony.Agent;
import org.colony.Attribute;
import org.colony.Shared;
import org.colony.Step;

/**
 * A growing end of BrainGrid (one class for all of them, told apart by {@link #kind}, as in the MASS CUDA version): an
 * axon tip, a synaptic terminal or a dendrite tip growing one cell a tick, a synapse, or a signal.
 *
 * <p>Every soma starts with eight ends on its place: its axon (slot 0, in the soma's {@code axonDir}) and seven
 * dendrites (slots 1 to 7, the other directions), each waiting for its own start tick. At its start an end grows
 * into the neighbouring cell in its direction if that cell is open (a space cell without a synapse), else it never
 * grows. From then on, each tick (in {@link #grow}):
 * <ul>
 * <li>an axon switches to a synaptic terminal with probability {@code 1 - growing}; a terminal or a dendrite stops
 *     with probability {@code stop}, and after its {@code maxBranches}-th branch it stops once it has grown
 *     {@code afterBranch} more cells;
 * <li>it grows into one of the open cells in its direction or at +-45 degrees from it (chosen at random; its
 *     direction itself stays), and stops where none is open;
 * <li>a terminal or a dendrite that has branched fewer than {@code maxBranches} times branches with probability
 *     {@code branch}: a child end in an open cell at +-45 degrees other than the one its parent took, heading that
 *     way; both count the branch.
 * </ul>
 * Then (in {@link #settle}) the ends that reached a cell settle it: of the axon-side ends (axons, terminals) the
 * lowest id stays and the others stop, likewise of the dendrites. Where the axon-side end and the dendrite that stay
 * come from different somas, they meet: the axon-side end becomes a synapse from its soma to the dendrite's, the
 * dendrite stops, and the cell closes. A synapse moves to its axon's soma and, each tick that soma fires, spawns a
 * signal on its dendrite's soma (a birth at any distance), which adds the soma's output to that soma's input and dies.
 *
 * <p>Children are copies of their parent, so a parent sets what its child needs ({@link #childDir}, {@link #value})
 * and its own id in {@link #origin} before it spawns; an end whose {@code origin} is not its own id is new: a branch,
 * which takes its direction, or a signal (a child of a synapse).
 */
public class GrowingEnd extends Agent<Neuron> {

    /** {@link #kind} of an axon tip in its continuous growing mode. */
    public static final int AXON = 1;

    /** {@link #kind} of a synaptic terminal: an axon tip in its branching mode. */
    public static final int TERMINAL = 2;

    /** {@link #kind} of a dendrite tip. */
    public static final int DENDRITE = 3;

    /** {@link #kind} of a synapse (on its axon's soma), and of the signals it spawns. */
    public static final int SYNAPSE = 4;

    /** {@link #AXON}, {@link #TERMINAL}, {@link #DENDRITE} or {@link #SYNAPSE}. */
    @Attribute
    int kind;

    /** Which of its soma's eight ends this is: 0 the axon, 1 to 7 the dendrites. */
    @Attribute
    int slot;

    /** The direction it grows in: 0 is +x, 2 is +y, in steps of 45 degrees. */
    @Attribute
    int dir;

    /** The direction of the branch it spawned last. */
    @Attribute
    int childDir;

    /** The tick it starts growing at. */
    @Attribute
    int start;

    /** The cells it has grown; 0 while it waits on its soma. */
    @Attribute
    int grown;

    /** The branches of its line so far (a branch counts for both ends). */
    @Attribute
    int branches;

    /** The cells grown since its last branch. */
    @Attribute
    int sinceBranch;

    /** Its soma's coordinates (a synapse's: its axon's soma, where it lives). */
    @Attribute
    int somaX;

    @Attribute
    int somaY;

    /** A synapse's dendrite soma, where its signals go. */
    @Attribute
    int targetX;

    @Attribute
    int targetY;

    /** The id of the end that spawned it, or its own id (see the class comment). */
    @Attribute
    long origin;

    /** The signal a synapse sent last, which its signal carries. */
    @Attribute
    double value;

    /** G: the probability an axon stays in its continuous growing mode in a tick. */
    @Shared
    double growing;

    /** B: the probability a terminal or dendrite branches in a tick. */
    @Shared
    double branch;

    /** R: the most branches along a line. */
    @Shared
    int maxBranches;

    /** K: the cells a line grows after its last branch. */
    @Shared
    int afterBranch;

    /** S: the probability a terminal or dendrite stops in a tick. */
    @Shared
    double stop;

    /** The waiting end of a soma: its kind and direction from its slot, a start tick below {@code window}. */
    @Step
    public void init(int window) {
        origin = id();
        somaX = x();
        somaY = y();
        kind = slot == 0 ? AXON : DENDRITE;
        dir = (place().axonDir + slot) % 8;
        start = uniformInt(window);
    }

    /**
     * A tick of growth (see the class comment), with the shared values G, B, R, K and S, or of a synapse: where its
     * soma fires, a signal on its dendrite's soma.
     */
    @Step(reach = 1)
    public void grow() {
        if (kind == SYNAPSE) {
            double out = place().output;
            if (out > 0) {
                value = out;
                origin = id();
                spawn(1, targetX - x(), targetY - y());
            }
            return;
        }
        if (grown == 0) {
            if (time() < start) {
                return;
            }
            if (open(dir)) {
                grown = 1;
                migrate(dx(dir), dy(dir));
            } else {
                kill();
            }
            return;
        }
        if (kind == AXON) {
            if (uniform() >= growing) {
                kind = TERMINAL;
            }
        } else if (uniform() < stop) {
            kill();
            return;
        }
        if (branches == maxBranches && sinceBranch >= afterBranch) {
            kill();
            return;
        }
        int choices = 0;
        for (int turn = -1; turn <= 1; turn++) {
            if (open(dir + turn)) {
                choices++;
            }
        }
        if (choices == 0) {
            kill();
            return;
        }
        int pick = uniformInt(choices);
        int chosen = 0;
        int seen = 0;
        for (int turn = -1; turn <= 1; turn++) {
            if (open(dir + turn)) {
                if (seen == pick) {
                    chosen = (dir + turn + 8) % 8;
                }
                seen++;
            }
        }
        migrate(dx(chosen), dy(chosen));
        grown++;
        sinceBranch++;
        if (kind != AXON && branches < maxBranches && uniform() < branch) {
            int sides = 0;
            for (int turn = -1; turn <= 1; turn += 2) {
                if ((dir + turn + 8) % 8 != chosen && open(dir + turn)) {
                    sides++;
                }
            }
            if (sides > 0) {
                int side = uniformInt(sides);
                int to = 0;
                seen = 0;
                for (int turn = -1; turn <= 1; turn += 2) {
                    if ((dir + turn + 8) % 8 != chosen && open(dir + turn)) {
                        if (seen == side) {
                            to = (dir + turn + 8) % 8;
                        }
                        seen++;
                    }
                }
                branches++;
                sinceBranch = 0;
                childDir = to;
                origin = id();
                spawn(1, dx(to), dy(to));
            }
        }
    }

    /**
     * After the growth: a signal delivers its value and dies; a branch takes its direction; the ends that reached a
     * cell settle it and meet (see the class comment).
     */
    @Step
    public void settle() {
        if (origin != id()) {
            if (kind == SYNAPSE) {
                place().input += value;
                place().received++;
                kill();
                return;
            }
            dir = childDir;
            origin = id();
        }
        if (kind == SYNAPSE || grown == 0) {
            return;
        }
        boolean axonSide = kind != DENDRITE;
        int w = size(0);
        int mine = somaX + w * somaY + 1;
        boolean lost = false;
        long otherId = -1;
        int other = 0;
        for (GrowingEnd e : agentsHere(GrowingEnd.class)) {
            if (e.kind != SYNAPSE && e.grown > 0) {
                if ((e.kind != DENDRITE) == axonSide) {
                    if (e.id() < id()) {
                        lost = true;
                    }
                } else if (otherId < 0 || e.id() < otherId) {
                    otherId = e.id();
                    other = e.somaX + w * e.somaY + 1;
                }
            }
        }
        if (lost) {
            kill();
            return;
        }
        if (other != 0 && other != mine) {
            if (axonSide) {
                kind = SYNAPSE;
                targetX = (other - 1) % w;
                targetY = (other - 1) / w;
                place().synapses++;
                moveTo(somaX, somaY);
            } else {
                kill();
            }
        }
    }

    /** {@return whether the neighbouring cell in direction {@code d} (any whole number, taken mod 8) is open to it} */
    private boolean open(int d) {
        int to = (d + 8) % 8;
        int ox = dx(to);
        int oy = dy(to);
        if (!hasNeighborPlace(ox, oy)) {
            return false;
        }
        Neuron cell = neighborPlace(ox, oy);
        return cell.type == Neuron.SPACE && cell.synapses == 0;
    }

    /** {@return the x offset of direction {@code d}, 0 to 7} */
    static int dx(int d) {
        return d == 0 || d == 1 || d == 7 ? 1 : d >= 3 && d <= 5 ? -1 : 0;
    }

    /** {@return the y offset of direction {@code d}, 0 to 7} */
    static int dy(int d) {
        return dx((d + 6) % 8);
    }
}
