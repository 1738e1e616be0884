package org.colony;

/**
 * The base class of place models: cells of a 1-, 2- or 3-dimensional grid.
 *
 * <p>A model class extends {@code Place}, declares its state with {@link Attribute} fields and its
 * behaviour with {@link Step} methods. The methods of this class are <em>intrinsics</em>: steps call
 * them, and the Colony annotation processor translates each call into backend code. Colony never
 * creates instances of a model class and never runs step bodies as written; calling an intrinsic
 * outside a translated step throws {@link IllegalStateException}.
 *
 * <pre>{@code
 * public class HeatCell extends Place {
 *     @Attribute double temp;
 *
 *     @Step void diffuse(double r) {
 *         if (onBoundary()) return;
 *         HeatCell e = neighbor(1, 0), w = neighbor(-1, 0), n = neighbor(0, -1), s = neighbor(0, 1);
 *         temp = temp + r * (e.temp - 2 * temp + w.temp) + r * (s.temp - 2 * temp + n.temp);
 *     }
 * }
 * }</pre>
 *
 * <h2>Snapshot reads</h2>
 * Attributes read through {@code neighbor(...)} show their values from before the current step,
 * whatever order instances run in. Writes to an instance's own attributes are visible to itself at
 * once. A neighbour view is read-only.
 *
 * <h2>Boundaries</h2>
 * A grid either treats cells outside it as absent (reads through {@code neighbor} give the
 * attribute's zero value and {@link #hasNeighbor(int, int)} is {@code false}) or wraps (a torus).
 */
public abstract class Place {

    /** For subclasses. */
    protected Place() {
    }

    /**
     * A read-only snapshot view of the place {@code dx} cells away along a 1-dimensional grid.
     *
     * @param <P> the model class of the neighbour, the same as the caller's
     * @param dx offset along dimension 0
     * @return a view whose attributes show the values from before the current step
     */
    protected final <P extends Place> P neighbor(int dx) {
        throw outsideStep("neighbor");
    }

    /**
     * A read-only snapshot view of the place at offset ({@code dx}, {@code dy}) in a 2-dimensional grid.
     *
     * @param <P> the model class of the neighbour, the same as the caller's
     * @param dx offset along dimension 0 (x)
     * @param dy offset along dimension 1 (y)
     * @return a view whose attributes show the values from before the current step
     */
    protected final <P extends Place> P neighbor(int dx, int dy) {
        throw outsideStep("neighbor");
    }

    /**
     * A read-only snapshot view of the place at offset ({@code dx}, {@code dy}, {@code dz}) in a
     * 3-dimensional grid.
     *
     * @param <P> the model class of the neighbour, the same as the caller's
     * @param dx offset along dimension 0 (x)
     * @param dy offset along dimension 1 (y)
     * @param dz offset along dimension 2 (z)
     * @return a view whose attributes show the values from before the current step
     */
    protected final <P extends Place> P neighbor(int dx, int dy, int dz) {
        throw outsideStep("neighbor");
    }

    /**
     * Whether the place {@code dx} cells away exists (always {@code true} on a wrapping grid).
     *
     * @param dx offset along dimension 0
     * @return {@code true} if the neighbour lies inside the grid or the grid wraps
     */
    protected final boolean hasNeighbor(int dx) {
        throw outsideStep("hasNeighbor");
    }

    /**
     * Whether the place at offset ({@code dx}, {@code dy}) exists (always {@code true} on a wrapping grid).
     *
     * @param dx offset along dimension 0
     * @param dy offset along dimension 1
     * @return {@code true} if the neighbour lies inside the grid or the grid wraps
     */
    protected final boolean hasNeighbor(int dx, int dy) {
        throw outsideStep("hasNeighbor");
    }

    /**
     * Whether the place at offset ({@code dx}, {@code dy}, {@code dz}) exists (always {@code true} on a
     * wrapping grid).
     *
     * @param dx offset along dimension 0
     * @param dy offset along dimension 1
     * @param dz offset along dimension 2
     * @return {@code true} if the neighbour lies inside the grid or the grid wraps
     */
    protected final boolean hasNeighbor(int dx, int dy, int dz) {
        throw outsideStep("hasNeighbor");
    }

