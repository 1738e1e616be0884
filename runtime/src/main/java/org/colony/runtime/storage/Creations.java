package org.colony.runtime.storage;

import java.util.function.IntToLongFunction;
import org.colony.ColonyException;
import org.colony.kernel.Layout;

/**
 * The agents of another class a step asked for ({@code spawn(T.class, n)}), from the counts it left per instance: the
 * global place of every new agent, an instance's place as often as it asked, instances in their order. Every backend
 * turns its counts into the list here, so the lists and the refusals are the same on all of them.
 */
public final class Creations {

    /** The most agents one step may ask for. */
    public static final long MAX = Integer.MAX_VALUE - 8;

    private Creations() {
    }

    /**
     * {@return the places of the agents asked for by agents {@code [0, n)}}
     *
     * @param counts the agents each asked for, by slot
     * @param places each one's global place, by slot
     * @param idOf an agent's id by slot, for the message of a negative count
     * @param model the asking agents' class, for messages
     * @param target the class asked for, for messages
     */
    public static long[] ofAgents(int[] counts, long[] places, int n, IntToLongFunction idOf, String model,
            String target) {
        long total = 0;
        for (int i = 0; i < n; i++) {
            if (counts[i] < 0) {
                throw new ColonyException(model + " agent " + idOf.applyAsLong(i) + " asked for " + counts[i] + " "
                        + target + " agents; spawn(T.class, n) needs n >= 0");
            }
            total += counts[i];
        }
        long[] out = new long[checked(total, model + " agents", target)];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < counts[i]; j++) {
                out[k++] = places[i];
            }
        }
        return out;
    }

    /**
     * {@return the places of the agents asked for by the cells a block owns, in global index order}
     *
     * @param counts the agents each cell asked for, by storage index
     * @param layout the block's layout
     * @param model the place model, for messages
     * @param target the class asked for, for messages
     */
    public static long[] ofCells(int[] counts, Layout layout, String model, String target) {
        return ofCells(counts, layout, null, model, target);
    }

    /**
     * {@link #ofCells(int[], Layout, String, String)} for a graph's vertices: a message names the vertex by its id.
     *
     * @param vertexIds by storage index, the vertex's id (the graph rows' {@code ids}), or null on a grid
     */
    public static long[] ofCells(int[] counts, Layout layout, int[] vertexIds, String model, String target) {
        long total = 0;
        for (int z = 0; z < layout.extent2(); z++) {
            for (int y = 0; y < layout.extent1(); y++) {
                for (int x = 0; x < layout.extent0(); x++) {
                    int n = counts[layout.storageIndex(x, y, z)];
                    if (n < 0) {
                        String place = vertexIds == null ? "place " + global(layout, x, y, z)
                                : "vertex " + vertexIds[layout.storageIndex(x, y, z)];
                        throw new ColonyException(place + " of " + model + " asked for " + n + " " + target
                                + " agents; spawn(T.class, n) needs n >= 0");
                    }
                    total += n;
                }
            }
        }
        long[] out = new long[checked(total, "the places", target)];
        int k = 0;
        for (int z = 0; z < layout.extent2(); z++) {
            for (int y = 0; y < layout.extent1(); y++) {
                for (int x = 0; x < layout.extent0(); x++) {
                    int n = counts[layout.storageIndex(x, y, z)];
                    long g = global(layout, x, y, z);
                    for (int j = 0; j < n; j++) {
                        out[k++] = g;
                    }
                }
            }
        }
        return out;
    }

    private static long global(Layout layout, int x, int y, int z) {
        return layout.origin0() + x + (long) layout.size0() * (layout.origin1() + y
                + (long) layout.size1() * (layout.origin2() + z));
    }

    private static int checked(long total, String who, String target) {
        if (total > MAX) {
            throw new ColonyException(who + " asked for " + total + " " + target + " agents in one step; at most "
                    + MAX);
        }
        return (int) total;
    }
}
