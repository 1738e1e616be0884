package org.colony.runtime.cpu;

import org.colony.ColonyException;
import org.colony.kernel.Layout;
import org.colony.kernel.ModelDescriptor;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.grid.Topology;
import org.colony.runtime.spi.AgentPartition;
import org.colony.runtime.spi.AgentStore;
import org.colony.runtime.spi.Backend;
import org.colony.runtime.spi.DeviceTimings;
import org.colony.runtime.spi.PlaceBlock;
import org.colony.runtime.spi.PlaceStore;
import org.colony.runtime.storage.AgentColumns;
import org.colony.runtime.storage.BlockStorage;
import org.colony.runtime.storage.ByteSize;

/** The multi-threaded CPU backend: generated Java kernels over structure-of-arrays columns. */
public final class CpuBackend implements Backend {

    private final WorkerPool pool;
    private final int threads;
    private final HoldSettings hold = HoldSettings.fromProperties();

    /** @param threads worker threads, the calling thread included */
    public CpuBackend(int threads) {
        this.threads = threads;
        this.pool = new WorkerPool(threads);
    }

    @Override
    public String name() {
        return "cpu";
    }

    @Override
    public String description() {
        return "cpu: " + threads + (threads == 1 ? " thread" : " threads");
    }

    @Override
    public PlaceStore createPlaces(ModelDescriptor model, Grid grid) {
        var layout = CpuPlaceStore.layout(model.info(), grid, model.info().reach());
        checkFits(model, grid, layout);
        return new CpuPlaceStore(model, grid, pool, hold);
    }

    @Override
    public PlaceBlock createBlock(ModelDescriptor model, Grid grid,
            Layout layout, int partition) {
        checkFits(model, grid, layout);
        return new CpuPlaceStore(model, grid, pool, layout, true, hold);
    }

    private static void checkFits(ModelDescriptor model, Grid grid, Layout layout) {
        long need = BlockStorage.bytes(model.info(), layout);
        Runtime rt = Runtime.getRuntime();
        long free = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
        if (need > free) {
            throw new ColonyException(model.info().modelClass().getSimpleName() + " on a " + grid + " grid needs "
                    + ByteSize.of(need) + " of memory, but the Java heap has " + ByteSize.of(free)
                    + " free; raise -Xmx (for ./mass, in COLONY_JAVA_OPTS) or use a smaller grid");
        }
        if (layout.storedCells() > BlockStorage.MAX_CELLS) {
            throw new ColonyException(model.info().modelClass().getSimpleName() + " on a " + grid + " grid needs "
                    + layout.storedCells() + " cells with its halo; the CPU backend holds at most "
                    + BlockStorage.MAX_CELLS + " cells per block");
        }
    }

    @Override
    public AgentStore createAgents(ModelDescriptor model, PlaceStore places, long[] initialPlaces, int capacity) {
        if (!(places instanceof CpuPlaceStore p)) {
            throw new ColonyException("these places belong to another backend");
        }
        checkFits(model, initialPlaces.length);
        return new CpuAgentStore(model, p, pool, initialPlaces, capacity);
    }

    @Override
    public AgentPartition createAgentPartition(ModelDescriptor model,
            PlaceBlock block, long[] ids, long[] places, int capacity,
            Topology topology, int partition) {
        if (!(block instanceof CpuPlaceStore p)) {
            throw new ColonyException("the places of partition " + partition + " belong to another backend");
        }
        checkFits(model, places.length);
        return new CpuAgentPartition(model, p, pool, ids, places, capacity, topology, partition);
    }

    private static void checkFits(ModelDescriptor model, int agents) {
        long need = AgentColumns.bytesPerSlot(model.info()) * Math.max(AgentColumns.MIN_SLOTS, agents + agents / 2L);
        Runtime rt = Runtime.getRuntime();
        long free = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
        if (need > free) {
            throw new ColonyException(agents + " " + model.info().modelClass().getSimpleName()
                    + " agents need " + ByteSize.of(need) + " of memory, but the Java heap has " + ByteSize.of(free)
                    + " free; raise -Xmx (for ./mass, in COLONY_JAVA_OPTS) or start with fewer agents");
        }
    }

    /**
     * Stops holding place steps back while a profile is collected, so that each call's wall-clock time is its
     * own work; the runtime times the calls itself.
     */
    @Override
    public boolean timeOnDevice(DeviceTimings timings) {
        hold.profiling(timings != null);
        return false;
    }

    @Override
    public void close() {
        pool.close();
    }
}
