package org.colony.kernel;

/**
 * What the processor generates for each model class ({@code HeatCell_Model}) and registers for
 * {@link java.util.ServiceLoader}: the model's description and its CPU kernels. Not for users to
 * implement.
 */
public interface ModelDescriptor {

    /** The model's attributes, steps and facts. */
    ModelInfo info();

    /**
     * Runs step number {@code step} over rows {@code [row0, row1)} and x in {@code [x0, x1)} of one
     * block. Rows are the (y, z) lines of the block's owned region: row = y + extent1 * z.
     *
     * @param args the step's arguments, boxed in exactly the parameter types
     */
    void run(int step, CpuBlock block, int row0, int row1, int x0, int x1, Object[] args);

    /**
     * Runs predicate step number {@code step} over a range as {@link #run} does and returns how many
     * instances it was true for.
     */
    long count(int step, CpuBlock block, int row0, int row1, int x0, int x1, Object[] args);

    /** Runs agent step number {@code step} for the agents in slots {@code [from, to)} of an agent model. */
    default void runAgents(int step, AgentBlock block, int from, int to, Object[] args) {
        throw new UnsupportedOperationException(info().modelClass().getName() + " is not an agent model");
    }

    /** Runs agent predicate step number {@code step} for slots {@code [from, to)} and counts where it is true. */
    default long countAgents(int step, AgentBlock block, int from, int to, Object[] args) {
        throw new UnsupportedOperationException(info().modelClass().getName() + " is not an agent model");
    }
}
