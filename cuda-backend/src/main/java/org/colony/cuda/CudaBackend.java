package org.colony.cuda;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.colony.ColonyException;
import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.bind.Nccl;
import org.colony.cuda.internal.bind.Streams;
import org.colony.cuda.internal.device.CudaDevice;
import org.colony.cuda.internal.launch.CudaContext;
import org.colony.cuda.internal.store.CudaAgentStore;
import org.colony.cuda.internal.store.CudaPlaceStore;
import org.colony.cuda.internal.transport.DeviceCopyTransport;
import org.colony.cuda.internal.transport.HostStaging;
import org.colony.cuda.internal.transport.NcclTransport;
import org.colony.kernel.Layout;
import org.colony.kernel.ModelDescriptor;
import org.colony.runtime.cluster.Cluster;
import org.colony.runtime.cluster.MpiCluster;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.grid.Topology;
import org.colony.runtime.spi.AgentPartition;
import org.colony.runtime.spi.AgentStore;
import org.colony.runtime.spi.Backend;
import org.colony.runtime.spi.BackendOptions;
import org.colony.runtime.spi.Closeables;
import org.colony.runtime.spi.DeviceTimings;
import org.colony.runtime.spi.PlaceBlock;
import org.colony.runtime.spi.PlaceStore;
import org.colony.runtime.transport.Transport;

/** Runs models on one NVIDIA GPU: generated CUDA kernels compiled by NVRTC, columns in device memory. */
public final class CudaBackend implements Backend {

    private final CudaContext cx;
    private final CudaContext[] all;
    /**
     * Whether the partitions of this process's grids all live on its one GPU and exchange inside it (kernels, copies)
     * ({@link #transport()}, asked before the blocks are made): their launches may then be replayed as graphs.
     */
    private boolean oneDevice;
    private final boolean fast;
    /** What the description adds in fast mode, the start line of a run. */
    static final String FAST_MATH = ", fast math (exp, log, pow, sin, ... are CUDA's own, a few ulps from StrictMath)";

    /**
     * Opens the GPUs that {@code options.device()} and {@code options.devices()} name.
     *
     * @param options the run's settings: the first device, the device count and fast math
     */
    public CudaBackend(BackendOptions options) {
        this.fast = options.fast();
        int n = options.devices();
        if (n > 1 && Streams.PER_THREAD) {
            // Partitions on several GPUs run on lanes of threads of their own, and their exchanges order work on
            // streams the per-thread mode gives to other threads.
            throw new ColonyException("--devices=" + n + " with colony.cuda.perThreadStreams: per-thread streams serve "
                    + "one GPU per process (simulations side by side); leave the switch off to spread a grid over "
                    + "GPUs");
        }
        int first = options.device();
        MpiCluster job = MpiCluster.current();
        boolean wrap = false;
        if (job != null) {
            // Under mpirun each rank takes the GPUs after those of the ranks before it on its host; where the host
            // has fewer, ranks share them (their messages then go through host memory).
            Driver.init();
            int count = Driver.deviceCount();
            if (count == 0) {
                throw new ColonyException("--backend=cuda: MPI rank " + job.rank() + " runs on a host without a CUDA "
                        + "device");
            }
            first = (first + MpiCluster.localRank() * n) % count;
            if (n > count) {
                throw new ColonyException("--devices=" + n + " asks each MPI rank for " + n + " GPUs, but its host has "
                        + count);
            }
            wrap = true;
        } else if (n > 1) {
            Driver.init();
            int count = Driver.deviceCount();
            if (options.device() + n > count) {
                throw new ColonyException("--devices=" + n + " from --device=" + options.device() + " needs GPUs "
                        + options.device() + " to " + (options.device() + n - 1) + ", but this machine has " + count
                        + " CUDA device" + (count == 1 ? "" : "s"));
            }
        }
        this.all = new CudaContext[n];
        // CUDA graphs replay the repeated ticks of one device; across devices the halo exchange runs between launches.
        boolean graphs = n == 1 && CudaGraphs.allowedNow();
        try {
            for (int i = 0; i < n; i++) {
                all[i] = new CudaContext(CudaDevice.open(wrap ? (first + i) % Driver.deviceCount() : first + i), fast,
                        graphs);
            }
        } catch (RuntimeException e) {
            throw Closeables.closeAllAfter(e, all);
        }
        this.cx = all[0];
    }

