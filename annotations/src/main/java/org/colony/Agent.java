package org.colony;

/**
 * The base class of agent models: entities that live on the places of a grid, move, reproduce and die.
 *
 * <p>An agent class extends {@code Agent<P>}, where {@code P} is the place model it lives on, declares
 * its state with {@link Attribute} fields and its behaviour with {@link Step} methods, like a place.
 * The methods of this class are intrinsics that steps call; the Colony annotation processor translates
 * them, and calling one outside a translated step throws {@link IllegalStateException}.
 *
 * <pre>{@code
 * public class Ant extends Agent<SugarCell> {
 *     @Attribute int sugar;
 *     @Attribute int metabolism;
 *
 *     @Step public void metabolize() {
 *         sugar += place().sugar - metabolism;
 *         place().sugar = 0;            // a plain write: needs at most one agent per place
 *         place().pollution += metabolism;   // an accumulation: any number of agents
 *         if (sugar < 0) kill();
 *     }
 * }
 * }</pre>
 *
 * <h2>What a step sees</h2>
 * An agent reads and writes its own attributes directly. It reads the attributes of its place and of
 * neighbouring places, and of other agents, as they were before the step. It writes its place's
 * attributes only: {@code place().a = v} (allowed when a place holds at most one agent of the
 * collection), {@code place().a += v}, {@code -=}, {@code ++}, {@code --} (sums), or
 * {@code place().a = Math.min(place().a, v)} / {@code Math.max} (minimum, maximum); these writes are
 * combined in agent-id order and take effect when the step ends. It writes other agents, on its place or a
 * neighbouring one, through the variable of a for-each over {@code agentsHere(...)} or {@code agentsAt(...)}:
 * {@code other.a += v}, {@code -=}, {@code ++}, {@code --} (int and long sums), {@code other.a = Math.min(other.a, v)}
 * / {@code Math.max}, or {@code other.kill()}; these writes combine whatever the writers' order and take effect when
 * the step ends.
 *
 * <h2>Life cycle</h2>
 * {@link #migrate(int, int)}, {@link #moveTo(int, int)}, {@link #spawn(int)}, {@link #spawn(int, int, int)} and
 * {@link #kill()} record intents that {@code Agents.manageAll()} carries out: deaths first, then moves (a place's
 * capacity settled by a random priority, the agent id breaking ties), then births on the parent's place or the place
 * it named, then a stable compaction that keeps agents in id order. See {@code docs/agents.md}.
 *
 * @param <P> the place model the agent lives on
 */
public abstract class Agent<P extends Place> {

    /** For subclasses. */
    protected Agent() {
    }

    /**
     * The place this agent resides on: its attributes read as they were before the step; writes are
     * plain (one agent per place), sums, minima or maxima, applied when the step ends.
     *
     * @return the agent's place
     */
    protected final P place() {
        throw Place.outsideStep("place");
    }

    /**
     * A read-only snapshot view of the place {@code dx} cells from this agent's place (1-D grids).
     *
     * @param dx offset along dimension 0
     * @return the neighbouring place; attributes read zero where it lies outside a non-wrapping grid
     */
    protected final P neighborPlace(int dx) {
        throw Place.outsideStep("neighborPlace");
    }

    /**
     * A read-only snapshot view of the place at offset ({@code dx}, {@code dy}) from this agent's place.
     *
     * @param dx offset along dimension 0
     * @param dy offset along dimension 1
     * @return the neighbouring place; attributes read zero where it lies outside a non-wrapping grid
     */
    protected final P neighborPlace(int dx, int dy) {
        throw Place.outsideStep("neighborPlace");
    }

    /**
     * A read-only snapshot view of the place at offset ({@code dx}, {@code dy}, {@code dz}).
     *
     * @param dx offset along dimension 0
     * @param dy offset along dimension 1
     * @param dz offset along dimension 2
     * @return the neighbouring place; attributes read zero where it lies outside a non-wrapping grid
     */
    protected final P neighborPlace(int dx, int dy, int dz) {
        throw Place.outsideStep("neighborPlace");
    }

    /**
     * Whether the place at offset {@code dx} from this agent's place exists (always on a wrapping grid).
     *
     * @param dx offset along dimension 0
     * @return whether it exists
     */
    protected final boolean hasNeighborPlace(int dx) {
        throw Place.outsideStep("hasNeighborPlace");
    }

    /**
     * Whether the place at offset ({@code dx}, {@code dy}) from this agent's place exists.
     *
     * @param dx offset along dimension 0
     * @param dy offset along dimension 1
     * @return whether it exists
     */
    protected final boolean hasNeighborPlace(int dx, int dy) {
        throw Place.outsideStep("hasNeighborPlace");
    }

