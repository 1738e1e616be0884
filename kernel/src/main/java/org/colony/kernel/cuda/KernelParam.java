package org.colony.kernel.cuda;

import java.util.List;

/**
 * One parameter of a step's CUDA kernel, in the order the kernel declares it: what the launcher passes there.
 * The processor prints the C++ declaration of each from the model (its type and name), the backend passes the
 * device address or value the kind names.
 *
 * @param kind what the parameter is
 * @param slot for the index of an iterated agent class and its columns: the class's slot among the model's
 *     iterated agent classes; 0 otherwise
 * @param index the attribute (of the model, of its places, or of the slot's agent class) or the step parameter the
 *     parameter is for; 0 where the kind names one thing
 */
public record KernelParam(Kind kind, int slot, int index) {

    /** What a kernel parameter is. */
    public enum Kind {
        /** {@code colony::Frame}: the block's layout, the call's seed, epoch and time, the error word. */
        FRAME,
        /** The current column of the model's attribute {@code index}. */
        COLUMN,
        /** The second column of the model's double-buffered attribute {@code index}. */
        NEXT,
        /** An agent kernel's ids by slot. */
        IDS,
        /** An agent kernel's places (global indices) by slot. */
        LOCATIONS,
        /** An agent kernel's death intents by slot. */
        KILLED,
        /** An agent kernel's move intents by slot. */
        TARGETS,
        /** An agent kernel's birth intents by slot. */
        SPAWNS,
        /** An agent kernel's birth places by slot. */
        BIRTH_PLACES,
        /** An agent kernel's birth spreads by slot. */
        BIRTH_SPREADS,
        /** An agent kernel's ordinals among their siblings, by slot. */
        ORDINALS,
        /** An agent kernel's places' column of place attribute {@code index}. */
        PLACE_COLUMN,
        /** An agent kernel's contributions to place attribute {@code index}, by slot. */
        CONTRIBUTION,
        /** Whether each agent wrote place attribute {@code index}, by slot. */
        WROTE,
        /** Where the agents of iterated class {@code slot} start per place, in the index by place. */
        INDEX_START,
        /**
         * The number of agents of class {@code slot} per place (indexed by global place), for a step that counts them
         * and never iterates, writes, kills or creates them: it gets these counts instead of the class's index.
         */
        INDEX_COUNTS,
        /** The slots of the agents of iterated class {@code slot}, grouped by place. */
        INDEX_ORDER,
        /** The ids of the agents of iterated class {@code slot}, by slot. */
        INDEX_IDS,
        /** The element pitch of the columns of iterated class {@code slot} (a value, not an address). */
        INDEX_PITCH,
        /** The current column of attribute {@code index} of iterated class {@code slot}. */
        INDEXED_COLUMN,
        /** The incoming writes to attribute {@code index} of iterated class {@code slot}, by slot. */
        INDEXED_INCOMING,
        /** The death intents of iterated class {@code slot}, by slot. */
        INDEXED_KILLED,
        /** The agents of iterated class {@code slot} each instance asks for ({@code spawn(T.class, n)}). */
        CREATES,
        /**
         * For a step that runs place by place ({@code StepInfo.byPlace}): where the kernel's own agents start per place
         * (indexed by global place), in the index of the collection's agents by place.
         */
        OWN_START,
        /** For a step that runs place by place: the slots of the kernel's own agents, grouped by place, in id order. */
        OWN_ORDER,
        /** A predicate step's counter of instances where it held. */
        COUNTER,
        /** Array {@code index} of a graph model's rows, as {@link #GRAPH_ARRAYS} names them. */
        GRAPH,
        /**
         * The column of edge attribute {@code index} of the model's edge class, by entry of the out-rows ({@code
         * slot} 0) or of the in-rows ({@code slot} 1).
         */
        EDGE,
        /** The step's parameter {@code index}, by value. */
        ARGUMENT
    }

    /**
     * The arrays of a graph model's rows that its kernels take, in the order of {@link Kind#GRAPH} parameters' indices:
     * the accessors of {@code org.colony.kernel.GraphRows}.
     */
    public static final List<String> GRAPH_ARRAYS = List.of("offsets", "targets", "weights", "inOffsets",
            "inTargets", "inWeights", "degrees", "inDegrees", "ids", "placeOf", "hubs");

