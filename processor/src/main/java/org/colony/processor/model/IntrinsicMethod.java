package org.colony.processor.model;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.colony.kernel.AgentAction;
import org.colony.processor.ir.IntrinsicOp;
import org.colony.processor.ir.RandomKind;

/**
 * The catalogue of intrinsics: the methods of {@code org.colony.Place} and {@code org.colony.Agent} that a step
 * may call, one constant per name, with the class that declares it, how many arguments it takes, and what it
 * becomes in the IR. The validator keeps model methods from reusing these names; the translator translates calls
 * of them. A test holds the catalogue against the methods the two classes declare.
 */
public enum IntrinsicMethod {
    /** {@code neighbor(dx[, dy[, dz]])}: a neighbour view. */
    NEIGHBOR("neighbor", Owner.PLACE, 1, 3, Form.PLACE),
    /** {@code hasNeighbor(dx[, dy[, dz]])}. */
    HAS_NEIGHBOR("hasNeighbor", Owner.PLACE, 1, 3, IntrinsicOp.HAS_NEIGHBOR),
    /** {@code index()}. */
    INDEX("index", Owner.PLACE, 0, 0, IntrinsicOp.INDEX),
    /** {@code coord(d)}. */
    COORD("coord", Owner.BOTH, 1, 1, IntrinsicOp.COORD),
    /** {@code x()}: {@code coord(0)}. */
    X("x", Owner.BOTH, 0, 0, IntrinsicOp.COORD),
    /** {@code y()}: {@code coord(1)}. */
    Y("y", Owner.BOTH, 0, 0, IntrinsicOp.COORD),
    /** {@code z()}: {@code coord(2)}. */
    Z("z", Owner.BOTH, 0, 0, IntrinsicOp.COORD),
    /** {@code size(d)}. */
    SIZE("size", Owner.BOTH, 1, 1, IntrinsicOp.SIZE),
    /** {@code onBoundary()}. */
    ON_BOUNDARY("onBoundary", Owner.PLACE, 0, 0, IntrinsicOp.ON_BOUNDARY),
    /** {@code time()}. */
    TIME("time", Owner.BOTH, 0, 0, IntrinsicOp.TIME),
    /** {@code uniform()}. */
    UNIFORM("uniform", Owner.BOTH, 0, 0, RandomKind.UNIFORM),
    /** {@code uniformInt(bound)}. */
    UNIFORM_INT("uniformInt", Owner.BOTH, 1, 1, RandomKind.UNIFORM_INT),
    /** {@code normal()}. */
    NORMAL("normal", Owner.BOTH, 0, 0, RandomKind.NORMAL),
    /** {@code agents(Type.class)}: the agents on the place itself, only as a for-each source. */
    AGENTS("agents", Owner.PLACE, 1, 1, Form.AGENTS),
    /** {@code agentCount(Type.class)}: how many agents are on the place itself. */
    AGENT_COUNT("agentCount", Owner.PLACE, 1, 1, IntrinsicOp.AGENT_COUNT),
    /** {@code place()}: the agent's own place. */
    PLACE("place", Owner.AGENT, 0, 0, Form.PLACE),
    /** {@code neighborPlace(dx[, dy[, dz]])}: a neighbour of the agent's place. */
    NEIGHBOR_PLACE("neighborPlace", Owner.AGENT, 1, 3, Form.PLACE),
    /** {@code hasNeighborPlace(dx[, dy[, dz]])}. */
    HAS_NEIGHBOR_PLACE("hasNeighborPlace", Owner.AGENT, 1, 3, IntrinsicOp.HAS_NEIGHBOR),
    /** {@code id()}. */
    ID("id", Owner.AGENT, 0, 0, IntrinsicOp.ID),
    /** {@code ordinal()}. */
    ORDINAL("ordinal", Owner.AGENT, 0, 0, IntrinsicOp.ORDINAL),
    /** {@code migrate(dx[, dy[, dz]])}. */
    MIGRATE("migrate", Owner.AGENT, 1, 3, AgentAction.MIGRATE),
    /** {@code moveTo(x[, y[, z]])}. */
    MOVE_TO("moveTo", Owner.AGENT, 1, 3, AgentAction.MOVE_TO),
    /**
     * {@code spawn(n[, dx[, dy[, dz]]])}: on the agent's place after its move, or at an offset from its place now;
     * {@code spawn(T.class, n)}: agents of another class on the agent's (or, in a place step, the place's) place.
     */
    SPAWN("spawn", Owner.AGENT, 1, 4, AgentAction.SPAWN),
    /**
     * {@code spawn(T.class, n)} in a place step: agents of another class on the place (agents reach the same form
     * through {@link #SPAWN}, which {@link #named} returns for the name).
     */
    SPAWN_IN_PLACE("spawn", Owner.PLACE, 2, 2, Form.INTENT),
    /** {@code spawnNear(n, radius, tries)}: children on places at random near the agent's place now. */
    SPAWN_NEAR("spawnNear", Owner.AGENT, 3, 3, AgentAction.SPAWN_NEAR),
    /** {@code kill()}. */
    KILL("kill", Owner.AGENT, 0, 0, AgentAction.KILL),
    /** {@code agentsHere(Type.class)}: the agents on the agent's place, only as a for-each source. */
    AGENTS_HERE("agentsHere", Owner.AGENT, 1, 1, Form.AGENTS),
    /** {@code agentsAt(Type.class, dx[, dy[, dz]])}: the agents on a neighbour, only as a for-each source. */
    AGENTS_AT("agentsAt", Owner.AGENT, 2, 4, Form.AGENTS),
    /** {@code agentCountHere(Type.class)}. */
    AGENT_COUNT_HERE("agentCountHere", Owner.AGENT, 1, 1, IntrinsicOp.AGENT_COUNT),
    /** {@code agentCountAt(Type.class, dx[, dy[, dz]])}. */
    AGENT_COUNT_AT("agentCountAt", Owner.AGENT, 2, 4, IntrinsicOp.AGENT_COUNT),
    /** {@code neighbors()}: a vertex's neighbours, only as a for-each source. */
    NEIGHBORS("neighbors", Owner.VERTEX, 0, 0, Form.NEIGHBORS),
    /** {@code inNeighbors()}: the sources of a vertex's incoming edges, only as a for-each source. */
    IN_NEIGHBORS("inNeighbors", Owner.VERTEX, 0, 0, Form.NEIGHBORS),
    /** {@code degree()}: a vertex's (out-)degree. */
    DEGREE("degree", Owner.VERTEX, 0, 0, IntrinsicOp.DEGREE),
    /** {@code inDegree()}: a vertex's in-degree. */
    IN_DEGREE("inDegree", Owner.VERTEX, 0, 0, IntrinsicOp.IN_DEGREE),
    /** {@code weight(n)}: the weight of the edge a neighbours loop reached {@code n} by. */
    WEIGHT("weight", Owner.GRAPH, 1, 1, IntrinsicOp.EDGE_WEIGHT),
    /** {@code edge(n)}: the attributes of the edge a neighbours loop reached {@code n} by, only as an edge local's value. */
    EDGE("edge", Owner.GRAPH, 1, 1, IntrinsicOp.EDGE_ATTRIBUTE),
    /** {@code placeNeighbors()}: the neighbours of an agent's vertex, only as a for-each source. */
    PLACE_NEIGHBORS("placeNeighbors", Owner.AGENT, 0, 0, Form.NEIGHBORS),
    /** {@code placeDegree()}: the degree of an agent's vertex. */
    PLACE_DEGREE("placeDegree", Owner.AGENT, 0, 0, IntrinsicOp.DEGREE);

