package org.colony.runtime.migration;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The resolver's grouped path (destinations within 32 bits, contested groups ranked in place) decides as its one sort
 * of all requests (the path for destinations past 32 bits) does, ties of rank and priority included, in reused arrays.
 */
class ResolverTest {

    private static final long FAR = 1L << 32;

    @Test
    void groupedResolve_decidesAsOneSortOfAll_smallAndLargeGroups_reusedArrays() {
        SplittableRandom random = new SplittableRandom(11);
        long[] keys = new long[0];
        boolean[] verdicts = new boolean[0];
        for (int trial = 0; trial < 200; trial++) {
            int count = 1 + random.nextInt(trial < 100 ? 60 : 2000);
            int places = 1 + random.nextInt(trial % 3 == 0 ? 3 : 40);
            long[] dest = new long[count];
            long[] far = new long[count];
            long[] rank = trial % 2 == 0 ? null : new long[count];
            long[] priority = new long[count];
            long[] id = new long[count];
            for (int r = 0; r < count; r++) {
                dest[r] = random.nextInt(places);
                far[r] = dest[r] + FAR;
                if (rank != null) {
                    rank[r] = random.nextInt(3) - 1; // -1 is the largest unsigned rank
                }
                priority[r] = random.nextInt(4) == 0 ? 5 : random.nextLong(); // ties of priority, broken by id
                id[r] = random.nextInt(4) == 0 ? r / 2 : 1000 + r; // some equal ids: request order decides
            }
            int room = random.nextInt(5);
            boolean[] expected = Resolver.resolve(far, rank, priority, id, count, g -> (g - FAR) % (room + 1));
            if (keys.length < count) {
                keys = new long[count + 7];
                verdicts = new boolean[count + 7];
                Arrays.fill(verdicts, true); // stale verdicts the resolver must clear
            }
            boolean[] won = Resolver.resolve(dest, rank, priority, id, count, g -> g % (room + 1), keys, verdicts);
            assertArrayEquals(expected, Arrays.copyOf(won, count), "trial=" + trial + " count=" + count);
            assertArrayEquals(expected, Resolver.resolve(dest, rank, priority, id, count, g -> g % (room + 1)),
                    "trial=" + trial);
        }
    }
}