    @Override
    public String name() {
        return "cuda";
    }

    @Override
    public String description() {
        return "cuda: " + (all.length == 1 ? "" : all.length + " x ") + cx.device() + (fast ? FAST_MATH : "");
    }

    @Override
    public PlaceStore createPlaces(ModelDescriptor model, Grid grid) {
        cx.device().makeCurrent();
        long need = CudaPlaceStore.bytes(model.info(), grid);
        checkFits(need, model.info().modelClass().getSimpleName() + " on a " + grid + " grid");
        return new CudaPlaceStore(cx, model, grid);
    }

    @Override
    public PlaceBlock createBlock(ModelDescriptor model, Grid grid, Layout layout, int partition) {
        CudaContext context = all[partition % all.length];
        context.device().makeCurrent();
        if (!oneDevice) {
            context.partitioned();
        }
        // The columns, and the exchange buffers: each halo cell's attributes once sent and once received, at most.
        long perCell = CudaPlaceStore.bytes(model.info(), layout) / Math.max(1, layout.storedCells());
        long need = CudaPlaceStore.bytes(model.info(), layout)
                + 2 * perCell * (layout.storedCells() - layout.ownedCells()) + (1L << 20);
        checkFits(context, need, model.info().modelClass().getSimpleName() + " partition " + partition + " ("
                + layout.extent0() + (layout.dims() >= 2 ? "x" + layout.extent1() : "")
                + (layout.dims() >= 3 ? "x" + layout.extent2() : "") + " places)");
        return new CudaPlaceStore(context, model, grid, layout, true);
    }

    @Override
    public Transport transport() {
        if (all.length == 1) {
            oneDevice = true;
            return new DeviceCopyTransport(cx);
        }
        List<CudaDevice> devices = new ArrayList<>();
        for (CudaContext c : all) {
            devices.add(c.device());
        }
        return NcclTransport.open(devices);
    }

    /**
     * Between MPI ranks: NCCL where every partition of the job has a GPU of its own (the unique id broadcast by MPI),
     * else messages staged through host memory over MPI, said once by rank 0.
     */
    @Override
    public Transport transport(Cluster cluster, int partitions) {
        List<CudaDevice> devices = new ArrayList<>();
        for (CudaContext c : all) {
            devices.add(c.device());
        }
        String why = ncclAcross(cluster, partitions);
        if (why == null) {
            int first = -1;
            for (int p = 0; p < partitions && first < 0; p++) {
                first = cluster.owns(p, partitions) ? p : -1;
            }
            List<CudaDevice> mine = new ArrayList<>();
            for (int p = first; p < partitions && cluster.owns(p, partitions); p++) {
                mine.add(devices.get(p % devices.size()));
            }
            byte[] id = cluster.rank() == 0 ? NcclTransport.newUniqueId() : new byte[0];
            return NcclTransport.openAcross(mine, first, partitions, cluster.broadcast(id, 0));
        }
        if (all.length > 1) {
            throw new ColonyException("--devices=" + all.length + " on each MPI rank needs NCCL between the ranks' GPUs, "
                    + "but " + why + "; give each rank one GPU (leave --devices out)");
        }
        if (cluster.rank() == 0) {
            System.err.println("colony: halos and agents between MPI ranks go through host memory: " + why);
        }
        Transport local = new DeviceCopyTransport(cx); // (this rank has one GPU: more were refused above)
        return cluster.transport(local, partitions, new HostStaging(devices));
    }

