package org.colony.cuda.internal.store;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.device.DeviceBuffer;
import org.colony.kernel.Layout;
import org.colony.kernel.ModelInfo;
import org.colony.runtime.spi.Closeables;
import org.colony.runtime.storage.Creations;

/**
 * The agents each place of a GPU block asked for in a place step ({@code spawn(T.class, n)}): per iterated agent class,
 * a count a stored cell, zeroed before the step and read back after it.
 */
final class PlaceCreations implements AutoCloseable {

    private final ModelInfo model;
    /** Per agent class, the counts of the last step that asked for agents of it (null before). */
    private final DeviceBuffer[] counts;

    PlaceCreations(ModelInfo model) {
        this.model = model;
        this.counts = new DeviceBuffer[model.agentClasses().size()];
    }

    /** Zeroes the counts of agent class {@code slot} for a step on a block laid out as {@code layout}. */
    void prepare(int slot, Layout layout) {
        long bytes = 4 * layout.storedCells();
        if (counts[slot] == null || counts[slot].bytes() != bytes) {
            if (counts[slot] != null) {
                counts[slot].close();
            }
            counts[slot] = DeviceBuffer.pooled(bytes);
        }
        Driver.memset8(counts[slot].pointer(), (byte) 0, bytes);
    }

    /** {@return the device address of the counts of agent class {@code slot}} */
    long pointer(int slot) {
        return counts[slot].pointer();
    }

    /**
     * {@return the agents of class {@code slot} the last step asked for, as {@link Creations#ofCells} lists them}
     *
     * @param vertexIds the ids of the block's graph vertices by storage index; null on a grid
     */
    long[] take(int slot, Layout layout, int[] vertexIds) {
        int cells = (int) layout.storedCells();
        int[] host = new int[cells];
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(4L * cells);
            counts[slot].download(s, 0, 4L * cells);
            MemorySegment.copy(s, ValueLayout.JAVA_INT, 0, host, 0, cells);
        }
        return Creations.ofCells(host, layout, vertexIds, model.modelClass().getSimpleName(),
                model.agentClasses().get(slot).getSimpleName());
    }

    @Override
    public void close() {
        Closeables.closeAll(Arrays.asList(counts));
    }
}
