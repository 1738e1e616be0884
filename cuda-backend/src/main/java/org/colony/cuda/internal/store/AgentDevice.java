package org.colony.cuda.internal.store;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.function.Consumer;
import org.colony.ColonyException;
import org.colony.cuda.internal.bind.CudaException;
import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.bind.StreamCalls;
import org.colony.cuda.internal.device.DeviceErrors;
import org.colony.cuda.internal.device.ScratchPool;
import org.colony.cuda.internal.device.UploadStage;
import org.colony.cuda.internal.launch.CudaContext;
import org.colony.cuda.internal.launch.DeviceScan;
import org.colony.cuda.internal.launch.Frames;
import org.colony.cuda.internal.launch.Grids;
import org.colony.cuda.internal.launch.KernelParams;
import org.colony.cuda.tuning.CudaSwitches;
import org.colony.kernel.Layout;
import org.colony.runtime.reduce.Bins;
import org.colony.runtime.spi.Closeables;

/**
 * What the parts of one agent collection on a GPU share: its context, the runtime's support kernels
 * ({@code support.cu}) launched through one parameter list reused from launch to launch, scratch buffers sized by
 * the agents and by the places, the scan, the page-locked stage uploads go through, and the reads of statistics
 * that wait for the device.
 */
final class AgentDevice {

    /** Whether {@link #queueStats} queues reads ({@link CudaSwitches#QUEUED_READS}; off: each read waits alone). */
    private static final boolean QUEUE_READS = CudaSwitches.QUEUED_READS.on();

    private final CudaContext cx;
    private final DeviceErrors errors;
    private final String name;
    private final KernelParams support;
    /** The parameters of a launch that takes a table of {@link #TABLE_LONGS} longs by value ({@link #runWithTable}). */
    private final KernelParams tabled;
    /** Scratch sized by the agents, released when the columns shrink with the population. */
    private final ScratchPool pool = new ScratchPool();
    /** Scratch sized by the grid (per-place counts, bucket starts, scan totals), kept while the collection lives. */
    private final ScratchPool gridScratch = new ScratchPool();
    private final DeviceScan scanner;
    /** Page-locked memory the uploads of a partition's rounds go through without waiting (made on first use). */
    private UploadStage stage;
    /**
     * Page-locked memory the statistics come back into (made on first use, grown when a read needs more; null where
     * the driver refuses it): a copy into ordinary memory goes through the driver's own staging buffer, so each of the
     * waits a {@code manageAll} makes would take longer.
     */
    private MemorySegment statsHost;
    private boolean statsHostRefused;
    /**
     * The read of statistics {@link #queueStats} queued into {@link #statsHost}, which the next read of statistics
     * takes where it asks for the same ones; null when none is queued.
     */
    private Queued queued;
    /** The event recorded after the queued read (made on first use; 0: none yet). */
    private long queuedFence;
    /** Whether {@link #queuedFence} was recorded after the queued read's copy ({@link #queueStats}). */
    private boolean queuedFenced;
    /** Whether the context holds {@link #fence} to run at the next read of any partition of the device. */
    private boolean awaitingFence;
    /** {@link #fenceQueued}, as the context runs it ({@link CudaContext#awaitingFence}). */
    private final Runnable fence = this::fenceQueued;
    private boolean closed;

    /**
     * @param name the model's simple name, for messages
     * @param arena where the parameter lists live (the collection's, closed with it)
     */
    AgentDevice(CudaContext cx, String name, Arena arena) {
        this.cx = cx;
        this.errors = cx.errors();
        this.name = name;
        this.support = new KernelParams(arena, Frames.BYTES, 32);
        this.tabled = new KernelParams(arena, 8L * TABLE_LONGS, 16);
        this.scanner = new DeviceScan(cx, arena, gridScratch);
    }

    /** The context the collection lives in. */
    CudaContext context() {
        return cx;
    }

    /** The model's simple name. */
    String name() {
        return name;
    }

    /** Scratch sized by the agents. */
    ScratchPool pool() {
        return pool;
    }

    /** Scratch sized by the grid. */
    ScratchPool gridScratch() {
        return gridScratch;
    }

    /** The scan, over {@link #gridScratch}. */
    DeviceScan scanner() {
        return scanner;
    }

    /** Throws if the collection is closed; makes its device current. */
    void checkOpen() {
        if (closed) {
            throw new ColonyException("the agents of " + name + " are closed");
        }
        cx.device().makeCurrent();
    }