    /** The intrinsics of grids, which mean nothing on a graph's vertices. */
    private static final Set<String> GRID_ONLY = Set.of("neighbor", "hasNeighbor", "coord", "x", "y", "z", "size",
            "onBoundary", "neighborPlace", "hasNeighborPlace", "migrate", "agentsAt", "agentCountAt", "spawnNear");
    /** The intrinsics of graphs, which mean nothing on a grid. */
    private static final Set<String> GRAPH_ONLY = Set.of("neighbors", "inNeighbors", "degree", "inDegree", "weight",
            "edge", "placeNeighbors", "placeDegree");

    /** The class that declares an intrinsic. */
    public enum Owner {
        /** {@code org.colony.Place}. */
        PLACE,
        /** {@code org.colony.Agent}. */
        AGENT,
        /** Both. */
        BOTH,
        /** {@code org.colony.Vertex}: place models on graphs. */
        VERTEX,
        /** Both {@code org.colony.Vertex} and {@code org.colony.Agent}: for vertex models and agents on them. */
        GRAPH;

        /** Whether a step of a place model ({@code agentModel} false) or of an agent model may call it. */
        public boolean admits(boolean agentModel) {
            return this == BOTH || this == GRAPH || (this == AGENT) == agentModel;
        }
    }

    /** What a call becomes. */
    public enum Form {
        /** A pure value: an {@link IntrinsicOp}. */
        VALUE,
        /** A random draw into a fresh local: a {@link RandomKind}. */
        DRAW,
        /** A life-cycle intent of the agent, a statement: an {@link AgentAction}. */
        INTENT,
        /** A place reference: a neighbour view or the agent's own place. */
        PLACE,
        /** The agents on a place, which only a for-each loop may iterate. */
        AGENTS,
        /** A vertex's neighbours, which only a for-each loop may iterate. */
        NEIGHBORS
    }

