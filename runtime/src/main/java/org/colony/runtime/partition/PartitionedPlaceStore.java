package org.colony.runtime.partition;

import java.util.List;
import java.util.Set;
import org.colony.runtime.cluster.Cluster;
import org.colony.runtime.grid.Topology;
import org.colony.runtime.spi.PlaceBlock;
import org.colony.runtime.spi.PlaceStore;

/**
 * Places cut into partitions, as the {@link PartitionedAgents} living on them see them: a grid cut into boxes, or a
 * graph's vertices cut into ranges of their partitions' numbering. Agents hold the index of their place in the
 * store's own numbering (a grid's linear index; a vertex's number in the partitions' numbering), and the driver
 * sees it in the places' numbering (a grid's linear index; the vertex's id): {@link #toInner} and {@link #toOuter}
 * translate.
 */
public sealed interface PartitionedPlaceStore extends PlaceStore permits PartitionedPlaces, PartitionedGraphPlaces {

    /** {@return how the places are cut: which partition owns each place index} */
    Topology topology();

    /** {@return the blocks, by partition: null where another rank owns the partition} */
    List<PlaceBlock> blocks();

    /** {@return the processes the partitions are spread over} */
    Cluster cluster();

    /** {@return the width of the blocks' halo of neighbouring cells now: 0 on a graph, whose ghosts hold no agents} */
    int pad();

    /** Notes that agents wrote attribute {@code attribute} of their places: the copies on halos are stale. */
    void markDirty(int attribute);

    /** Fills the halos (or ghosts) of those of {@code attributes} that are stale, in one exchange. */
    void prepareRemote(Set<Integer> attributes);

    /** {@return the store's place indices of places given as the driver sees them (maybe the same array)} */
    long[] toInner(long[] places);

    /** {@return the places as the driver sees them of the store's place indices (maybe the same array)} */
    long[] toOuter(long[] places);
}
