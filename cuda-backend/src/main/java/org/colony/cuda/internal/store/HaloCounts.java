package org.colony.cuda.internal.store;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.colony.kernel.Layout;
import org.colony.runtime.cpu.PlaceIndex;
import org.colony.runtime.grid.Region;

/**
 * A GPU partition's numbers of agents on the halo places, as its neighbours last sent them
 * ({@link CudaAgentPartition}): staged for an exchange, received into device memory (where the transport moves it) or
 * through the host, given to the device's agents-by-place index, and per stored cell on the host where rows go next
 * door.
 */
final class HaloCounts {

    private final CudaAgentStore dev;
    /**
     * Agents per storage cell on the halo cells, as last received (kept from one manageAll to the next: every
     * exchange rewrites every halo cell that holds a place); valid while {@link #valid}.
     */
    private int[] halo;
    private boolean valid;
    /** The halo boxes received in the last exchange of counts and their counts, box after box (4 bytes a cell). */
    private final List<Region> received = new ArrayList<>();
    private final List<int[]> receivedCounts = new ArrayList<>();
    /** The agents the received counts add up to. */
    private long receivedTotal;
    /** Whether an exchange of counts is being received (the next {@link #ready} ends it). */
    private boolean receiving;
    /**
     * Whether the counts received are on the device alone (the transport wrote them there): {@link #receivedCounts}
     * stays empty until the host needs them.
     */
    private boolean onDevice;
    /** The counts staged for the exchange under way, by region (identity), and where each region's start. */
    private final Map<Region, Long> staged = new IdentityHashMap<>();
    private MemorySegment stagedCounts;

    HaloCounts(CudaAgentStore dev) {
        this.dev = dev;
    }

    /** Whether counts were received since the agents last changed. */
    boolean valid() {
        return valid;
    }

    /** Forgets the counts: the agents changed. */
    void forget() {
        valid = false;
        onDevice = false;
    }

    /** Counts this partition's agents on {@code regions} (its neighbours' halos) for an exchange that starts. */
    void stage(List<Region> regions) {
        receiving = false; // an exchange starts: what it brings replaces what came before
        stagedCounts = dev.index().countsIn(regions);
        staged.clear();
        long at = 0;
        for (Region r : regions) {
            staged.put(r, at);
            at += 4 * r.cells();
        }
    }

    /** Copies the counts of {@code region} (staged, or counted now) into {@code buffer}. */
    void pack(Region region, MemorySegment buffer, long offset) {
        Long at = staged.get(region);
        MemorySegment counts = at != null ? stagedCounts : dev.index().countsIn(List.of(region));
        MemorySegment.copy(counts, at != null ? at : 0, buffer, offset, 4 * region.cells());
    }

    /** Device memory for the counts of {@code regions}, {@code room} agents at most, that the transport writes. */
    MemorySegment[] receiveOnDevice(List<Region> regions, long room) {
        received.clear();
        receivedCounts.clear();
        receivedTotal = 0;
        received.addAll(regions);
        MemorySegment[] in = dev.index().receiveGhostCounts(regions, room);
        receiving = true;
        onDevice = true;
        valid = true;
        return in;
    }

    /** Takes the counts of {@code region} from {@code buffer} (host memory). */
    void unpack(Region region, MemorySegment buffer, long offset) {
        if (!receiving) {
            received.clear();
            receivedCounts.clear();
            receivedTotal = 0;
            receiving = true;
            onDevice = false;
        }
        int[] counts = new int[(int) region.cells()];
        MemorySegment.copy(buffer, ValueLayout.JAVA_INT_UNALIGNED, offset, counts, 0, counts.length);
        for (int c : counts) {
            receivedTotal += c;
        }
        received.add(region);
        receivedCounts.add(counts);
        valid = true;
    }

    /** Ends an exchange of counts. */
    void ready() {
        if (!receiving) {
            received.clear(); // no neighbour sent anything
            receivedCounts.clear();
            receivedTotal = 0;
            onDevice = false;
        }
        receiving = false;
        staged.clear();
        stagedCounts = null;
        valid = true;
    }

    /** Gives the device's index the counts received through the host (those in device memory are there already). */
    void toDevice() {
        if (!onDevice) {
            dev.index().ghostCounts(received, receivedCounts, receivedTotal);
        }
    }

    /** The counts received, per stored cell of the block of layout {@code l} (halo cells; owned cells' unused). */
    int[] perCell(Layout l) {
        if (onDevice && receivedCounts.isEmpty()) {
            for (int[] counts : dev.index().ghostCountsOnHost(received)) {
                receivedCounts.add(counts);
                for (int c : counts) {
                    receivedTotal += c;
                }
            }
        }
        halo = PlaceIndex.halo(halo, l);
        for (int i = 0; i < received.size(); i++) {
            halo = PlaceIndex.unpackCounts(halo, l, received.get(i), MemorySegment.ofArray(receivedCounts.get(i)), 0);
        }
        return halo;
    }
}
