package org.colony.cuda;

import org.colony.cuda.internal.CudaAgentStore;
import org.colony.cuda.internal.CudaContext;
import org.colony.cuda.internal.CudaDevice;
import org.colony.cuda.internal.CudaPlaceStore;
import org.colony.runtime.ColonyException;
import org.colony.runtime.Config;
import org.colony.runtime.Mode;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.spi.AgentStore;
import org.colony.runtime.spi.Backend;
import org.colony.runtime.spi.DeviceTimings;
import org.colony.runtime.spi.ModelDescriptor;
import org.colony.runtime.spi.PlaceStore;

/** Runs models on one NVIDIA GPU: generated CUDA kernels compiled by NVRTC, columns in device memory. */
public final class CudaBackend implements Backend {

    private final CudaContext cx;
    private final boolean fast;

    /** Opens the GPU that {@code config.device()} names. */
    public CudaBackend(Config config) {
        this.fast = config.mode() == Mode.FAST;
        this.cx = new CudaContext(CudaDevice.open(config.device()), fast);
    }

    @Override
    public String name() {
        return "cuda";
    }

    @Override
    public String description() {
        return "cuda: " + cx.device() + (fast ? ", fast math" : "");
    }

    @Override
    public PlaceStore createPlaces(ModelDescriptor model, Grid grid) {
        cx.device().makeCurrent();
        long need = CudaPlaceStore.bytes(model.info(), grid);
        checkFits(need, model.info().modelClass().getSimpleName() + " on a " + grid + " grid");
        return new CudaPlaceStore(cx, model, grid);
    }

    @Override
    public AgentStore createAgents(ModelDescriptor model, PlaceStore places, long[] initialPlaces, int capacity) {
        if (!(places instanceof CudaPlaceStore p)) {
            throw new ColonyException("these places belong to another backend");
        }
        cx.device().makeCurrent();
        long slots = Math.max(1024, initialPlaces.length + initialPlaces.length / 2L);
        // Columns and the agents-per-place index, plus the scratch manageAll uses (per slot and per place).
        long need = (CudaAgentStore.bytesPerSlot(model.info()) + 48) * slots + 24 * (places.grid().cells() + 1);
        checkFits(need, initialPlaces.length + " " + model.info().modelClass().getSimpleName() + " agents");
        return new CudaAgentStore(cx, model, p, initialPlaces, capacity);
    }

    private void checkFits(long need, String what) {
        long free = cx.device().freeMemory();
        if (need > free) {
            double gib = 1024.0 * 1024 * 1024;
            throw new ColonyException(String.format(java.util.Locale.ROOT,
                    "%s needs %.2f GiB of GPU memory, but %s (device %d) has %.2f GiB free of %.2f GiB; use a smaller "
                    + "size or more devices", what, need / gib, cx.device().name(), cx.device().ordinal(), free / gib,
                    cx.device().totalMemory() / gib));
        }
    }

    @Override
    public boolean timeOnDevice(DeviceTimings timings) {
        cx.device().makeCurrent();
        cx.timer().deliverTo(timings);
        return true;
    }

    /** The context, for tests and tools. */
    public CudaContext context() {
        return cx;
    }

    @Override
    public void close() {
        cx.close();
    }
}
