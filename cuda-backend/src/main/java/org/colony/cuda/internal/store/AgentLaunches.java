package org.colony.cuda.internal.store;

import java.util.concurrent.atomic.LongAdder;
import org.colony.cuda.internal.launch.CudaContext;
import org.colony.cuda.internal.launch.Grids;
import org.colony.cuda.internal.launch.KernelParams;
import org.colony.cuda.internal.launch.ModelKernels;
import org.colony.cuda.tuning.CudaSwitches;
import org.colony.kernel.cuda.CudaStep;

/**
 * How an agent collection's steps launch: a thread an agent (a thread a place, for a step that runs place by place), or
 * a step's warp form (a warp an agent) where it has one and the agents are at most {@code colony.cuda.warpAgents},
 * read when the collection is made: where that is -1, 64 a multiprocessor (as many warps as the device holds
 * resident), past which a thread an agent fills the device.
 */
public final class AgentLaunches {

    private static final LongAdder WARPS = new LongAdder();

    private final long mostForWarps;

    AgentLaunches(CudaContext cx) {
        long set = CudaSwitches.WARP_AGENTS.whole();
        this.mostForWarps = set >= 0 ? set : 64L * cx.device().multiprocessors();
    }

    /** {@return how many launches of warp forms there were so far in this JVM, over every backend} */
    public static long warpLaunches() {
        return WARPS.sum();
    }

    /**
     * Launches step {@code step} on {@code agents} agents, or where it runs place by place ({@code places} not
     * negative) on that many places.
     * A warp form's grid changes where a thread an agent's would (every 256 agents), so that a tick's launches keep the
     * shape of its CUDA graph while the population changes a little.
     */
    void launch(CudaContext cx, ModelKernels kernels, int step, long agents, long places, KernelParams arguments,
            String name) {
        if (places < 0 && kernels.warp(step) != 0L && agents <= mostForWarps) {
            // a warp for each agent of the thread form's grid (the agents rounded up to its blocks), in blocks of
            // CudaStep.WARP_BLOCK threads, a window each warp in shared memory
            long rounded = (long) Grids.THREADS * Grids.blocks(agents);
            cx.launch(kernels.warp(step), (int) (32L * rounded / CudaStep.WARP_BLOCK), 1, 1, CudaStep.WARP_BLOCK, 1, 1,
                    arguments, true, name);
            WARPS.increment();
            return;
        }
        long threads = places >= 0 ? places : agents;
        cx.launch(kernels.step(step), Grids.blocks(threads), 1, 1, Grids.THREADS, 1, 1, arguments, true, name);
    }
}
