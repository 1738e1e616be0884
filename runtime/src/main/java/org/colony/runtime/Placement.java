package org.colony.runtime;

import java.util.Arrays;
import java.util.stream.IntStream;
import org.colony.ColonyException;
import org.colony.kernel.RandomStream;
import org.colony.runtime.grid.Grid;

/**
 * Where a new agent collection's agents start. Agents get ids 0, 1, ... in order of their places'
 * global indices (ties in placement order), so the start is a function of the placement and the seed.
 *
 * <pre>{@code
 * Placement.random(1000)                 // uniformly at random, at most `capacity` per place
 * Placement.random(1000).atMost(1)       // at distinct places
 * Placement.at(0, 5, 17)                 // explicit global place indices
 * Placement.atCoordinates(new int[][] {{3, 4}, {7, 1}})
 * }</pre>
 */
public final class Placement {

    private final long count;
    private final int perPlace;
    private final long[] explicit;
    private final int[][] coordinates;

    private Placement(long count, int perPlace, long[] explicit, int[][] coordinates) {
        this.count = count;
        this.perPlace = perPlace;
        this.explicit = explicit;
        this.coordinates = coordinates;
    }

    /**
     * {@return {@code count} agents at places drawn uniformly at random from the framework's generator}
     *
     * @param count the number of agents, 0 or more
     */
    public static Placement random(long count) {
        if (count < 0) {
            throw new ColonyException("Placement.random(" + count + "): the number of agents is negative");
        }
        return new Placement(count, Integer.MAX_VALUE, null, null);
    }

    /**
     * {@return agents at the given global place indices ({@code x + W * (y + H * z)}), one agent per entry}
     *
     * @param places global place indices, one per agent
     */
    public static Placement at(long... places) {
        return new Placement(places.length, Integer.MAX_VALUE, places.clone(), null);
    }

    /**
     * {@return agents at the given coordinates, one agent per entry ({@code {x, y}} on a 2-D grid)}
     *
     * @param coordinates one coordinate array per agent, x first
     */
    public static Placement atCoordinates(int[]... coordinates) {
        return new Placement(coordinates.length, Integer.MAX_VALUE, null, coordinates.clone());
    }

    /**
     * {@return this random placement with at most {@code k} agents on any place}
     *
     * @param k the most agents on one place, 1 or more
     */
    public Placement atMost(int k) {
        if (k < 1) {
            throw new ColonyException("atMost(" + k + "): a place holds at least one agent");
        }
        return new Placement(count, k, explicit, coordinates);
    }

    /** {@return the number of agents} */
    public long count() {
        return count;
    }

    /**
     * {@return for an explicit placement, the agents' global place indices in the order given (checked to lie on the
     * grid); null for a random one}
     */
    long[] given(Grid grid, String model) {
        if (isRandom()) {
            return null;
        }
        long[] places = new long[(int) count];
        for (int i = 0; i < count; i++) {
            places[i] = explicit != null ? explicit[i] : index(grid, coordinates[i], model, i);
        }
        return places;
    }

    /** Whether the placement draws random numbers. */
    boolean isRandom() {
        return explicit == null && coordinates == null;
    }

    /**
     * The agents' global place indices, sorted, for a grid and a collection capacity.
     *
     * @throws ColonyException if they do not fit or lie outside the grid
     */
    long[] resolve(Grid grid, int capacity, long seed, long epoch, String model) {
        return resolve(grid, capacity, seed, epoch, model, null);
    }

