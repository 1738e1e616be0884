package org.colony.kernel;

/**
 * The storage of one block as generated CPU kernels see it: its layout, its columns (one Java array
 * per attribute, or per element of an array attribute) and the values of the current call.
 */
public interface CpuBlock {

    /** {@return the block's layout} */
    Layout layout();

    /**
     * {@return the current column of an attribute: a primitive array ({@code double[]}) for a scalar, an array of them
     * ({@code double[][]}, one per element) for an array attribute}
     *
     * @param attribute the attribute's ordinal in the model
     */
    Object column(int attribute);

    /**
     * {@return the second column of a double-buffered attribute, which steps that buffer it write}
     *
     * @param attribute the ordinal of a double-buffered attribute
     */
    Object next(int attribute);

    /**
     * {@return a {@code boolean} attribute's owned cells as bits ({@link BitRows}) where the call under way runs on
     * the bits the block keeps between calls; null where it runs on the columns}
     *
     * <p>Such a call comes in chunks of whole rows, and its kernel neither reads nor writes the attribute's columns.
     *
     * @param attribute the attribute's ordinal in the model
     */
    default long[] bits(int attribute) {
        return null;
    }

    /**
     * {@return the second bits of a double-buffered {@code boolean} attribute, which a call on bits writes; null where
     * the call runs on the columns}
     *
     * @param attribute the ordinal of a double-buffered attribute
     */
    default long[] nextBits(int attribute) {
        return null;
    }

    /**
     * Tells the block that the step under way could run on bits kept between calls ({@link #bits}): it reads the
     * attributes {@code reads} and writes {@code writes}, all {@code boolean}. A block may then keep them as bits
     * and run the step's next calls on them; it may ignore this. Called by every chunk of the step's calls on the
     * columns, from any thread.
     *
     * @param reads the ordinals of the {@code boolean} attributes the step reads
     * @param writes the ordinals of those it writes
     */
    default void offerBits(int[] reads, int[] writes) {
    }

    /**
     * {@return a shared attribute's values: a primitive array of length 1 for a scalar}
     *
     * @param index the shared attribute's index in the model
     */
    Object shared(int index);

    /** {@return the call its kernels run: the step, its arguments, the seed, the epoch and the time their draws see} */
    Call call();

    /**
     * {@return the agents of the collection in slot {@code slot} of the model's iterated agent classes}
     *
     * @param slot the agent class's index among the model's iterated agent classes
     */
    AgentView agents(int slot);

    /**
     * {@return by storage index, the agents of iterated class {@code slot} each place asked for on itself ({@code
     * spawn(T.class, n)}) in the step under way}
     *
     * @param slot the agent class's index among the model's iterated agent classes
     */
    default int[] creates(int slot) {
        throw new UnsupportedOperationException("no agents asked for");
    }

    /** {@return the edges of the block's vertices (models on a graph's vertices only)} */
    default GraphRows graph() {
        throw new UnsupportedOperationException("the block holds no graph");
    }
}
