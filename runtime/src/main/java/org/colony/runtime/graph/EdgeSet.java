package org.colony.runtime.graph;

import java.util.Arrays;

/**
 * A set of undirected edges for the generators that must ask "is this edge there yet?" while they draw: open
 * addressing over a {@code long[]} of keys {@code min << 32 | max} with linear probing and deletion by backward
 * shift, so no edge is boxed. Its capacity is fixed at creation: a power of two, at least twice the most edges it
 * will hold, at most 2<sup>30</sup>.
 */
final class EdgeSet {

    private static final long EMPTY = -1;

    private final long[] keys;
    private final int mask;
    private int size;

    /**
     * An empty set.
     *
     * @param most the most edges it will hold at once
     */
    EdgeSet(int most) {
        int capacity = (int) Math.min(1L << 30, Long.highestOneBit(Math.max(2L, most) * 2 - 1) << 1);
        keys = new long[capacity];
        mask = capacity - 1;
        Arrays.fill(keys, EMPTY);
    }

    /** {@return the key of the undirected edge u-v} */
    static long key(int u, int v) {
        return u < v ? (long) u << 32 | v : (long) v << 32 | u;
    }

    private int home(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 29)) & mask;
    }

    /** {@return whether the set holds the edge u-v} */
    boolean contains(int u, int v) {
        long key = key(u, v);
        for (int i = home(key); keys[i] != EMPTY; i = (i + 1) & mask) {
            if (keys[i] == key) {
                return true;
            }
        }
        return false;
    }

    /** Adds the edge u-v; {@return false where it was there already} */
    boolean add(int u, int v) {
        long key = key(u, v);
        int i = home(key);
        for (; keys[i] != EMPTY; i = (i + 1) & mask) {
            if (keys[i] == key) {
                return false;
            }
        }
        if (size + 1 > keys.length / 2) {
            throw new IllegalStateException("EdgeSet full: size=" + size + " capacity=" + keys.length);
        }
        keys[i] = key;
        size++;
        return true;
    }

    /** Removes the edge u-v, which the set holds. */
    void remove(int u, int v) {
        long key = key(u, v);
        int i = home(key);
        while (keys[i] != key) {
            if (keys[i] == EMPTY) {
                throw new IllegalStateException("EdgeSet does not hold " + u + "-" + v);
            }
            i = (i + 1) & mask;
        }
        // backward shift: move later keys of the probe run into the hole where their home allows
        int hole = i;
        for (int j = (hole + 1) & mask; keys[j] != EMPTY; j = (j + 1) & mask) {
            int h = home(keys[j]);
            if (((j - h) & mask) >= ((j - hole) & mask)) {
                keys[hole] = keys[j];
                hole = j;
            }
        }
        keys[hole] = EMPTY;
        size--;
    }
}