    /**
     * The index in {@link #GRAPH_ARRAYS} of the vertices a step runs one warp each: their count, the row length from
     * which a vertex is one, then their rows; only steps that walk neighbours take it.
     */
    public static final int GRAPH_HUBS = 10;

    /**
     * The index in {@link #GRAPH_ARRAYS} of the vertices' place indices ({@code GraphRows.placeOf}); only agents'
     * steps take it, for their moves.
     */
    public static final int GRAPH_PLACE_OF = 9;

    /**
     * {@return array {@code array} of a graph model's rows}
     *
     * @param array the array's index in {@link #GRAPH_ARRAYS}
     */
    public static KernelParam graph(int array) {
        return new KernelParam(Kind.GRAPH, 0, array);
    }

    /**
     * {@return the column of edge attribute {@code attribute}}
     *
     * @param incoming whether by entry of the in-rows
     * @param attribute the attribute's ordinal in the model's edge class
     */
    public static KernelParam edge(boolean incoming, int attribute) {
        return new KernelParam(Kind.EDGE, incoming ? 1 : 0, attribute);
    }

    /** {@return the frame} */
    public static KernelParam frame() {
        return new KernelParam(Kind.FRAME, 0, 0);
    }

    /**
     * {@return the current column of attribute {@code attribute}}
     *
     * @param attribute the attribute's ordinal in the model
     */
    public static KernelParam column(int attribute) {
        return new KernelParam(Kind.COLUMN, 0, attribute);
    }

    /**
     * {@return the second column of attribute {@code attribute}}
     *
     * @param attribute the ordinal of a double-buffered attribute
     */
    public static KernelParam next(int attribute) {
        return new KernelParam(Kind.NEXT, 0, attribute);
    }

    /**
     * {@return a parameter that names one thing of its kind (the agent bookkeeping, the counter)}
     *
     * @param kind a kind that names one thing ({@link Kind#IDS}, {@link Kind#COUNTER}, ...)
     */
    public static KernelParam of(Kind kind) {
        return new KernelParam(kind, 0, 0);
    }

    /**
     * {@return a parameter for place attribute {@code attribute} of an agent kernel}
     *
     * @param kind {@link Kind#PLACE_COLUMN}, {@link Kind#CONTRIBUTION} or {@link Kind#WROTE}
     * @param attribute the place attribute's ordinal in the place model
     */
    public static KernelParam place(Kind kind, int attribute) {
        return new KernelParam(kind, 0, attribute);
    }

    /**
     * {@return a parameter of the index of iterated agent class {@code slot}}
     *
     * @param kind {@link Kind#INDEX_START}, {@link Kind#INDEX_COUNTS}, {@link Kind#INDEX_ORDER}, {@link
     *     Kind#INDEX_IDS}, {@link Kind#INDEX_PITCH} or {@link Kind#INDEXED_KILLED}
     * @param slot the agent class's index among the model's iterated agent classes
     */
    public static KernelParam index(Kind kind, int slot) {
        return new KernelParam(kind, slot, 0);
    }

    /**
     * {@return the current column of attribute {@code attribute} of iterated agent class {@code slot}}
     *
     * @param slot the agent class's index among the model's iterated agent classes
     * @param attribute the attribute's ordinal in that agent class
     */
    public static KernelParam indexedColumn(int slot, int attribute) {
        return new KernelParam(Kind.INDEXED_COLUMN, slot, attribute);
    }

    /**
     * {@return the incoming writes to attribute {@code attribute} of iterated agent class {@code slot}}
     *
     * @param slot the agent class's index among the model's iterated agent classes
     * @param attribute the attribute's ordinal in that agent class
     */
    public static KernelParam indexedIncoming(int slot, int attribute) {
        return new KernelParam(Kind.INDEXED_INCOMING, slot, attribute);
    }

    /**
     * {@return the step's parameter {@code parameter}}
     *
     * @param parameter the parameter's position in the step's parameter list, from 0
     */
    public static KernelParam argument(int parameter) {
        return new KernelParam(Kind.ARGUMENT, 0, parameter);
    }
}
