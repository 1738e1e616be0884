package org.colony.runtime.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import org.colony.runtime.grid.Block;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.grid.Region;
import org.colony.runtime.grid.Topology;
import org.colony.runtime.spi.AgentPartition;
import org.colony.runtime.transport.InProcessTransport;
import org.junit.jupiter.api.Test;

/**
 * The counts of agents on halos where the partitions keep them in device memory: every receiver gets, on each
 * cell of each halo box, the count its owner sent, room for the senders' populations, and one {@code haloReady}.
 * The partitions are stand-ins whose "device memory" is native host memory.
 */
class AgentHaloTest {

    /** A partition that counts, on each owned cell, a number naming the cell and itself, and keeps what it gets. */
    private static final class Counting {
        final Block block;
        final long size;
        final List<Region> boxes = new ArrayList<>();
        MemorySegment[] received;
        long bound = -1;
        int ready;
        int counted;

        Counting(Block block, long size) {
            this.block = block;
            this.size = size;
        }

        AgentPartition stub() {
            return (AgentPartition) Proxy.newProxyInstance(AgentPartition.class.getClassLoader(),
                    new Class<?>[] {AgentPartition.class}, (proxy, method, args) -> switch (method.getName()) {
                        case "countsOnDevice" -> true;
                        case "size" -> size;
                        case "deviceCounts" -> count(cast(args[0]));
                        case "receiveDeviceCounts" -> receive(cast(args[0]), (long) args[1]);
                        case "haloReady" -> {
                            ready++;
                            yield null;
                        }
                        default -> throw new UnsupportedOperationException(method.getName());
                    });
        }

        @SuppressWarnings("unchecked")
        private static List<Region> cast(Object regions) {
            return (List<Region>) regions;
        }

        private MemorySegment[] count(List<Region> regions) {
            counted++;
            MemorySegment[] out = new MemorySegment[regions.size()];
            for (int i = 0; i < out.length; i++) {
                Region r = regions.get(i);
                out[i] = Arena.ofAuto().allocate(4 * r.cells(), 4);
                int at = 0;
                for (int y = r.lo()[1]; y < r.hi()[1]; y++) {
                    for (int x = r.lo()[0]; x < r.hi()[0]; x++) {
                        out[i].setAtIndex(ValueLayout.JAVA_INT, at++,
                                mark(block.partition(), block.origin()[0] + x, block.origin()[1] + y));
                    }
                }
            }
            return out;
        }

        private MemorySegment[] receive(List<Region> regions, long room) {
            boxes.addAll(regions);
            bound = room;
            received = new MemorySegment[regions.size()];
            for (int i = 0; i < received.length; i++) {
                received[i] = Arena.ofAuto().allocate(4 * regions.get(i).cells(), 4);
            }
            return received;
        }
    }

    private static int mark(int partition, int x, int y) {
        return 10_000 * (partition + 1) + 100 * y + x;
    }

    @Test
    void countsOnDevices_reachEveryHaloCellFromItsOwner() {
        Topology topology = Topology.of(Grid.of(11, 9), 2, 2);
        int k = topology.partitions();
        Counting[] counting = new Counting[k];
        AgentPartition[] parts = new AgentPartition[k];
        for (int p = 0; p < k; p++) {
            counting[p] = new Counting(topology.block(p), 100 + p);
            parts[p] = counting[p].stub();
        }
        AgentHalo halo = new AgentHalo(topology, parts, null, new InProcessTransport(), work -> {
            for (int p = 0; p < k; p++) {
                work.accept(p);
            }
        }, p -> true, () -> {
            long[] n = new long[k];
            for (int p = 0; p < k; p++) {
                n[p] = parts[p].size();
            }
            return n;
        });
        halo.prepare(2, false, 0);
        long cells = 0;
        for (int q = 0; q < k; q++) {
            Counting c = counting[q];
            assertEquals(1, c.ready, "haloReady calls of partition " + q);
            assertEquals(1, c.counted, "counting passes of partition " + q);
            assertEquals(3, c.boxes.size(), "halo boxes of partition " + q + " (2 x 2: two sides and a corner)");
            long senders = 0;
            for (int i = 0; i < c.boxes.size(); i++) {
                Region box = c.boxes.get(i);
                int at = 0;
                int sender = -1;
                for (int y = box.lo()[1]; y < box.hi()[1]; y++) {
                    for (int x = box.lo()[0]; x < box.hi()[0]; x++) {
                        int gx = c.block.origin()[0] + x;
                        int gy = c.block.origin()[1] + y;
                        int owner = topology.owner(gx, gy, 0);
                        assertTrue(owner != q, "a halo cell of partition " + q + " is its own");
                        sender = owner;
                        assertEquals(mark(owner, gx, gy), c.received[i].getAtIndex(ValueLayout.JAVA_INT, at++),
                                "partition " + q + ", halo cell (" + gx + ", " + gy + ")");
                    }
                }
                senders += 100 + sender;
                cells += box.cells();
            }
            assertEquals(senders, c.bound, "room given to partition " + q + ": its senders' populations");
        }
        assertEquals(4 * cells, halo.countBytes());
        halo.prepare(2, false, 0); // still valid: nothing is counted or sent again
        for (Counting c : counting) {
            assertEquals(1, c.counted);
            assertEquals(1, c.ready);
        }
        halo.moved();
        halo.prepare(2, false, 1);
        for (Counting c : counting) {
            assertEquals(2, c.counted);
            assertEquals(2, c.ready);
        }
    }
}