    /** Whether the collection is closed. */
    boolean closed() {
        return closed;
    }

    /** Notes that the collection is closing: every later use throws. */
    void markClosed() {
        closed = true;
    }

    // ---- support kernels --------------------------------------------------------------------

    /** Launches support kernel {@code kernel} over {@code items}, one thread each, with what {@code args} adds. */
    void run(String kernel, long items, Consumer<KernelParams> args) {
        run(kernel, items, 1, args);
    }

    /** As {@link #run(String, long, Consumer)}, on {@code rows} rows of blocks. */
    void run(String kernel, long items, int rows, Consumer<KernelParams> args) {
        KernelParams p = support.begin();
        args.accept(p);
        cx.launch(cx.support().function(kernel), Grids.blocks(items), rows, 1, Grids.THREADS, 1, 1, p, false, kernel);
    }

    /** The longs of a table passed by value ({@code ParamTable} in support.cu). */
    static final int TABLE_LONGS = 128;

    /**
     * As {@link #run(String, long, int, Consumer)} for a kernel whose first parameter is a table of longs passed by
     * value ({@code ParamTable} in support.cu): the first {@code longs} of {@code table} ({@link #TABLE_LONGS} at most),
     * the rest zero; {@code args} adds the others. No upload goes before it, so the launches around it stay one segment
     * (one graph) for the recorder.
     */
    void runWithTable(String kernel, long items, int rows, long[] table, int longs, Consumer<KernelParams> args) {
        if (longs > TABLE_LONGS) {
            throw new IllegalArgumentException(longs + " longs in a table of " + TABLE_LONGS);
        }
        MemorySegment frame = tabled.begin().frame();
        MemorySegment.copy(table, 0, frame, ValueLayout.JAVA_LONG, 0, longs);
        frame.asSlice(8L * longs).fill((byte) 0);
        args.accept(tabled);
        cx.launch(cx.support().function(kernel), Grids.blocks(items), rows, 1, Grids.THREADS, 1, 1, tabled, true,
                kernel);
    }

    /** Launches the count of {@code column} in {@code bins} into {@code counts} ({@link DeviceColumn#count}). */
    void count(DeviceColumn column, Bins bins, long counts, long skip) {
        column.count(cx, support, bins, counts, skip);
    }

    /** Launches {@code kernel} on one block of 1024 threads (a kernel that loops over its items itself). */
    void runOneBlock(String kernel, Consumer<KernelParams> args) {
        KernelParams p = support.begin();
        args.accept(p);
        cx.launch(cx.support().function(kernel), 1, 1, 1, 1024, 1, 1, p, false, kernel);
    }

    /** As {@link #run(String, long, Consumer)}, for a kernel that takes a frame: the frame of step {@code who}. */
    void runWithFrame(String kernel, long items, Layout layout, long rows, long pitch, long placePitch, int who,
            Consumer<KernelParams> args) {
        KernelParams p = support.begin();
        Frames.write(p.frame(), layout, 0, 0, 0, errors.pointer(), rows, pitch, placePitch, who);
        args.accept(p);
        cx.launch(cx.support().function(kernel), Grids.blocks(items), 1, 1, Grids.THREADS, 1, 1, p, true, kernel);
    }

    /** Sets {@code n} longs from {@code pointer} on to {@code value}. */
    void fillLong(long pointer, long n, long value) {
        run("colony_fill_long", n, p -> p.add(pointer).add(n).add(value));
    }

    /** Sets {@code n} ints from {@code pointer} on to {@code value}. */
    void fillInt(long pointer, long n, int value) {
        run("colony_fill_int", n, p -> p.add(pointer).add(n).addInt(value));
    }

    /**
     * Sets {@code bytes} bytes from {@code pointer} on to {@code value} with a kernel (a memset would end a graph's
     * run), eight or four bytes a store where the range is aligned to them.
     */
    void fillBytes(long pointer, long bytes, int value) {
        if (bytes <= 0) {
            return;
        }
        long b = value & 0xFFL;
        long word = b * 0x0101010101010101L;
        if ((pointer | bytes) % 8 == 0) {
            fillLong(pointer, bytes / 8, word);
        } else if ((pointer | bytes) % 4 == 0) {
            fillInt(pointer, bytes / 4, (int) word);
        } else {
            run("colony_fill_bytes", bytes, p -> p.add(pointer).add(bytes).addInt(value));
        }
    }