    /**
     * The agents' global place indices, sorted, for a grid and a collection capacity, around the agents already on
     * the places ({@code occupied[g]} of them on place g; null: none): a random placement with a capacity draws only
     * among the room left.
     *
     * @throws ColonyException if they do not fit or lie outside the grid
     */
    long[] resolve(Grid grid, int capacity, long seed, long epoch, String model, int[] occupied) {
        long cells = grid.cells();
        int limit = Math.min(perPlace, capacity);
        long[] places;
        if (explicit != null || coordinates != null) {
            places = new long[(int) count];
            for (int i = 0; i < count; i++) {
                places[i] = explicit != null ? explicit[i] : index(grid, coordinates[i], model, i);
                if (places[i] < 0 || places[i] >= cells) {
                    throw new ColonyException("place index " + places[i] + " for " + model + " agent " + i
                            + " is outside the grid " + grid + " (0 to " + (cells - 1) + ")");
                }
            }
            Arrays.sort(places);
            checkCapacity(places, limit, model, grid);
            return places;
        }
        if (count > Integer.MAX_VALUE - 8) {
            throw new ColonyException(count + " " + model + " agents are more than one collection holds");
        }
        RandomStream rng = new RandomStream(seed, epoch);
        if (limit == Integer.MAX_VALUE) {
            places = new long[(int) count];
            for (int i = 0; i < count; i++) {
                rng.reset(i);
                places[i] = below(rng, cells);
            }
            Arrays.parallelSort(places);
            return places;
        }
        long slots = cells * limit;
        long free = occupied == null ? slots : freeSlots(occupied, limit, capacity);
        requireRoom(free, limit, grid, occupied != null, model);
        if (slots > Integer.MAX_VALUE - 8) {
            throw new ColonyException("random placement with a limit per place needs cells x limit below 2^31; "
                    + "the grid " + grid + " with " + limit + " per place has " + slots);
        }
        // Each slot (place, k) gets a random key; the count smallest keys (slot order on ties) win.
        // Each slot's key depends only on the slot, so the keys are computed in parallel and sorted in
        // parallel with the same result as one thread.
        long[] keys = new long[(int) slots];
        int chunk = 1 << 16;
        IntStream.range(0, (int) ((slots + chunk - 1) / chunk)).parallel().forEach(c -> {
            RandomStream r = new RandomStream(seed, epoch);
            int end = (int) Math.min(slots, (long) (c + 1) * chunk);
            for (int s = c * chunk; s < end; s++) {
                r.reset(s);
                keys[s] = ((r.nextInt() & 0xFFFF_FFFFL) << 31) | ((r.nextInt() & 0xFFFF_FFFFL) >>> 1);
            }
        });
        places = new long[(int) count];
        if (count > 0) {
            // Only the open slots take part: every slot, or beside agents already there those (place, k) with k
            // below the room they leave on the place.
            long[] open = new long[(int) free];
            int o = 0;
            for (int s = 0; s < slots; s++) {
                if (open(occupied, s, limit, capacity)) {
                    open[o++] = keys[s];
                }
            }
            // The count-th smallest open key, by selection rather than a sort of them all (a grid's worth of keys
            // took most of a large model's setup); the same value whatever the method.
            long threshold = kthSmallest(open, (int) count - 1);
            long below = 0;
            for (long k : open) {
                if (k < threshold) {
                    below++;
                }
            }
            long ties = count - below;
            int n = 0;
            for (int s = 0; s < slots; s++) {
                if (open(occupied, s, limit, capacity)
                        && (keys[s] < threshold || (keys[s] == threshold && ties-- > 0))) {
                    places[n++] = s / limit;
                }
            }
        }
        return places;
    }

    /**
     * {@return the value that would stand at index {@code k} of {@code a} sorted} (quickselect with a median-of-three
     * pivot, reordering {@code a}; a sort where the partitions stop shrinking, so never worse than one)
     */
    static long kthSmallest(long[] a, int k) {
        int lo = 0;
        int hi = a.length - 1;
        int rounds = 0;
        while (lo < hi) {
            if (++rounds > 128) { // unlucky pivots: finish with a sort of what is left
                Arrays.sort(a, lo, hi + 1);
                return a[k];
            }
            int mid = (lo + hi) >>> 1;
            long pivot = median(a[lo], a[mid], a[hi]);
            int i = lo;
            int j = hi;
            while (i <= j) {
                while (a[i] < pivot) {
                    i++;
                }
                while (a[j] > pivot) {
                    j--;
                }
                if (i <= j) {
                    long t = a[i];
                    a[i++] = a[j];
                    a[j--] = t;
                }
            }
            if (k <= j) {
                hi = j;
            } else if (k >= i) {
                lo = i;
            } else {
                return a[k]; // between the two parts: equal to the pivot
            }
        }
        return a[k];
    }

