package org.colony.cuda.internal.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.colony.runtime.spi.AgentPartition.Batch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The ids a partition settling its births alone gives its children: those one block gives, numbered by (parent id,
 * ordinal) over every partition's children, from the partition's own parents and the other partitions' (parent id,
 * children born) lists (the GPU test {@code PartitionedAgentsGpuTest} runs the whole round).
 */
class LocalBirthsTest {

    @Test
    void childrenAreNumberedAfterTheChildrenOfEveryLowerParent_here_andInTheOtherLists() {
        try (Arena arena = Arena.ofConfined()) {
            // here: parent 4 (two children), parent 9 (one); elsewhere: parents 2 (three), 7 (one), 12 (two)
            long[] here = {4, 4, 9};
            List<Batch> others = List.of(batch(arena, 1, new long[] {2, 7}, new long[] {3, 1}),
                    batch(arena, 2, new long[] {12}, new long[] {2}));
            // one block: 2, 2, 2, 4, 4, 7, 9, 12, 12 from id 100
            assertArrayEquals(new long[] {103, 104, 106}, LocalBirths.ids(here, 100, others));
            assertArrayEquals(new long[] {100, 101}, LocalBirths.ids(new long[] {4, 4}, 100, List.of()));
        }
    }

    @ParameterizedTest(name = "{0} partitions")
    @ValueSource(ints = {2, 3, 5})
    void randomParents_getTheIdsOfOneBlock(int partitions) {
        SplittableRandom r = new SplittableRandom(17 + partitions);
        try (Arena arena = Arena.ofConfined()) {
            for (int round = 0; round < 50; round++) {
                // parent id -> (partition, children born)
                TreeMap<Long, int[]> parents = new TreeMap<>();
                int count = r.nextInt(0, 40);
                for (int i = 0; i < count; i++) {
                    parents.put(r.nextLong(0, 500), new int[] {r.nextInt(partitions), r.nextInt(1, 4)});
                }
                long next = r.nextLong(1000, 2000);
                // one block: every child in (parent id, ordinal) order
                TreeMap<Long, Long> firstId = new TreeMap<>();
                long id = next;
                for (var e : parents.entrySet()) {
                    firstId.put(e.getKey(), id);
                    id += e.getValue()[1];
                }
                for (int p = 0; p < partitions; p++) {
                    List<Long> mine = new ArrayList<>();
                    List<Long> expected = new ArrayList<>();
                    List<Batch> others = new ArrayList<>();
                    for (var e : parents.entrySet()) {
                        if (e.getValue()[0] == p) {
                            for (int k = 0; k < e.getValue()[1]; k++) {
                                mine.add(e.getKey());
                                expected.add(firstId.get(e.getKey()) + k);
                            }
                        }
                    }
                    for (int q = 0; q < partitions; q++) {
                        if (q != p) {
                            int part = q;
                            long[] ids = parents.entrySet().stream().filter(e -> e.getValue()[0] == part)
                                    .mapToLong(e -> e.getKey()).toArray();
                            long[] born = parents.entrySet().stream().filter(e -> e.getValue()[0] == part)
                                    .mapToLong(e -> e.getValue()[1]).toArray();
                            others.add(batch(arena, q, ids, born));
                        }
                    }
                    long[] children = mine.stream().mapToLong(Long::longValue).toArray();
                    assertArrayEquals(expected.stream().mapToLong(Long::longValue).toArray(),
                            LocalBirths.ids(children, next, others), "round " + round + ", partition " + p);
                }
            }
        }
    }

    /** A list of (parent id, children born) pairs as partition {@code from} sends it. */
    private static Batch batch(Arena arena, int from, long[] ids, long[] born) {
        MemorySegment b = arena.allocate(Math.max(16, 16L * ids.length), 8);
        for (int i = 0; i < ids.length; i++) {
            b.set(ValueLayout.JAVA_LONG_UNALIGNED, 16L * i, ids[i]);
            b.set(ValueLayout.JAVA_LONG_UNALIGNED, 16L * i + 8, born[i]);
        }
        return new Batch(from, ids.length, b);
    }
}
