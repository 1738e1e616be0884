package org.colony.cuda.internal.launch;

import java.util.Arrays;
import java.util.List;

/**
 * The order of a graph's kernel nodes: each launch after the launch before it of the same partition of the GPU
 * ({@link Launch#lane()}), and a launch that may touch any partition's memory (lane -1: a transport's copy) after every
 * launch before it, and before every launch after it. Where no launch has a lane this is one chain in the order of the
 * launches, as eager launches on one stream run; where partitions of one GPU each queue their own kernels between two
 * exchanges, each partition's run is a branch of its own, and the device runs the branches side by side.
 */
final class Branches {

    private static final int[] NONE = {};

    private Branches() {
    }

    /** {@return per launch, the indices of the launches before it that its node runs after} */
    static int[][] of(List<Launch> launches) {
        int n = launches.size();
        int[][] after = new int[n][];
        int barrier = -1;
        // Per lane, its last launch since the barrier (-1: none); lanes are partitions of one GPU, a few.
        int[] tails = new int[0];
        int open = 0;
        for (int i = 0; i < n; i++) {
            int lane = launches.get(i).lane();
            if (lane < 0) {
                if (open == 0) {
                    after[i] = barrier < 0 ? NONE : new int[] {barrier};
                } else {
                    int[] all = new int[open];
                    int k = 0;
                    for (int t : tails) {
                        if (t >= 0) {
                            all[k++] = t;
                        }
                    }
                    Arrays.sort(all);
                    after[i] = all;
                }
                barrier = i;
                Arrays.fill(tails, -1);
                open = 0;
            } else {
                if (lane >= tails.length) {
                    int was = tails.length;
                    tails = Arrays.copyOf(tails, lane + 1);
                    Arrays.fill(tails, was, tails.length, -1);
                }
                int tail = tails[lane];
                after[i] = tail >= 0 ? new int[] {tail} : barrier < 0 ? NONE : new int[] {barrier};
                if (tail < 0) {
                    open++;
                }
                tails[lane] = i;
            }
        }
        return after;
    }
}
