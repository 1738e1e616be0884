package org.colony.cuda.internal.store;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.colony.ColonyException;
import org.colony.cuda.internal.device.CudaDevice;
import org.colony.cuda.internal.device.DeviceBuffer;
import org.colony.kernel.GraphRows;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.cuda.KernelParam;
import org.colony.runtime.spi.Closeables;

/**
 * The rows of a graph model's block in device memory: one buffer per array of {@link GraphRows}, in the order of
 * {@link KernelParam#GRAPH_ARRAYS}, uploaded once. Arrays the rows share (an undirected graph's incoming rows are its
 * outgoing ones) share one buffer; a graph without weights passes null pointers, which the kernels read as 1.0. The
 * graph's edge columns are uploaded too (a boolean column as bytes), each by entry of the out-rows and of the in-rows,
 * and a kernel takes those its step reads.
 */
final class DeviceGraph implements AutoCloseable {

    /**
     * A list of hubs on the device, in the form of the kernels' {@code g_hubs}, and how many it lists.
     *
     * @param pointer the list's device address
     * @param count the hubs it lists
     */
    record Hubs(long pointer, int count) {
    }

    private final long[] pointers = new long[KernelParam.GRAPH_ARRAYS.size()];
    /** The edge columns' names, and their addresses by entry of the out-rows and of the in-rows. */
    private final List<String> edgeNames;
    private final long[] edges;
    private final long[] inEdges;
    private final List<DeviceBuffer> buffers = new ArrayList<>();
    /** By storage index, the vertex ids (for messages). */
    private final int[] vertexIds;
    /** The vertices' place indices, uploaded when an agents' step first asks for them (null: none, or uploaded). */
    private int[] placeOf;
    /** The list of every hub, as uploaded. */
    private final int[] hubList;
    /** Every hub of the rows. */
    private final Hubs all;
    /** The hubs of the boxes of rows the steps ran on, by box ({@code lo << 32 | hi}), uploaded on first use. */
    private final Map<Long, Hubs> boxes = new HashMap<>();

    /**
     * {@return the rows on {@code device} (made current here), refused with a message naming the model's places
     * where the device lacks the memory}
     */
    static DeviceGraph onDevice(GraphRows rows, int hubDegree, CudaDevice device, String places) {
        device.makeCurrent();
        long need = bytes(rows);
        long free = device.freeMemory();
        if (need > free) {
            double gib = 1024.0 * 1024 * 1024;
            throw new ColonyException(String.format(Locale.ROOT, "the rows of the graph of %s need %.2f GiB of GPU "
                    + "memory, but %s (device %d) has %.2f GiB free of %.2f GiB; use a smaller graph or more devices",
                    places, need / gib, device.name(), device.ordinal(), free / gib, device.totalMemory() / gib));
        }
        return new DeviceGraph(rows, hubDegree);
    }

    /**
     * {@return the device address of the edge column a kernel parameter of {@code reader} (the places' model or an
     * agent model on them) names}
     */
    long edgeArray(ModelInfo reader, KernelParam param) {
        return edge(reader.edges().attributes().get(param.index()).name(), param.slot() == 1);
    }

