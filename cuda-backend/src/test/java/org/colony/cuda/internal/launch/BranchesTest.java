package org.colony.cuda.internal.launch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The order of a graph's nodes where partitions of one GPU mark their own launches: each partition's launches form a
 * chain of their own, and a launch of no partition (a transport's copy) runs after all of them and before all that
 * follow.
 */
class BranchesTest {

    /** Launches of lanes {@code lanes} (-1: none), one kernel each. */
    private static List<Launch> lanes(int... lanes) {
        List<Launch> out = new ArrayList<>();
        for (int lane : lanes) {
            out.add(new Launch(1, 1, 1, 1, 32, 1, 1, 0, 0, new byte[8], "k", lane));
        }
        return out;
    }

    private static void assertOrder(int[][] expected, int[][] actual) {
        assertEquals(expected.length, actual.length);
        for (int i = 0; i < expected.length; i++) {
            assertArrayEquals(expected[i], actual[i], "node " + i);
        }
    }

    @Test
    void noLanes_isOneChain() {
        assertOrder(new int[][] {{}, {0}, {1}, {2}}, Branches.of(lanes(-1, -1, -1, -1)));
    }

    @Test
    void twoPartitions_areTwoBranches_joinedByTheCopyBetweenThem() {
        // 0: p0, 1: p0, 2: p1, 3: p1, 4: copy, 5: p1, 6: p0, 7: p0
        assertOrder(new int[][] {{}, {0}, {}, {2}, {1, 3}, {4}, {4}, {6}},
                Branches.of(lanes(0, 0, 1, 1, -1, 1, 0, 0)));
    }

    @Test
    void aPartitionAlone_isAChain_andACopyAfterNothingFollowsTheCopyBefore() {
        assertOrder(new int[][] {{}, {0}, {1}, {2}}, Branches.of(lanes(1, 1, 1, -1)));
        assertOrder(new int[][] {{}, {0}, {1}, {1}}, Branches.of(lanes(-1, -1, 3, 0)));
    }

    @Test
    void lanesMarkedOutOfOrder_eachFollowItsOwnOnly() {
        assertOrder(new int[][] {{}, {}, {}, {1}, {0}, {2}, {3, 4, 5}},
                Branches.of(lanes(2, 0, 5, 0, 2, 5, -1)));
    }
}
