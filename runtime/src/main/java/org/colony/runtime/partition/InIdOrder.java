package org.colony.runtime.partition;

import java.util.function.Function;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.ScalarType;
import org.colony.runtime.cluster.Cluster;
import org.colony.runtime.spi.AgentPartition;

/**
 * The agents of the partitions seen as one collection in id order: their columns merged (the k-way merge of the
 * partitions' id-ordered columns, {@link IdOrder}) and a column split back. Over MPI ranks each rank holds its own
 * partitions' columns, and the merge is a collective.
 */
final class InIdOrder {

    private final AgentPartition[] parts;
    private final int[] mine;
    private final Cluster cluster;
    /** Where each agent lies in its partition; null when stale. */
    private IdOrder order;

    InIdOrder(AgentPartition[] parts, int[] mine, Cluster cluster) {
        this.parts = parts;
        this.mine = mine;
        this.cluster = cluster;
    }

    /** Notes that the agents changed (a manageAll, an add): the order is taken again when next needed. */
    void stale() {
        order = null;
    }

    private IdOrder order() {
        if (order == null) {
            order = IdOrder.of(perPartition(AgentPartition::ids));
        }
        return order;
    }

    /** One long column of every partition (on a GPU each is a download). */
    private long[][] perPartition(Function<AgentPartition, long[]> column) {
        Object[] out = new Object[parts.length];
        for (int p : mine) {
            out[p] = column.apply(parts[p]);
        }
        out = Spread.completeParts(cluster, parts.length, out, ScalarType.LONG);
        long[][] longs = new long[parts.length][];
        for (int p = 0; p < parts.length; p++) {
            longs[p] = (long[]) out[p];
        }
        return longs;
    }

    /** {@return a long column of the partitions, merged into id order} */
    long[] longs(Function<AgentPartition, long[]> column) {
        IdOrder o = order();
        long[] out = new long[o.total()];
        o.gather(perPartition(column), out);
        return out;
    }

    /** {@return the agents' ordinals among the children born in the last manageAll, in id order} */
    int[] ordinals() {
        IdOrder o = order();
        Object[] cols = new Object[parts.length];
        for (int p : mine) {
            cols[p] = parts[p].ordinals();
        }
        int[] out = new int[o.total()];
        o.gather(Spread.completeParts(cluster, parts.length, cols, ScalarType.INT), out);
        return out;
    }

    /** Copies one element column of attribute {@code attribute} ({@code info}), in id order, into {@code target}. */
    void read(AttributeInfo info, int attribute, int element, Object target) {
        IdOrder o = order();
        Object[] cols = new Object[parts.length];
        for (int p : mine) {
            cols[p] = info.type().newArray(o.size(p));
            parts[p].read(attribute, element, cols[p]);
        }
        o.gather(Spread.completeParts(cluster, parts.length, cols, info.type()), target);
    }

    /** {@return {@code source}, a column in id order, split into the partitions' columns} */
    Object[] scatter(Object source) {
        return order().scatter(source);
    }
}