    /**
     * Uploads the rows.
     *
     * @param hubDegree the row length from which a vertex is a hub ({@code colony.cuda.hubDegree})
     */
    DeviceGraph(GraphRows rows, int hubDegree) {
        this.hubList = hubs(rows, hubDegree);
        Object[] arrays = Arrays.copyOf(rows.arrays(), KernelParam.GRAPH_ARRAYS.size());
        arrays[KernelParam.GRAPH_HUBS] = hubList;
        this.vertexIds = rows.ids();
        this.placeOf = rows.placeOf();
        arrays[KernelParam.GRAPH_PLACE_OF] = null; // only agents need it: uploaded on their first launch
        Map<Object, Long> uploaded = new IdentityHashMap<>();
        this.edgeNames = rows.edgeNames();
        this.edges = new long[edgeNames.size()];
        this.inEdges = new long[edgeNames.size()];
        try {
            for (int i = 0; i < arrays.length; i++) {
                Object array = arrays[i];
                pointers[i] = array == null ? 0L : uploaded.computeIfAbsent(array, this::upload);
            }
            for (int c = 0; c < edges.length; c++) {
                edges[c] = uploaded.computeIfAbsent(rows.edges()[c], this::upload);
                inEdges[c] = uploaded.computeIfAbsent(rows.inEdges()[c], this::upload);
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
        this.all = new Hubs(pointers[KernelParam.GRAPH_HUBS], hubList[0]);
    }

    /**
     * {@return the hubs of the rows: their count, {@code hubDegree}, then the rows whose out- or in-row has at least
     * {@code hubDegree} edges, by increasing row (what the kernels' {@code g_hubs} holds)}
     */
    static int[] hubs(GraphRows rows, int hubDegree) {
        int[] off = rows.offsets();
        int[] in = rows.inOffsets();
        int count = 0;
        for (int x = 0; x + 1 < off.length; x++) {
            count += Math.max(off[x + 1] - off[x], in[x + 1] - in[x]) >= hubDegree ? 1 : 0;
        }
        int[] hubs = new int[2 + count];
        hubs[0] = count;
        hubs[1] = hubDegree;
        int h = 2;
        for (int x = 0; x + 1 < off.length; x++) {
            if (Math.max(off[x + 1] - off[x], in[x + 1] - in[x]) >= hubDegree) {
                hubs[h++] = x;
            }
        }
        return hubs;
    }

    /**
     * {@return the hubs of {@code hubs} (a list of {@link #hubs(GraphRows, int)}) whose rows lie in {@code [lo, hi)},
     * as a list of the same form}
     */
    static int[] hubs(int[] hubs, int lo, int hi) {
        int from = lowerBound(hubs, lo);
        int to = lowerBound(hubs, hi);
        int[] box = new int[2 + to - from];
        box[0] = to - from;
        box[1] = hubs[1];
        System.arraycopy(hubs, from, box, 2, to - from);
        return box;
    }

    /** {@return the first position of the list's rows (from 2 on) whose row is {@code row} or more} */
    private static int lowerBound(int[] hubs, int row) {
        int i = Arrays.binarySearch(hubs, 2, hubs.length, row);
        return i >= 0 ? i : -i - 1;
    }

    /**
     * {@return the device bytes the rows of {@code rows} take (arrays the rows share counted once), with the lists of
     * hubs at their longest (every vertex one): the whole list, and the lists of a split into two boxes}
     */
    static long bytes(GraphRows rows) {
        Map<Object, Boolean> seen = new IdentityHashMap<>();
        long total = 0;
        List<Object> arrays = new ArrayList<>(Arrays.asList(rows.arrays()));
        arrays.addAll(Arrays.asList(rows.edges()));
        arrays.addAll(Arrays.asList(rows.inEdges()));
        for (Object a : arrays) {
            if (a != null && seen.put(a, Boolean.TRUE) == null) {
                total += a instanceof boolean[] z ? z.length : segment(a).byteSize();
            }
        }
        int vertices = rows.offsets().length - 1;
        return total + 4L * (2 + vertices) + 4L * (4 + vertices);
    }

    /** {@return every hub of the rows, the list of a launch on all of them} */
    Hubs hubs() {
        return all;
    }

    /**
     * {@return the hubs of the rows {@code [lo, hi)}, the list of a launch on that box of them: uploaded on the first
     * launch on that box (the partitions run the same two boxes every step)}
     */
    Hubs hubs(int lo, int hi) {
        return boxes.computeIfAbsent((long) lo << 32 | hi, key -> {
            int[] box = hubs(hubList, lo, hi);
            return new Hubs(upload(box), box[0]);
        });
    }

    /** {@return the array as the device holds it: a boolean column as bytes of 0 and 1, any other as it is} */
    private static Object bytesOf(Object array) {
        if (array instanceof boolean[] z) {
            byte[] b = new byte[z.length];
            for (int i = 0; i < z.length; i++) {
                b[i] = (byte) (z[i] ? 1 : 0);
            }
            return b;
        }
        return array;
    }

    private long upload(Object array) {
        MemorySegment host = segment(array);
        DeviceBuffer buffer = DeviceBuffer.zeroed(Math.max(1, host.byteSize()));
        buffers.add(buffer);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment staged = arena.allocate(Math.max(1, host.byteSize()), 8);
            MemorySegment.copy(host, 0, staged, 0, host.byteSize());
            buffer.upload(staged.asSlice(0, host.byteSize()), 0);
        }
        return buffer.pointer();
    }

    /** {@return a host segment over the array as the device holds it} */
    private static MemorySegment segment(Object array) {
        return switch (bytesOf(array)) {
            case int[] ints -> MemorySegment.ofArray(ints);
            case double[] doubles -> MemorySegment.ofArray(doubles);
            case float[] floats -> MemorySegment.ofArray(floats);
            case long[] longs -> MemorySegment.ofArray(longs);
            case short[] shorts -> MemorySegment.ofArray(shorts);
            case byte[] bytes -> MemorySegment.ofArray(bytes);
            default -> throw new IllegalArgumentException(array.getClass().toString());
        };
    }

    /** {@return the device address of array {@code array} of {@link KernelParam#GRAPH_ARRAYS}, 0 for none} */
    long pointer(int array) {
        if (array == KernelParam.GRAPH_PLACE_OF && placeOf != null) {
            pointers[array] = upload(placeOf);
            placeOf = null;
        }
        return pointers[array];
    }

    /** {@return by storage index, the ids of the block's vertices} */
    int[] vertexIds() {
        return vertexIds;
    }

    /**
     * {@return the device address of edge column {@code name}, by entry of the out-rows or of the in-rows}
     *
     * @throws IllegalStateException where the rows lack it (the places checked the graph before)
     */
    long edge(String name, boolean incoming) {
        int c = edgeNames.indexOf(name);
        if (c < 0) {
            throw new IllegalStateException("the graph's rows have no edge column " + name + " (they have " + edgeNames
                    + ")");
        }
        return (incoming ? inEdges : edges)[c];
    }

    /** {@return the device bytes the rows take} */
    long bytes() {
        long total = 0;
        for (DeviceBuffer b : buffers) {
            total += b.bytes();
        }
        return total;
    }

    @Override
    public void close() {
        Closeables.closeAll(new ArrayList<AutoCloseable>(buffers));
        buffers.clear();
    }
}
