package org.colony.kernel;

import org.colony.kernel.cuda.CudaModel;

/**
 * What the processor generates for each model class ({@code HeatCell_Model}) and registers for
 * {@link java.util.ServiceLoader}: the model's description and its CPU kernels. Not for users to
 * implement.
 */
public interface ModelDescriptor {

    /** {@return the model's attributes, steps and facts} */
    ModelInfo info();

    /**
     * Runs the block's call ({@link CpuBlock#call()}) over rows {@code [row0, row1)} and x in {@code [x0, x1)}
     * of the block. Rows are the (y, z) lines of the block's owned region: row = y + extent1 * z.
     *
     * @param block the block, with the call to run
     * @param row0 the first row
     * @param row1 one past the last row
     * @param x0 the first x
     * @param x1 one past the last x
     */
    void run(CpuBlock block, int row0, int row1, int x0, int x1);

    /**
     * Runs the block's call of a predicate step over a range as {@link #run} does and returns how many instances
     * it was true for.
     *
     * @param block the block, with the call to run
     * @param row0 the first row
     * @param row1 one past the last row
     * @param x0 the first x
     * @param x1 one past the last x
     * @return the instances in the range where the step returned true
     */
    long count(CpuBlock block, int row0, int row1, int x0, int x1);

    /**
     * Runs the block's call of an agent step for the agents in slots {@code [from, to)} of an agent model; for a step
     * that runs place by place ({@link StepInfo#byPlace}), for the agents on the block's owned places {@code [from,
     * to)} (numbered in row order, x fastest), place after place, each place's agents in id order ({@link
     * AgentBlock#own}).
     *
     * @param block the agents' storage, with the call to run
     * @param from the first slot (or owned place)
     * @param to one past the last slot (or owned place)
     */
    default void runAgents(AgentBlock block, int from, int to) {
        throw new UnsupportedOperationException(info().modelClass().getName() + " is not an agent model");
    }

    /**
     * Runs the block's call of an agent predicate step for slots {@code [from, to)} and counts where it is true.
     *
     * @param block the agents' storage, with the call to run
     * @param from the first slot
     * @param to one past the last slot
     * @return the agents in the range where the step returned true
     */
    default long countAgents(AgentBlock block, int from, int to) {
        throw new UnsupportedOperationException(info().modelClass().getName() + " is not an agent model");
    }

    /**
     * {@return what the CUDA backend needs to launch the model's generated CUDA kernels; null for a descriptor written
     * by a processor that generated none}
     */
    default CudaModel cuda() {
        return null;
    }

    /**
     * {@return where in the model's source a CPU kernel failed; {@link SourceLines#NONE} for a descriptor without the
     * table}
     */
    default SourceLines sourceLines() {
        return SourceLines.NONE;
    }
}
