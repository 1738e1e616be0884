package org.colony.runtime.spi;

import java.lang.foreign.MemorySegment;
import java.util.List;
import org.colony.ColonyException;
import org.colony.kernel.Call;
import org.colony.kernel.GraphRows;
import org.colony.kernel.Layout;
import org.colony.runtime.grid.Region;
import org.colony.runtime.reduce.ColumnAccumulator;

/**
 * The places of one partition of a partitioned grid, on a backend: a {@link PlaceStore} over the cells its
 * {@link #layout()} owns, whose halo the runtime fills by exchange with the neighbouring partitions (it never
 * fills its own). Reads and writes of whole columns touch only the owned cells of the global arrays.
 */
public interface PlaceBlock extends PlaceStore {

    /** {@return where the block's cells live in its columns} */
    Layout layout();

    /**
     * Allocates a buffer for halo exchange in the memory the block's transport moves (host or device), freed
     * when the block closes.
     *
     * @param bytes the size in bytes
     * @return the buffer
     */
    MemorySegment buffer(long bytes);

    /**
     * Copies the cells of {@code region} (local coordinates) of one element column of an attribute's current
     * column into {@code buffer} from {@code offset}, row by row, x fastest.
     *
     * @param attribute the attribute's ordinal in the model
     * @param buffer where to write, large enough
     * @param element the element, 0 for a scalar attribute
     * @param offset the byte offset in {@code buffer} to start at
     * @param region the region, in local coordinates
     */
    void pack(int attribute, int element, Region region, MemorySegment buffer, long offset);

    /**
     * The reverse of {@link #pack}: copies the buffer's cells into the region (a halo region).
     *
     * @param attribute the attribute's ordinal in the model
     * @param buffer where to write, large enough
     * @param element the element, 0 for a scalar attribute
     * @param offset the byte offset in {@code buffer} to start at
     * @param region the region, in local coordinates
     */
    void unpack(int attribute, int element, Region region, MemorySegment buffer, long offset);

    /**
     * {@return whether this block copies a region of its cells straight into {@code to}'s halo ({@link #copyTo}), with
     * no buffer between them: false by default (pack, send, unpack)} Asked of blocks in one memory only.
     *
     * @param to the receiving block, maybe this one (a partition of a torus its own neighbour)
     */
    default boolean copiesTo(PlaceBlock to) {
        return false;
    }

    /**
     * Copies the cells of {@code region} of one element column of an attribute's current column into the cells of
     * {@code into} (the same shape: a halo region) of the same column of {@code to}, where {@link #copiesTo} says so:
     * a {@link #pack} and the receiver's {@link #unpack} in one.
     *
     * @param attribute the attribute's ordinal in the model
     * @param element the element, 0 for a scalar attribute
     * @param region the cells sent, in this block's local coordinates
     * @param to the receiving block
     * @param into the cells received, in {@code to}'s local coordinates
     */
    default void copyTo(int attribute, int element, Region region, PlaceBlock to, Region into) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " copies no cells straight to a block");
    }

    /**
     * Copies the cells at storage indices {@code cells} (owned cells, in that order) of one element column of an
     * attribute's current column into {@code buffer} from {@code offset}: what a block of a graph's places sends the
     * partitions whose edges reach those vertices.
     *
     * @param attribute the attribute's ordinal in the model
     * @param element the element, 0 for a scalar attribute
     * @param cells the storage indices
     * @param buffer where to write, large enough
     * @param offset the byte offset in {@code buffer} to start at
     */
    default void gather(int attribute, int element, int[] cells, MemorySegment buffer, long offset) {
        throw new ColonyException("partitions of places on a graph are not supported by " + getClass().getSimpleName());
    }

    /**
     * Sets the edges of the block's vertices: a block of a partitioned graph's places, whose rows name storage
     * indices of its own vertices and of the ghosts on its halo.
     *
     * @param rows the rows
     */
    default void bindGraph(GraphRows rows) {
        throw new ColonyException("partitions of places on a graph are not supported by " + getClass().getSimpleName());
    }

    /**
     * {@return whether a step can run on a box of the owned cells at a time ({@link #callBox}, {@link #finishCall}):
     * then the runtime runs the cells that read no halo while the halo is in flight}
     */
    default boolean splits() {
        return false;
    }

    /**
     * Runs a step on the owned cells of {@code box} (local coordinates) and nothing else; the call is complete
     * after {@link #finishCall}. Only where {@link #splits()}. On a block of a graph's vertices a box is a range of
     * the block's rows (its vertices in its own order), hubs among them included.
     *
     * @param box the box, in local coordinates
     * @param call the call to run
     */
    default void callBox(Call call, Region box) {
        throw new UnsupportedOperationException("this block does not split steps");
    }

    /**
     * {@return how this block would run {@code calls}, place steps called in this order, as one held pass
     * ({@link #runHeld}): -1 where it cannot (the default), 0 where it can and more steps may join them, 1 where it
     * can and the pass is as long as it should be} The answer depends on the model, the steps and the block's device
     * alone (a GPU's shared memory bounds a pass's tile); a partitioned store takes the least answer of its blocks,
     * and of every rank's, so that all run the same passes.
     *
     * @param calls the calls, at least one
     */
    default int holds(List<Call> calls) {
        return -1;
    }

    /**
     * {@return whether the halo of this block can be widened to {@code reach} ({@link #ensureReach}) now, with the
     * memory that takes; true by default}
     *
     * @param reach the width
     */
    default boolean canWiden(int reach) {
        return true;
    }

    /**
     * Runs {@code calls} as one pass over the owned cells, with the results of running them one at a time, where
     * {@link #holds} allowed them: the halo of every attribute must hold the neighbouring partitions' values as wide
     * as the steps reach together, and the block's halo must be that wide. Completes every call.
     *
     * @param calls the calls, in order
     */
    default void runHeld(List<Call> calls) {
        throw new UnsupportedOperationException("this block runs no held passes");
    }

    /**
     * Orders whatever comes next on this block after the work {@link #runHeld} or {@link #call} started, where the
     * block ran it beside the other blocks' (a GPU's partitions, each on a stream of its own): called on every block
     * once all of them started theirs. Nothing by default.
     */
    default void join() {
    }

    /**
     * Completes a call made of {@link #callBox} calls (makes the buffers the step wrote current).
     *
     * @param step the step's index in the model
     */
    default void finishCall(int step) {
    }

    /**
     * {@return the partial reduction of the owned cells of one element column, to merge with the other blocks'}
     *
     * @param attribute the attribute's ordinal in the model
     * @param element the element, 0 for a scalar attribute
     */
    ColumnAccumulator partial(int attribute, int element);
}
