package org.colony.runtime.record;

import java.util.List;
import org.colony.runtime.Agents;

/**
 * The number of live agents of a collection, as {@link Agents#size()} counts it (no column is read).
 *
 * @param agents the agents
 */
record Population(Agents<?> agents) implements Series {

    @Override
    public List<String> columns() {
        return List.of(Names.of(agents) + ".population");
    }

    @Override
    public void sample(Sample sample, List<String> values) {
        values.add(Long.toString(agents.size()));
    }
}