    private static final Map<String, IntrinsicMethod> BY_NAME = new HashMap<>();

    static {
        for (IntrinsicMethod m : values()) {
            BY_NAME.putIfAbsent(m.spelling, m); // the first of a name: spawn is SPAWN
        }
    }

    private final String spelling;
    private final Owner owner;
    private final int minArgs;
    private final int maxArgs;
    private final Form form;
    private final IntrinsicOp op;
    private final RandomKind draw;
    private final AgentAction action;

    IntrinsicMethod(String spelling, Owner owner, int minArgs, int maxArgs, Form form) {
        this(spelling, owner, minArgs, maxArgs, form, null, null, null);
    }

    IntrinsicMethod(String spelling, Owner owner, int minArgs, int maxArgs, IntrinsicOp op) {
        this(spelling, owner, minArgs, maxArgs, Form.VALUE, op, null, null);
    }

    IntrinsicMethod(String spelling, Owner owner, int minArgs, int maxArgs, RandomKind draw) {
        this(spelling, owner, minArgs, maxArgs, Form.DRAW, null, draw, null);
    }

    IntrinsicMethod(String spelling, Owner owner, int minArgs, int maxArgs, AgentAction action) {
        this(spelling, owner, minArgs, maxArgs, Form.INTENT, null, null, action);
    }

    IntrinsicMethod(String spelling, Owner owner, int minArgs, int maxArgs, Form form, IntrinsicOp op,
            RandomKind draw, AgentAction action) {
        this.spelling = spelling;
        this.owner = owner;
        this.minArgs = minArgs;
        this.maxArgs = maxArgs;
        this.form = form;
        this.op = op;
        this.draw = draw;
        this.action = action;
    }

    /** The intrinsic of that name, or null. */
    public static IntrinsicMethod named(String name) {
        return BY_NAME.get(name);
    }

    /** The intrinsic that records an agent action. */
    public static IntrinsicMethod of(AgentAction action) {
        for (IntrinsicMethod m : values()) {
            if (m.action == action) {
                return m;
            }
        }
        throw new IllegalArgumentException("no intrinsic records action=" + action);
    }

    /** Whether a step of a model on a graph (or of an agent on one) may not call it: it needs a grid. */
    public boolean gridOnly() {
        return GRID_ONLY.contains(spelling);
    }

    /** Whether only a step of a model on a graph (or of an agent on one) may call it. */
    public boolean graphOnly() {
        return GRAPH_ONLY.contains(spelling);
    }

    /** The method's name, as the user writes it. */
    public String spelling() {
        return spelling;
    }

    /** The class that declares it. */
    public Owner owner() {
        return owner;
    }

    /** The fewest arguments of its overloads. */
    public int minArgs() {
        return minArgs;
    }

    /** The most arguments of its overloads (every count between the two has one). */
    public int maxArgs() {
        return maxArgs;
    }

    /** What a call becomes. */
    public Form form() {
        return form;
    }

    /** The IR operation of a {@link Form#VALUE}, else null. */
    public IntrinsicOp op() {
        return op;
    }

    /** The draw of a {@link Form#DRAW}, else null. */
    public RandomKind draw() {
        return draw;
    }

    /** The action of a {@link Form#INTENT}, else null. */
    public AgentAction action() {
        return action;
    }
}
