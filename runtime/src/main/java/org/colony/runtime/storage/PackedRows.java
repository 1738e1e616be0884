package org.colony.runtime.storage;

import org.colony.kernel.AttributeInfo;
import org.colony.kernel.ModelInfo;

/**
 * The layout of agents' rows packed for another partition (or for a GPU's halo), column by column: the ids, then
 * with the agents' state their places, the places their children are born on, how many they asked for
 * and how they are spread, then every attribute element's column
 * (attribute by attribute, element by element), each {@code n} values long and unaligned. {@link AgentColumns}
 * packs and unpacks by it, and a backend that takes the rows into device columns finds each column by it.
 */
public final class PackedRows {

    private final long[] columnStart;
    private final long places;
    private final long spawns;
    private final long birthPlaces;
    private final long birthSpreads;
    private final long bytes;

    private PackedRows(long[] columnStart, long places, long spawns, long birthPlaces, long birthSpreads, long bytes) {
        this.columnStart = columnStart;
        this.places = places;
        this.spawns = spawns;
        this.birthPlaces = birthPlaces;
        this.birthSpreads = birthSpreads;
        this.bytes = bytes;
    }

    /**
     * {@return the layout of {@code n} rows of {@code model}'s agents, with their places and children asked for when
     * {@code state}}
     */
    public static PackedRows of(ModelInfo model, long n, boolean state) {
        long at = 8 * n; // the ids
        long places = -1;
        long spawns = -1;
        long birthPlaces = -1;
        long birthSpreads = -1;
        if (state) {
            places = at;
            at += 8 * n;
            birthPlaces = at;
            at += 8 * n;
            spawns = at;
            at += 4 * n;
            birthSpreads = at;
            at += 4 * n;
        }
        int elements = 0;
        for (AttributeInfo a : model.attributes()) {
            elements += a.columns();
        }
        long[] starts = new long[elements];
        int e = 0;
        for (AttributeInfo a : model.attributes()) {
            for (int k = 0; k < a.columns(); k++) {
                starts[e++] = at;
                at += (long) a.type().bytes() * n;
            }
        }
        return new PackedRows(starts, places, spawns, birthPlaces, birthSpreads, at);
    }

    /** {@return where the ids start: the first column} */
    public long ids() {
        return 0;
    }

    /** {@return where the places start (rows packed with their state only)} */
    public long places() {
        return checked(places);
    }

    /** {@return where the children asked for start (rows packed with their state only)} */
    public long spawns() {
        return checked(spawns);
    }

    /** {@return where the places the children are born on start (rows packed with their state only)} */
    public long birthPlaces() {
        return checked(birthPlaces);
    }

    /** {@return where the spreads of the children asked for start (rows packed with their state only)} */
    public long birthSpreads() {
        return checked(birthSpreads);
    }

    /**
     * {@return where element column {@code column} starts, counting the elements of every attribute in order from 0}
     */
    public long column(int column) {
        return columnStart[column];
    }

    /** {@return the bytes of all the rows} */
    public long bytes() {
        return bytes;
    }

    private static long checked(long start) {
        if (start < 0) {
            throw new IllegalStateException("rows packed without their state have no such column");
        }
        return start;
    }
}
