package org.colony.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The selection that finds a random placement's threshold key gives the value a sort puts at the index. */
class PlacementSelectTest {

    @Test
    void kthSmallest_isTheSortedArraysValue_withDuplicatesExtremesAndOrderedInput() {
        SplittableRandom r = new SplittableRandom(3);
        for (int n = 1; n <= 300; n++) {
            for (int trial = 0; trial < 4; trial++) {
                long[] a = new long[n];
                for (int i = 0; i < n; i++) {
                    a[i] = switch (trial) {
                        case 0 -> r.nextLong();
                        case 1 -> r.nextInt(5); // many duplicates
                        case 2 -> i; // already sorted
                        default -> i % 2 == 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
                    };
                }
                long[] sorted = a.clone();
                Arrays.sort(sorted);
                int k = r.nextInt(n);
                assertEquals(sorted[k], Placement.kthSmallest(a.clone(), k), "n=" + n + " trial=" + trial + " k=" + k);
                assertEquals(sorted[0], Placement.kthSmallest(a.clone(), 0));
                assertEquals(sorted[n - 1], Placement.kthSmallest(a.clone(), n - 1));
            }
        }
    }

    @Test
    void kthSmallest_ofAMillionKeys_isTheSortsValue() {
        SplittableRandom r = new SplittableRandom(9);
        long[] a = r.longs(1_000_000).toArray();
        long[] sorted = a.clone();
        Arrays.sort(sorted);
        for (int k : new int[] {0, 1, 249_999, 500_000, 999_999}) {
            assertEquals(sorted[k], Placement.kthSmallest(a.clone(), k), "k=" + k);
        }
    }
}
