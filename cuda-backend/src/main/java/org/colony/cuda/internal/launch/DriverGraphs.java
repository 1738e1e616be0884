package org.colony.cuda.internal.launch;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.util.List;
import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.bind.GraphCalls;

/**
 * A {@link LaunchRecorder}'s device: one CUDA context, whose launches and graph launches go to the legacy default
 * stream (stream 0), where the stores' launches and synchronous copies are ordered. Parameter values are written to
 * native memory kept for the purpose and reused by the next call: {@code cuLaunchKernel} and the kernel node calls copy
 * them (a confined arena for every call cost the host as much as the call itself where a graph's nodes are updated).
 */
final class DriverGraphs implements GraphDevice {

    private static final long STREAM = 0L;

    private final long context;
    /** Where one call's parameter values are written (see above): only under this object's lock. */
    private MemorySegment scratch = MemorySegment.NULL;

    /** @param context the {@code CUcontext} the graphs and launches belong to */
    DriverGraphs(long context) {
        this.context = context;
    }

    /** The reused memory for one call's parameters of {@code l}, grown where it is too small. */
    private SegmentAllocator scratch(Launch l) {
        long bytes = KernelNodeParams.LAYOUT.byteSize() + l.scratchBytes();
        if (scratch.byteSize() < bytes) {
            scratch = Arena.ofAuto().allocate(Math.max(bytes, Math.max(4096, 2 * scratch.byteSize())), 16);
        }
        return SegmentAllocator.slicingAllocator(scratch);
    }

    @Override
    public synchronized void launch(Launch l) {
        Driver.launchInOrder(l.function(), l.gridX(), l.gridY(), l.gridZ(), l.blockX(), l.blockY(), l.blockZ(),
                l.sharedBytes(), STREAM, l.pointers(scratch(l)), l.name());
    }

    @Override
    public synchronized long createGraph(List<Launch> launches, long[] nodes) {
        long graph = GraphCalls.create();
        try {
            int[][] after = Branches.of(launches);
            for (int i = 0; i < launches.size(); i++) {
                Launch l = launches.get(i);
                long[] before = new long[after[i].length];
                for (int d = 0; d < before.length; d++) {
                    before[d] = nodes[after[i][d]];
                }
                nodes[i] = GraphCalls.addKernelNode(graph, before, KernelNodeParams.of(scratch(l), l), l.name());
            }
        } catch (RuntimeException e) {
            try {
                GraphCalls.destroy(graph);
            } catch (RuntimeException again) {
                e.addSuppressed(again);
            }
            throw e;
        }
        return graph;
    }

    @Override
    public long instantiate(long graph) {
        return GraphCalls.instantiate(graph);
    }

    @Override
    public synchronized void update(long exec, long node, Launch l) {
        GraphCalls.setKernelNodeParams(exec, node, KernelNodeParams.of(scratch(l), l), l.name());
    }

    @Override
    public void launchGraph(long exec) {
        GraphCalls.launch(exec, STREAM);
    }

    @Override
    public void destroyExec(long exec) {
        GraphCalls.destroyExec(exec);
    }

    @Override
    public void destroyGraph(long graph) {
        GraphCalls.destroy(graph);
    }

    @Override
    public void inContext(Runnable work) {
        long before = Driver.currentContext();
        if (before == context) {
            work.run();
            return;
        }
        Driver.setCurrent(context);
        try {
            work.run();
        } finally {
            Driver.setCurrent(before);
        }
    }
}
