package org.colony.cuda.internal.launch;

import java.lang.foreign.Arena;
import java.util.List;
import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.bind.GraphCalls;

/**
 * A {@link LaunchRecorder}'s device: one CUDA context, whose launches and graph launches go to the legacy default
 * stream (stream 0), where the stores' launches and synchronous copies are ordered. Parameter values live in a
 * confined arena only for the call: {@code cuLaunchKernel} and the kernel node calls copy them.
 */
final class DriverGraphs implements GraphDevice {

    private static final long STREAM = 0L;

    private final long context;

    /** @param context the {@code CUcontext} the graphs and launches belong to */
    DriverGraphs(long context) {
        this.context = context;
    }

    @Override
    public void launch(Launch l) {
        try (Arena arena = Arena.ofConfined()) {
            Driver.launchInOrder(l.function(), l.gridX(), l.gridY(), l.gridZ(), l.blockX(), l.blockY(), l.blockZ(),
                    l.sharedBytes(), STREAM, l.pointers(arena), l.name());
        }
    }

    @Override
    public long createGraph(List<Launch> launches, long[] nodes) {
        long graph = GraphCalls.create();
        try (Arena arena = Arena.ofConfined()) {
            for (int i = 0; i < launches.size(); i++) {
                Launch l = launches.get(i);
                nodes[i] = GraphCalls.addKernelNode(graph, i == 0 ? 0L : nodes[i - 1], KernelNodeParams.of(arena, l),
                        l.name());
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
    public void update(long exec, long node, Launch l) {
        try (Arena arena = Arena.ofConfined()) {
            GraphCalls.setKernelNodeParams(exec, node, KernelNodeParams.of(arena, l), l.name());
        }
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