    /**
     * Whether the place at offset ({@code dx}, {@code dy}, {@code dz}) from this agent's place exists.
     *
     * @param dx offset along dimension 0
     * @param dy offset along dimension 1
     * @param dz offset along dimension 2
     * @return whether it exists
     */
    protected final boolean hasNeighborPlace(int dx, int dy, int dz) {
        throw Place.outsideStep("hasNeighborPlace");
    }

    /**
     * This agent's id: unique in its collection, assigned in creation order, never reused. Public so that
     * steps can read the id of an agent they iterate ({@code for (Sheep s : agents(Sheep.class)) ... s.id()})
     * from a place or an agent of another class.
     *
     * @return the id
     */
    public final long id() {
        throw Place.outsideStep("id");
    }

    /**
     * The coordinate of this agent's place along dimension 0.
     *
     * @return x
     */
    protected final int x() {
        throw Place.outsideStep("x");
    }

    /**
     * The coordinate of this agent's place along dimension 1.
     *
     * @return y
     */
    protected final int y() {
        throw Place.outsideStep("y");
    }

    /**
     * The coordinate of this agent's place along dimension 2.
     *
     * @return z
     */
    protected final int z() {
        throw Place.outsideStep("z");
    }

    /**
     * The coordinate of this agent's place along dimension {@code d} (a constant).
     *
     * @param d the dimension
     * @return the coordinate
     */
    protected final int coord(int d) {
        throw Place.outsideStep("coord");
    }

    /**
     * The grid's size along dimension {@code d} (a constant).
     *
     * @param d the dimension
     * @return the size
     */
    protected final int size(int d) {
        throw Place.outsideStep("size");
    }

    /**
     * The simulation time: the number of {@code Simulation.step()} calls so far.
     *
     * @return the time step
     */
    protected final long time() {
        throw Place.outsideStep("time");
    }

    /**
     * Asks to move by the given offset (1-D) at the next {@code manageAll}; the last request of a step wins.
     *
     * @param dx offset along dimension 0
     */
    protected final void migrate(int dx) {
        throw Place.outsideStep("migrate");
    }

    /**
     * Asks to move by the given offset at the next {@code manageAll}; the last request of a step wins.
     * On a non-wrapping grid a move that would leave the grid is dropped (the agent stays) and counted.
     *
     * @param dx offset along dimension 0
     * @param dy offset along dimension 1
     */
    protected final void migrate(int dx, int dy) {
        throw Place.outsideStep("migrate");
    }

    /**
     * Asks to move by the given offset (3-D) at the next {@code manageAll}.
     *
     * @param dx offset along dimension 0
     * @param dy offset along dimension 1
     * @param dz offset along dimension 2
     */
    protected final void migrate(int dx, int dy, int dz) {
        throw Place.outsideStep("migrate");
    }

    /**
     * Asks to move to the place at coordinate {@code x} (1-D), anywhere in the grid.
     *
     * @param x the destination
     */
    protected final void moveTo(int x) {
        throw Place.outsideStep("moveTo");
    }

    /**
     * Asks to move to a neighbouring vertex (an agent on a graph's vertices): along the edge the enclosing loop over
     * {@link #placeNeighbors()} reached it by, under the same capacity and priority rules as any move.
     *
     * @param neighbor the variable of a for-each loop over {@link #placeNeighbors()}
     */
    protected final void moveTo(P neighbor) {
        throw Place.outsideStep("moveTo");
    }

    /**
     * The vertices the edges of the agent's own vertex lead to (an agent on a graph's vertices), in increasing id
     * order, as read-only snapshot views. Use it as the source of a for-each loop only.
     *
     * @return the neighbours of the agent's vertex, each showing its attributes from before the current step
     */
    protected final Iterable<P> placeNeighbors() {
        throw Place.outsideStep("placeNeighbors");
    }

    /**
     * The number of neighbours of the agent's own vertex (an agent on a graph's vertices).
     *
     * @return the length of {@link #placeNeighbors()}
     */
    protected final int placeDegree() {
        throw Place.outsideStep("placeDegree");
    }

    /**
     * The weight of the edge the enclosing loop over {@link #placeNeighbors()} reached a neighbour by: 1.0 on a graph
     * without weights.
     *
     * @param neighbor the variable of a for-each loop over {@link #placeNeighbors()}
     * @return the edge's weight
     */
    protected final double weight(P neighbor) {
        throw Place.outsideStep("weight");
    }