    /**
     * The global linear index of this place: {@code x + size(0) * (y + size(1) * z)}; on a graph's vertices, the
     * vertex's id (public, so that agents on the vertices read it as {@code n.index()} of the vertices their loops
     * reach).
     *
     * @return a number in {@code [0, cells)}, the same on every backend and partitioning
     */
    public final long index() {
        throw outsideStep("index");
    }

    /**
     * This place's coordinate along dimension {@code d}.
     *
     * @param d a dimension, {@code 0 <= d < dimensions}
     * @return the coordinate, {@code 0 <= coord(d) < size(d)}
     */
    protected final int coord(int d) {
        throw outsideStep("coord");
    }

    /**
     * This place's coordinate along dimension 0.
     *
     * @return {@code coord(0)}
     */
    protected final int x() {
        throw outsideStep("x");
    }

    /**
     * This place's coordinate along dimension 1 (2- and 3-dimensional grids).
     *
     * @return {@code coord(1)}
     */
    protected final int y() {
        throw outsideStep("y");
    }

    /**
     * This place's coordinate along dimension 2 (3-dimensional grids).
     *
     * @return {@code coord(2)}
     */
    protected final int z() {
        throw outsideStep("z");
    }

    /**
     * The number of places of the grid along dimension {@code d}.
     *
     * @param d a dimension, {@code 0 <= d < dimensions}
     * @return the grid's extent along {@code d}
     */
    protected final int size(int d) {
        throw outsideStep("size");
    }

    /**
     * Whether this place lies on the outer boundary of the grid: some coordinate is 0 or
     * {@code size(d) - 1}. Independent of the boundary policy.
     *
     * @return {@code true} on the grid's outermost cells
     */
    protected final boolean onBoundary() {
        throw outsideStep("onBoundary");
    }

    /**
     * The simulation time: the number of {@code Simulation.step()} calls so far.
     *
     * @return the current time step, starting at 0
     */
    protected final long time() {
        throw outsideStep("time");
    }

    /**
     * A uniformly distributed double in {@code [0, 1)} from the framework's counter-based generator;
     * the same on every backend, thread count and partitioning.
     *
     * @return a draw with 53 random bits
     */
    protected final double uniform() {
        throw outsideStep("uniform");
    }

    /**
     * A uniformly distributed int in {@code [0, bound)} from the framework's generator, without bias.
     *
     * @param bound a positive bound
     * @return a draw in {@code [0, bound)}
     */
    protected final int uniformInt(int bound) {
        throw outsideStep("uniformInt");
    }

    /**
     * A standard normally distributed double (mean 0, deviation 1) from the framework's generator.
     *
     * @return a draw from N(0, 1)
     */
    protected final double normal() {
        throw outsideStep("normal");
    }

    /**
     * The agents of one class that reside on this place, as they were before the current step, in id
     * order. Use it in a for-each loop: {@code for (Sheep s : agents(Sheep.class)) { ... s.energy ... }}.
     *
     * @param <A> the agent class
     * @param type the agent class
     * @return read-only snapshot views of the agents
     */
    protected final <A extends Agent<?>> Iterable<A> agents(Class<A> type) {
        throw outsideStep("agents");
    }

    /**
     * Asks for {@code n} agents of a class that lives on these places, on this place; they are added to their
     * collection (which must have no capacity) when the step ends, as {@code Agents.add(Placement.at(...))} adds
     * agents: the next ids in the order of their places, every attribute 0.
     *
     * @param type the agent class
     * @param n the number of agents (calls add up)
     */
    protected final void spawn(Class<? extends Agent<?>> type, int n) {
        throw outsideStep("spawn");
    }

    /**
     * The number of agents of one class residing on this place, before the current step.
     *
     * @param type the agent class
     * @return the count
     */
    protected final int agentCount(Class<? extends Agent<?>> type) {
        throw outsideStep("agentCount");
    }

    static IllegalStateException outsideStep(String intrinsic) {
        return new IllegalStateException(intrinsic + "() can only be used inside a @Step method, "
                + "which the Colony annotation processor translates; it cannot be called directly");
    }
}
