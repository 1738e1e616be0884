package org.colony.cuda.internal.bind;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * The driver's CUDA graph functions ({@code cuGraphCreate}, kernel nodes, instantiation, launch), bound like
 * {@link Driver}'s and checked by its helper: what {@code DriverGraphs} builds a {@code LaunchRecorder}'s graphs
 * with.
 */
public final class GraphCalls {

    // Only a LaunchRecorder calls these, in the order it keeps. A driver older than CUDA 12 lacks the _v2 kernel
    // node functions: the handles are then null, available() is false and every launch goes out at once.
    static final MethodHandle CU_GRAPH_CREATE = Driver.optional("cuGraphCreate",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
    /** {@code cuGraphAddKernelNode_v2} (what {@code cuGraphAddKernelNode} names in CUDA 12 and 13 headers). */
    static final MethodHandle CU_GRAPH_ADD_KERNEL_NODE = Driver.optional("cuGraphAddKernelNode_v2",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS));
    static final MethodHandle CU_GRAPH_INSTANTIATE = Driver.optional("cuGraphInstantiateWithFlags",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG));
    /** {@code cuGraphExecKernelNodeSetParams_v2} (what CUDA 12 and 13 headers name without the suffix). */
    static final MethodHandle CU_GRAPH_EXEC_KERNEL_NODE_SET_PARAMS = Driver.optional(
            "cuGraphExecKernelNodeSetParams_v2", FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, ADDRESS));
    static final MethodHandle CU_GRAPH_LAUNCH = Driver.optional("cuGraphLaunch",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG));
    static final MethodHandle CU_GRAPH_EXEC_DESTROY = Driver.optional("cuGraphExecDestroy",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG));
    static final MethodHandle CU_GRAPH_DESTROY = Driver.optional("cuGraphDestroy",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG));

    private GraphCalls() {
    }

    /** Whether the driver has the graph functions a {@code LaunchRecorder} needs (CUDA 12 and newer). */
    public static boolean available() {
        return CU_GRAPH_CREATE != null && CU_GRAPH_ADD_KERNEL_NODE != null && CU_GRAPH_INSTANTIATE != null
                && CU_GRAPH_EXEC_KERNEL_NODE_SET_PARAMS != null && CU_GRAPH_LAUNCH != null
                && CU_GRAPH_EXEC_DESTROY != null && CU_GRAPH_DESTROY != null;
    }

    /** {@code cuGraphCreate}: an empty graph. */
    public static long create() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment g = arena.allocate(JAVA_LONG);
            Driver.check((int) CU_GRAPH_CREATE.invokeExact(g, 0), "cuGraphCreate");
            return g.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuGraphCreate");
        }
    }

    /**
     * {@code cuGraphAddKernelNode_v2}: a kernel node of {@code graph} after the nodes {@code after} (none: a root),
     * with the parameters {@code nodeParams} ({@code CUDA_KERNEL_NODE_PARAMS}).
     */
    public static long addKernelNode(long graph, long[] after, MemorySegment nodeParams, String name) {
        int result;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment node = arena.allocate(JAVA_LONG);
            MemorySegment deps = arena.allocate(JAVA_LONG, Math.max(1, after.length));
            MemorySegment.copy(after, 0, deps, JAVA_LONG, 0, after.length);
            // A conditional argument would take invokeExact's Object type: the dependencies go in a local first.
            MemorySegment dependencies = after.length == 0 ? MemorySegment.NULL : deps;
            long dependencyCount = after.length;
            result = (int) CU_GRAPH_ADD_KERNEL_NODE.invokeExact(node, graph, dependencies, dependencyCount, nodeParams);
            if (result == 0) {
                return node.get(JAVA_LONG, 0);
            }
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuGraphAddKernelNode_v2");
        }
        throw new CudaException("cuGraphAddKernelNode_v2", Driver.errorName(result), "kernel " + name);
    }

    /** {@code cuGraphInstantiateWithFlags(.., 0)}: an executable graph of {@code graph}. */
    public static long instantiate(long graph) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment e = arena.allocate(JAVA_LONG);
            Driver.check((int) CU_GRAPH_INSTANTIATE.invokeExact(e, graph, 0L), "cuGraphInstantiateWithFlags");
            return e.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuGraphInstantiateWithFlags");
        }
    }

    /** Gives kernel node {@code node} of the executable graph {@code exec} the parameters {@code nodeParams}. */
    public static void setKernelNodeParams(long exec, long node, MemorySegment nodeParams, String name) {
        int result;
        try {
            result = (int) CU_GRAPH_EXEC_KERNEL_NODE_SET_PARAMS.invokeExact(exec, node, nodeParams);
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuGraphExecKernelNodeSetParams_v2");
        }
        if (result != 0) {
            throw new CudaException("cuGraphExecKernelNodeSetParams_v2", Driver.errorName(result), "kernel " + name);
        }
    }

    /** Launches an executable graph on {@code stream} (0: the legacy default stream, where the stores launch). */
    public static void launch(long exec, long stream) {
        try {
            Driver.check((int) CU_GRAPH_LAUNCH.invokeExact(exec, stream), "cuGraphLaunch");
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuGraphLaunch");
        }
    }

    public static void destroyExec(long exec) {
        try {
            Driver.check((int) CU_GRAPH_EXEC_DESTROY.invokeExact(exec), "cuGraphExecDestroy");
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuGraphExecDestroy");
        }
    }

    public static void destroy(long graph) {
        try {
            Driver.check((int) CU_GRAPH_DESTROY.invokeExact(graph), "cuGraphDestroy");
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuGraphDestroy");
        }
    }
}