    /**
     * The attributes of the edge the enclosing loop over {@link #placeNeighbors()} reached a neighbour by, as an
     * instance of the model's edge class: {@code Road r = edge(n);} then {@code r.length}. Assign it to a local of a
     * concrete {@link Edge} subclass (the same class as the vertex model's steps use); its fields are read-only.
     *
     * @param neighbor the variable of a for-each loop over {@link #placeNeighbors()}
     * @param <E> the model's edge class
     * @return a read-only view of the edge
     */
    protected final <E extends Edge> E edge(P neighbor) {
        throw Place.outsideStep("edge");
    }

    /**
     * Asks to move to the place at ({@code x}, {@code y}), anywhere in the grid.
     *
     * @param x the destination's x
     * @param y the destination's y
     */
    protected final void moveTo(int x, int y) {
        throw Place.outsideStep("moveTo");
    }

    /**
     * Asks to move to the place at ({@code x}, {@code y}, {@code z}), anywhere in the grid.
     *
     * @param x the destination's x
     * @param y the destination's y
     * @param z the destination's z
     */
    protected final void moveTo(int x, int y, int z) {
        throw Place.outsideStep("moveTo");
    }

    /**
     * Asks for {@code n} children at the next {@code manageAll}. Each child starts as a copy of this
     * agent's attributes as they are at the end of the step, on the parent's place.
     *
     * @param n the number of children (calls add up)
     */
    protected final void spawn(int n) {
        throw Place.outsideStep("spawn");
    }

    /**
     * Asks for {@code n} children at the next {@code manageAll}, born on the place at offset {@code dx} (1-D) from
     * this agent's place as it is now (not after a move), within that place's room; off a non-wrapping grid they are
     * refused. Every {@code spawn} of one agent before a {@code manageAll} must name the same place.
     *
     * @param n the number of children (calls add up)
     * @param dx offset along dimension 0
     */
    protected final void spawn(int n, int dx) {
        throw Place.outsideStep("spawn");
    }

    /**
     * Asks for {@code n} children at the next {@code manageAll}, born on the place at offset ({@code dx}, {@code dy})
     * from this agent's place as it is now (not after a move), within that place's room; on a wrapping grid the
     * offset wraps, off a non-wrapping grid the children are refused. Each child starts as a copy of this agent's
     * attributes at the end of the step. Every {@code spawn} of one agent before a {@code manageAll} must name the
     * same place ({@code spawn(n)} names the agent's own place after its move): asking for children on another
     * place fails the step.
     *
     * @param n the number of children (calls add up)
     * @param dx offset along dimension 0
     * @param dy offset along dimension 1
     */
    protected final void spawn(int n, int dx, int dy) {
        throw Place.outsideStep("spawn");
    }

    /**
     * As {@link #spawn(int, int, int)}, on a 3-D grid.
     *
     * @param n the number of children (calls add up)
     * @param dx offset along dimension 0
     * @param dy offset along dimension 1
     * @param dz offset along dimension 2
     */
    protected final void spawn(int n, int dx, int dy, int dz) {
        throw Place.outsideStep("spawn");
    }

    /**
     * Asks for {@code n} children at the next {@code manageAll}, each born on a place drawn at random within
     * {@code radius} of this agent's place as it is now (an offset in {@code [-radius, radius]} along every dimension,
     * this place included) that has room for it: a child draws up to {@code tries} places, in birth rounds after the
     * moves, and is refused when none had room (or all were off a non-wrapping grid). Each child starts as a copy of
     * this agent's attributes at the end of the step. Every {@code spawn} of one agent before a {@code manageAll} must
     * ask for the same place or spread: asking for another fails the step.
     *
     * @param n the number of children (calls add up)
     * @param radius how far from this agent's place, 0 to 32767
     * @param tries how many places a child draws at most, 1 to 65535
     */
    protected final void spawnNear(int n, int radius, int tries) {
        throw Place.outsideStep("spawnNear");
    }

    /**
     * Asks for {@code n} agents of another class on this agent's place as it is now; they are added to their
     * collection (which must have no capacity) when the step ends, as {@code Agents.add(Placement.at(...))} adds
     * agents: the next ids in the order of their places, every attribute 0.
     *
     * @param type the agent class, of the same places
     * @param n the number of agents (calls add up)
     */
    protected final void spawn(Class<? extends Agent<P>> type, int n) {
        throw Place.outsideStep("spawn");
    }

