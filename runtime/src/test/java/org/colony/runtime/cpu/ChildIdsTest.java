package org.colony.runtime.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.colony.runtime.spi.AgentPartition.Batch;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The children's ids over partitions: from the next id, by parent id over every partition's list, then ordinal, as
 * a plain sorted map numbers them; with each list in id order (merged) and out of order (sorted).
 */
class ChildIdsTest {

    @ParameterizedTest(name = "partitions={0} parents={1} shuffled={2}")
    @CsvSource({"1, 0, false", "1, 40, false", "3, 60, false", "7, 200, false", "4, 50, true", "2, 1, false"})
    void children_areNumberedByParentIdThenOrdinal_overEveryPartition(int partitions, int parents, boolean shuffled) {
        SplittableRandom r = new SplittableRandom(partitions * 31L + parents);
        List<List<long[]>> lists = new ArrayList<>(); // per partition, (parent id, children born) pairs
        for (int p = 0; p < partitions; p++) {
            lists.add(new ArrayList<>());
        }
        TreeMap<Long, Long> reference = new TreeMap<>();
        long id = 5;
        for (int i = 0; i < parents; i++) {
            id += 1 + r.nextInt(9);
            long born = 1 + r.nextInt(4);
            lists.get(r.nextInt(partitions)).add(new long[] {id, born});
            reference.put(id, born);
        }
        if (shuffled) {
            for (List<long[]> l : lists) {
                Collections.shuffle(l, new Random(r.nextLong()));
            }
        }
        long next = 1000;
        TreeMap<Long, Long> first = new TreeMap<>();
        for (var e : reference.entrySet()) {
            first.put(e.getKey(), next);
            next += e.getValue();
        }
        List<Batch> others = new ArrayList<>();
        try (Arena arena = Arena.ofConfined()) {
            for (int p = 1; p < partitions; p++) {
                List<long[]> l = lists.get(p);
                MemorySegment b = arena.allocate(16L * Math.max(1, l.size()));
                for (int j = 0; j < l.size(); j++) {
                    b.set(ValueLayout.JAVA_LONG_UNALIGNED, 16L * j, l.get(j)[0]);
                    b.set(ValueLayout.JAVA_LONG_UNALIGNED, 16L * j + 8, l.get(j)[1]);
                }
                others.add(new Batch(p, l.size(), b));
            }
            List<long[]> own = lists.get(0);
            long[] ids = own.stream().mapToLong(x -> x[0]).toArray();
            long[] born = own.stream().mapToLong(x -> x[1]).toArray();
            ChildIds numbering = ChildIds.of(ids, born, others, 1000);
            // the one pass over this partition's children, where every list is in id order
            long[] children = own.stream().sorted((x, y) -> Long.compare(x[0], y[0]))
                    .flatMapToLong(x -> java.util.stream.LongStream.generate(() -> x[0]).limit(x[1])).toArray();
            long[] inOrder = ChildIds.inOrder(children, others, 1000);
            boolean outOfOrder = false;
            for (int p = 1; p < partitions; p++) {
                for (int j = 1; j < lists.get(p).size(); j++) {
                    outOfOrder |= lists.get(p).get(j)[0] < lists.get(p).get(j - 1)[0];
                }
            }
            if (outOfOrder) {
                assertNull(inOrder, "lists out of order are left to the merge");
            } else {
                long ordinal = 0;
                for (int i = 0; i < children.length; i++) {
                    ordinal = i > 0 && children[i] == children[i - 1] ? ordinal + 1 : 0;
                    assertEquals(first.get(children[i]) + ordinal, inOrder[i], "child " + i + " here");
                }
            }
            for (var e : reference.entrySet()) {
                for (long k = 0; k < e.getValue(); k++) {
                    assertEquals(first.get(e.getKey()) + k, numbering.of(e.getKey(), k),
                            "child " + k + " of parent " + e.getKey());
                }
            }
            // asked out of order too (a partition's foreign children follow its own), and for a parent not listed
            List<Long> asked = new ArrayList<>(reference.keySet());
            Collections.shuffle(asked, new Random(r.nextLong()));
            for (long parent : asked) {
                assertEquals(first.get(parent) + 1, numbering.of(parent, 1), "child 1 of parent " + parent);
            }
            if (!reference.isEmpty()) {
                long missing = reference.lastKey() + 1;
                assertThrows(IllegalStateException.class, () -> numbering.of(missing, 0));
                assertThrows(IllegalStateException.class, () -> numbering.of(4, 0));
            }
        }
    }
}