    private static long median(long a, long b, long c) {
        return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
    }

    /**
     * Refuses a random placement with a limit per place that would not fit beside the agents already on the places,
     * with {@link #resolve}'s message, before any epoch is taken.
     */
    void checkFits(Grid grid, int capacity, int[] occupied, String model) {
        int limit = Math.min(perPlace, capacity);
        if (isRandom() && limit != Integer.MAX_VALUE && occupied != null) {
            requireRoom(freeSlots(occupied, limit, capacity), limit, grid, true, model);
        }
    }

    /** Refuses more agents than {@code free} slots. */
    private void requireRoom(long free, int limit, Grid grid, boolean beside, String model) {
        if (count > free) {
            throw new ColonyException("cannot place " + count + " " + model + " agents at most " + limit
                    + " per place on the grid " + grid + " (" + grid.cells() + " places"
                    + (beside ? ", room for " + free + " more beside the agents there" : "") + ")");
        }
    }

    /**
     * Whether slot {@code s} (place {@code s / limit}, its {@code s % limit}-th new agent) is within the room left:
     * always where no agents are there ({@code occupied} null).
     */
    private static boolean open(int[] occupied, int s, int limit, int capacity) {
        return occupied == null || s % limit < (long) capacity - occupied[s / limit];
    }

    private static long freeSlots(int[] occupied, int limit, int capacity) {
        long free = 0;
        for (int g = 0; g < occupied.length; g++) {
            free += Math.max(0, Math.min(limit, (long) capacity - occupied[g]));
        }
        return free;
    }

        private static long below(RandomStream rng, long bound) {
        if (bound <= Integer.MAX_VALUE) {
            return rng.uniformInt((int) bound);
        }
        long r = ((rng.nextInt() & 0xFFFF_FFFFL) << 32) | (rng.nextInt() & 0xFFFF_FFFFL);
        return Math.floorMod(r, bound);
    }

    private static long index(Grid grid, int[] c, String model, int agent) {
        if (c == null || c.length != grid.dimensions()) {
            throw new ColonyException("coordinates " + Arrays.toString(c) + " of " + model + " agent " + agent + " have "
                    + (c == null ? 0 : c.length) + " entries; the grid " + grid + " has " + grid.dimensions()
                    + " dimensions");
        }
        for (int d = 0; d < c.length; d++) {
            if (c[d] < 0 || c[d] >= grid.size(d)) {
                StringBuilder at = new StringBuilder("(");
                for (int e = 0; e < c.length; e++) {
                    at.append(e > 0 ? ", " : "").append(c[e]);
                }
                throw new ColonyException("coordinates " + at + ") of " + model + " agent " + agent
                        + " are outside the grid " + grid);
            }
        }
        return grid.index(c[0], c.length > 1 ? c[1] : 0, c.length > 2 ? c[2] : 0);
    }

    private static void checkCapacity(long[] sorted, int limit, String model, Grid grid) {
        if (limit == Integer.MAX_VALUE) {
            return;
        }
        int run = 0;
        for (int i = 0; i < sorted.length; i++) {
            run = i > 0 && sorted[i] == sorted[i - 1] ? run + 1 : 1;
            if (run > limit) {
                throw new ColonyException("the placement puts " + run + " " + model + " agents on place " + sorted[i]
                        + ", more than the " + limit + " a place may hold");
            }
        }
    }

    /** What the placement asks for, the same text in every process that makes the same placement. */
    @Override
    public String toString() {
        if (explicit != null) {
            return explicit.length + " agents at given places (hash " + Long.toHexString(Arrays.hashCode(explicit)) + ")";
        }
        if (coordinates != null) {
            return coordinates.length + " agents at given coordinates (hash "
                    + Long.toHexString(Arrays.deepHashCode(coordinates)) + ")";
        }
        return count + " agents at random" + (perPlace > 0 ? ", " + perPlace + " a place" : "");
    }
}