    /**
     * {@return for an agent born in its collection's last {@code manageAll}, its ordinal among the children its parent
     * had born there (0, 1, ..., in the order they were asked for); -1 for every other agent} A child's first step
     * tells it is new and which of its siblings it is by it, for example to take the value its parent left for it.
     */
    protected final int ordinal() {
        throw Place.outsideStep("ordinal");
    }

    /**
     * Asks to die at the next {@code manageAll}: this agent ({@code kill()}), or another agent on the step's own place
     * or a neighbouring one ({@code other.kill()} on the variable of a for-each over {@code agentsHere(...)} or
     * {@code agentsAt(...)}, or over {@code agents(...)} in a place step).
     */
    public final void kill() {
        throw Place.outsideStep("kill");
    }

    /**
     * The agents of one class on this agent's place (including this one, if of that class), as they
     * were before the step, in id order.
     *
     * @param <A> the agent class
     * @param type the agent class
     * @return read-only snapshot views
     */
    protected final <A extends Agent<?>> Iterable<A> agentsHere(Class<A> type) {
        throw Place.outsideStep("agentsHere");
    }

    /**
     * The agents of one class on the place at offset {@code dx} from this agent's place (1-D grids).
     *
     * @param <A> the agent class
     * @param type the agent class
     * @param dx offset along dimension 0
     * @return snapshot views, in id order
     */
    protected final <A extends Agent<?>> Iterable<A> agentsAt(Class<A> type, int dx) {
        throw Place.outsideStep("agentsAt");
    }

    /**
     * The agents of one class on the place at offset ({@code dx}, {@code dy}, {@code dz}).
     *
     * @param <A> the agent class
     * @param type the agent class
     * @param dx offset along dimension 0
     * @param dy offset along dimension 1
     * @param dz offset along dimension 2
     * @return snapshot views, in id order
     */
    protected final <A extends Agent<?>> Iterable<A> agentsAt(Class<A> type, int dx, int dy, int dz) {
        throw Place.outsideStep("agentsAt");
    }

    /**
     * The agents of one class on the place at offset ({@code dx}, {@code dy}) from this agent's place. The loop's
     * variable reads their attributes as they were before the step, and writes them with the forms that combine
     * (sums, minima, maxima, {@code kill()}; see the class comment), applied when the step ends.
     *
     * @param <A> the agent class
     * @param type the agent class
     * @param dx offset along dimension 0
     * @param dy offset along dimension 1
     * @return snapshot views, in id order
     */
    protected final <A extends Agent<?>> Iterable<A> agentsAt(Class<A> type, int dx, int dy) {
        throw Place.outsideStep("agentsAt");
    }

    /**
     * The number of agents of one class on this agent's place, before the step.
     *
     * @param type the agent class
     * @return the count
     */
    protected final int agentCountHere(Class<? extends Agent<?>> type) {
        throw Place.outsideStep("agentCountHere");
    }

    /**
     * The number of agents of one class on the place at offset {@code dx} (1-D), before the step; 0
     * outside a non-wrapping grid.
     *
     * @param type the agent class
     * @param dx offset along dimension 0
     * @return the count
     */
    protected final int agentCountAt(Class<? extends Agent<?>> type, int dx) {
        throw Place.outsideStep("agentCountAt");
    }

    /**
     * The number of agents of one class on the place at offset ({@code dx}, {@code dy}), before the step;
     * 0 outside a non-wrapping grid.
     *
     * @param type the agent class
     * @param dx offset along dimension 0
     * @param dy offset along dimension 1
     * @return the count
     */
    protected final int agentCountAt(Class<? extends Agent<?>> type, int dx, int dy) {
        throw Place.outsideStep("agentCountAt");
    }

    /**
     * The number of agents of one class on the place at offset ({@code dx}, {@code dy}, {@code dz}).
     *
     * @param type the agent class
     * @param dx offset along dimension 0
     * @param dy offset along dimension 1
     * @param dz offset along dimension 2
     * @return the count
     */
    protected final int agentCountAt(Class<? extends Agent<?>> type, int dx, int dy, int dz) {
        throw Place.outsideStep("agentCountAt");
    }

    /**
     * A uniformly distributed double in [0, 1) from the framework's generator.
     *
     * @return a draw
     */
    protected final double uniform() {
        throw Place.outsideStep("uniform");
    }

    /**
     * A uniformly distributed int in [0, bound) from the framework's generator, without bias.
     *
     * @param bound a positive bound
     * @return a draw
     */
    protected final int uniformInt(int bound) {
        throw Place.outsideStep("uniformInt");
    }

    /**
     * A standard normal double from the framework's generator.
     *
     * @return a draw
     */
    protected final double normal() {
        throw Place.outsideStep("normal");
    }
}
