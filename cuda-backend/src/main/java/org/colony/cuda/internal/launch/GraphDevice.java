package org.colony.cuda.internal.launch;

import java.util.List;

/**
 * What a {@link LaunchRecorder} asks of its device: launches, and CUDA graphs of kernel nodes run on the same
 * stream. {@link DriverGraphs} is the CUDA driver; the recorder's tests use a fake. Handles are the driver's
 * ({@code CUgraph}, {@code CUgraphNode}, {@code CUgraphExec}).
 */
interface GraphDevice {

    /** Launches one kernel now, after everything launched before it. */
    void launch(Launch launch);

    /**
     * Creates a graph of one kernel node per launch, each node depending on the one before, with the launches'
     * parameter values; writes the node handles to {@code nodes}.
     *
     * @return the graph
     */
    long createGraph(List<Launch> launches, long[] nodes);

    /** Instantiates an executable graph of {@code graph}, with the node parameters the graph has. */
    long instantiate(long graph);

    /** Gives node {@code node} of the executable graph {@code exec} the parameters of {@code launch}. */
    void update(long exec, long node, Launch launch);

    /** Launches an executable graph, after everything launched before it. */
    void launchGraph(long exec);

    /** Destroys an executable graph (a launch of it still in flight completes). */
    void destroyExec(long exec);

    /** Destroys a graph. */
    void destroyGraph(long graph);

    /** Runs {@code work} with the device's context current on the calling thread, restoring the thread's context after. */
    void inContext(Runnable work);
}