    /** Scratch buffer {@code name} of {@code pool}, of at least {@code bytes} bytes, zeroed by a kernel. */
    long zeroed(ScratchPool pool, String name, long bytes) {
        long pointer = pool.get(name, bytes);
        fillBytes(pointer, Math.max(1, bytes), 0);
        return pointer;
    }

    /**
     * Copies {@code n} rows of {@code columns} elements of {@code size} bytes: row j of {@code dst} from row
     * {@code map[j]} of {@code src}, column c at {@code c * pitch} elements.
     */
    void gather(long src, long dst, long map, long n, long srcPitch, long dstPitch, int columns, int size) {
        if (n == 0) {
            return;
        }
        run("colony_gather_" + size, n, p -> p.add(src).add(dst).add(map).add(n).add(srcPitch).add(dstPitch)
                .addInt(columns));
    }

    // ---- uploads and waits --------------------------------------------------------------------

    /** The page-locked stage, made on first use. */
    UploadStage stage() {
        if (stage == null) {
            stage = new UploadStage(1 << 20);
        }
        return stage;
    }

    /** The host waited for the device: what the upload stage holds has arrived. */
    void waited() {
        if (stage != null) {
            stage.deviceWaited();
        }
    }

    /** Element {@code index} of a device array of longs, copied to the host (a wait for the device). */
    static long readLong(long pointer, long index) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment v = arena.allocate(8);
            Driver.copyToHost(v, pointer + 8 * index, 8);
            return v.get(ValueLayout.JAVA_LONG, 0);
        }
    }

    /** Element {@code index} of a device array of ints, copied to the host (a wait for the device). */
    static int readInt(long pointer, long index) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment v = arena.allocate(4);
            Driver.copyToHost(v, pointer + 4 * index, 4);
            return v.get(ValueLayout.JAVA_INT, 0);
        }
    }

    /**
     * Copies device memory at {@code src} to {@code host}, whose last {@link DeviceErrors#BYTES} are the error record
     * (the device memory has room for it after the bytes copied), in one wait, and throws if a kernel failed.
     */
    void checkedDownload(long src, MemorySegment host) {
        long bytes = host.byteSize() - DeviceErrors.BYTES;
        cx.copyErrorsTo(src + bytes, support);
        Driver.copyToHost(host, src, host.byteSize());
        waited();
        errors.check(host.asSlice(bytes, DeviceErrors.BYTES));
    }

    /** Waits for the device and reads the first {@code n} statistics. */
    long[] readStats(long stats, int n) {
        return readStats(stats, n, false);
    }

    /**
     * As {@link #readStats(long, int)}, and throws if a kernel failed: the error record, copied after the statistics
     * (room for {@link DeviceErrors#BYTES} more), comes back with them, so checking costs no second wait.
     */
    long[] checkedStats(long stats, int n) {
        return readStats(stats, n, true);
    }

    /** A read of {@code bytes} bytes of statistics at {@code stats} queued by {@link #queueStats}. */
    private record Queued(long stats, long bytes, boolean checked) {
        boolean of(long stats, long bytes, boolean checked) {
            return this.stats == stats && this.bytes == bytes && this.checked == checked;
        }
    }

    /**
     * Queues the read of the first {@code n} statistics at {@code stats} (with the error record where {@code checked},
     * as {@link #checkedStats} copies it) without waiting, for the next read of statistics: where that asks for the
     * same ones it waits only for this copy, not for the work queued after it. Partitions of one device queue theirs
     * one after another and read them in turn, so that they wait once. Nothing may write the statistics between
     * this and their read; where the driver refuses page-locked memory the read is left to the wait.
     *
     * <p>A partition's own work ({@link CudaContext#lane(int)}) where launches are held for graphs
     * ({@link CudaContext#holdsLaunches}) copies with a kernel into the page-locked memory, which
     * the device writes where the host reads it, and records the event that read waits for only at the first read
     * of any partition of the device ({@link CudaContext#fenceQueued}): the partitions' kernels before their copies
     * stay one run of launches, which a graph runs side by side, rather than runs ended by each partition's copy.
     */
    void queueStats(long stats, int n, boolean checked) {
        queued = null;
        if (!QUEUE_READS) {
            return;
        }
        long bytes = 8L * n + (checked ? DeviceErrors.BYTES : 0);
        MemorySegment pinned = statsHost(bytes);
        if (pinned == null) {
            return;
        }
        if (checked) {
            cx.copyErrorsTo(stats + 8L * n, support);
        }
        if (queuedFence == 0L) {
            queuedFence = StreamCalls.createFence();
        }
        if (cx.lane() >= 0 && cx.holdsLaunches()) {
            // (page-locked memory is the device's at the same address, as on every device with unified addressing)
            KernelParams p = support.begin();
            p.add(stats).add(pinned.address()).add(bytes);
            cx.launch(cx.support().function("colony_copy_bytes"), Grids.blocks(bytes), 1, 1, Grids.THREADS, 1, 1, p,
                    false, "colony_copy_bytes");
            queuedFenced = false;
            if (!awaitingFence) {
                awaitingFence = true;
                cx.awaitingFence(fence);
            }
        } else {
            Driver.copyToHostAsync(pinned.asSlice(0, bytes), stats, bytes);
            StreamCalls.recordEvent(queuedFence);
            queuedFenced = true;
        }
        queued = new Queued(stats, bytes, checked);
    }

    /** Records the event of a queued read that has none yet ({@link #queueStats}), after everything queued so far. */
    private void fenceQueued() {
        awaitingFence = false;
        if (queued != null && !queuedFenced) {
            StreamCalls.recordEvent(queuedFence);
            queuedFenced = true;
        }
    }

    private long[] readStats(long stats, int n, boolean checked) {
        long bytes = 8L * n + (checked ? DeviceErrors.BYTES : 0);
        Queued q = queued;
        if (q != null && q.of(stats, bytes, checked)) {
            if (!queuedFenced) {
                cx.fenceQueued(); // (this one's and every other partition's of the device, at once)
            }
            queued = null;
            // (the copy queued before: the device's later work goes on, and the launches held since stay held; the
            // upload stage is not freed, as it may be at a wait for all of it)
            StreamCalls.awaitRecorded(queuedFence);
            CountReads.queuedTaken();
            return statistics(statsHost, n, checked);
        }
        settleQueued(); // (another read queued: it may still be copying into the memory read here)
        try (Arena arena = Arena.ofConfined()) {
            if (checked) {
                cx.copyErrorsTo(stats + 8L * n, support);
            }
            MemorySegment pinned = statsHost(bytes);
            MemorySegment host = pinned != null ? pinned.asSlice(0, bytes) : arena.allocate(bytes);
            Driver.copyToHost(host, stats, bytes);
            waited();
            return statistics(host, n, checked);
        }
    }

    /** The first {@code n} statistics copied into {@code host}; where {@code checked}, throws if a kernel failed. */
    private long[] statistics(MemorySegment host, int n, boolean checked) {
        long[] st = new long[n];
        MemorySegment.copy(host, ValueLayout.JAVA_LONG, 0, st, 0, n);
        if (checked) {
            errors.check(host.asSlice(8L * n, DeviceErrors.BYTES));
        }
        return st;
    }

    /** Page-locked room for {@code bytes} bytes of statistics, or null where the driver refuses it. */
    private MemorySegment statsHost(long bytes) {
        if (statsHost == null || statsHost.byteSize() < bytes) {
            if (statsHostRefused) {
                return null;
            }
            settleQueued(); // (a queued read may still be copying into the memory freed)
            freeStatsHost();
            try {
                statsHost = Driver.allocateHost(Math.max(4096, 2 * bytes));
            } catch (CudaException e) {
                statsHostRefused = true; // (a limit on locked memory): ordinary memory, as before
                return null;
            }
        }
        return statsHost;
    }

    /** Waits for the uploads still queued, then frees the stage (before what they write into is freed). */
    void closeStage() {
        if (stage != null) {
            stage.close();
        }
    }

    /** Frees the scratch buffers and the statistics' page-locked memory. */
    void closeScratch() {
        Closeables.closeAll(pool, gridScratch, this::settleQueued, this::freeStatsHost, this::freeFence);
    }

    /** Waits for a queued read of statistics that nothing took, and forgets it. */
    private void settleQueued() {
        if (queued != null) {
            fenceQueued();
            queued = null;
            StreamCalls.synchronizeEvent(queuedFence);
        }
    }

    private void freeFence() {
        if (queuedFence != 0L) {
            long fence = queuedFence;
            queuedFence = 0L;
            StreamCalls.destroyEvent(fence);
        }
    }

    private void freeStatsHost() {
        if (statsHost != null) {
            MemorySegment pinned = statsHost;
            statsHost = null;
            Driver.freeHost(pinned);
        }
    }
}