    /** Why NCCL cannot join the ranks' partitions, or null where it can: every partition on a GPU of its own. */
    private String ncclAcross(Cluster cluster, int partitions) {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "?";
        }
        StringBuilder mine = new StringBuilder();
        for (int p = 0; p < partitions; p++) {
            if (cluster.owns(p, partitions)) {
                CudaDevice d = all[p % all.length].device(); // the GPU createBlock puts partition p on
                mine.append(host).append('/').append(Driver.pciBusId(Driver.device(d.ordinal()))).append('\n');
            }
        }
        String nccl = Nccl.unavailableReason();
        byte[][] ranks = cluster.gather(((nccl == null ? "" : "!" + nccl + "\n") + mine).getBytes(
                StandardCharsets.UTF_8));
        Set<String> seen = new HashSet<>();
        for (byte[] b : ranks) {
            String text = new String(b, StandardCharsets.UTF_8);
            if (text.startsWith("!")) {
                return "NCCL cannot be loaded (" + text.substring(1, text.indexOf('\n')) + ")";
            }
            for (String gpu : text.split("\n")) {
                if (!gpu.isEmpty() && !seen.add(gpu)) {
                    return "partitions share the GPU at PCI " + gpu.substring(gpu.indexOf('/') + 1) + " of "
                            + gpu.substring(0, gpu.indexOf('/')) + " (NCCL joins one partition a GPU)";
                }
            }
        }
        return null;
    }

    @Override
    public AgentStore createAgents(ModelDescriptor model, PlaceStore places, long[] initialPlaces, int capacity) {
        if (!(places instanceof CudaPlaceStore cudaPlaces)) {
            throw new ColonyException("these places belong to another backend");
        }
        cx.device().makeCurrent();
        long slots = Math.max(1024, initialPlaces.length + initialPlaces.length / 2L);
        // Columns and the agents-per-place index, plus the scratch manageAll uses (per slot and per place).
        long need = (CudaAgentStore.bytesPerSlot(model.info()) + 48) * slots + 24 * (places.grid().cells() + 1);
        checkFits(need, initialPlaces.length + " " + model.info().modelClass().getSimpleName() + " agents");
        return new CudaAgentStore(cx, model, cudaPlaces, initialPlaces, capacity);
    }

    @Override
    public AgentPartition createAgentPartition(ModelDescriptor model, PlaceBlock block, long[] ids, long[] places,
            int capacity, Topology topology, int partition) {
        if (!(block instanceof CudaPlaceStore cudaBlock)) {
            throw new ColonyException("the places of partition " + partition + " belong to another backend");
        }
        CudaContext context = cudaBlock.context();
        context.device().makeCurrent();
        long slots = Math.max(1024, places.length + places.length / 2L);
        // As createAgents: the index by place covers the whole grid (agents find their neighbours by global place).
        long need = (CudaAgentStore.bytesPerSlot(model.info()) + 48) * slots + 24 * (cudaBlock.grid().cells() + 1);
        checkFits(context, need, places.length + " " + model.info().modelClass().getSimpleName()
                + " agents of partition " + partition);
        return CudaAgentStore.partition(context, model, cudaBlock, ids, places, capacity, topology, partition);
    }

    private void checkFits(long need, String what) {
        checkFits(cx, need, what);
    }

    private static void checkFits(CudaContext cx, long need, String what) {
        long free = cx.device().freeMemory();
        if (need > free) {
            double gib = 1024.0 * 1024 * 1024;
            throw new ColonyException(String.format(Locale.ROOT,
                    "%s needs %.2f GiB of GPU memory, but %s (device %d) has %.2f GiB free of %.2f GiB; use a smaller "
                    + "size or more devices", what, need / gib, cx.device().name(), cx.device().ordinal(), free / gib,
                    cx.device().totalMemory() / gib));
        }
    }

    @Override
    public boolean timeOnDevice(DeviceTimings timings) {
        cx.timeOnDevice(timings);
        return true;
    }

    @Override
    public void tickEnded() {
        for (CudaContext c : all) {
            c.tickEnded();
        }
    }

    /** Waits until every device has finished its work. */
    public void synchronize() {
        for (CudaContext c : all) {
            c.device().synchronize();
        }
    }

    @Override
    public void close() {
        Closeables.closeAll(all);
    }
}
