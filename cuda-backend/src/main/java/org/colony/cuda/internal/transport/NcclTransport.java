package org.colony.cuda.internal.transport;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.colony.ColonyException;
import org.colony.cuda.internal.bind.CudaException;
import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.bind.StreamCalls;
import org.colony.cuda.internal.bind.Nccl;
import org.colony.cuda.internal.device.CudaDevice;
import org.colony.cuda.internal.device.MemoryPool;
import org.colony.runtime.spi.Closeables;
import org.colony.runtime.transport.Delivery;
import org.colony.runtime.transport.Traffic;
import org.colony.runtime.transport.Transport;

/**
 * The transport of partitions on the GPUs of this process, one partition per device: partition p lives on
 * {@code devices.get(p)} and is rank p of one NCCL communicator. An exchange is one NCCL group of sends and
 * receives; a partition's message to itself is a device-to-device copy. Buffers are device memory, given as
 * {@code MemorySegment.ofAddress(devicePointer).reinterpret(bytes)} and never read on the host.
 *
 * <p><b>Streams.</b> Colony launches every kernel on stream 0, the legacy default stream of the device's
 * primary context. The transport gives each device a non-blocking stream of its own ({@code
 * CU_STREAM_NON_BLOCKING}, at the device's greatest priority, so NCCL's blocks go first among interior work)
 * and puts all of an exchange's work on it: NCCL's sends and receives and the self
 * copies. Order comes from events, with nothing waiting on the host: {@link #start} records an event on stream 0
 * after the kernels that packed the send buffers and makes the transport's stream wait for it, enqueues the
 * transfers, and records a second event on the transport's stream; the {@code finish} it returns makes stream 0
 * wait for that second event, so the kernels that unpack the halos (and any later kernel that could overwrite a
 * send buffer) run after the transfers. Between the two, stream 0 is free: the runtime launches the interior
 * cells of the step there, and they run alongside the transfers. {@link #exchange} is {@code start} followed at
 * once by {@code finish}. This holds because NCCL uses the runtime API on the same primary context that
 * {@link CudaDevice} retains, and Colony binds {@code cuLaunchKernel}, not its per-thread-stream variant.
 *
 * <p><b>Self messages.</b> NCCL 2.7 and newer accept a send and a receive to oneself as a pair in one group.
 * A message a partition sends to itself (a periodic boundary on one device) is instead a plain
 * {@code cuMemcpyDtoDAsync} on the same stream: simpler, carried out by the copy engine rather than by SMs
 * of an NCCL kernel, and independent of how an NCCL release treats a self peer. The
 * copies are enqueued before the group; within one exchange no receive buffer may overlap another message's
 * buffer, so their order relative to NCCL's work does not matter.
 *
 * <p>Messages of zero bytes are matched and counted but move nothing. The transport switches contexts with
 * {@link Driver#setCurrent} and, since NCCL switches devices too, restores the caller's context at the end of
 * each call rather than going through {@link CudaDevice#makeCurrent()}: the devices' record of the current
 * context stays true. Drive the transport from one platform thread.
 */
public final class NcclTransport implements Transport {

    /** How the communicators are created. */
    public enum Init {
        /** {@code ncclCommInitAll} over the devices. */
        ALL,
        /**
         * {@code ncclGetUniqueId}, then one {@code ncclCommInitRank} per device inside one group: the path that
         * processes take when the id is broadcast by MPI.
         */
        RANKS
    }

    /** {@code CU_STREAM_NON_BLOCKING}: a stream the legacy default stream does not synchronise with. */
    private static final int NON_BLOCKING_STREAM = 1;
    /** {@code ncclSend}/{@code ncclRecv} appeared in NCCL 2.7.0. */
    private static final int MIN_VERSION = 2700;

    private final List<CudaDevice> devices;
    /** The partition of {@code devices.get(0)}: this process holds partitions {@code first} to {@code first + n - 1}. */
    private final int first;
    /** The partitions of all processes; those outside this process's range are reached as NCCL peers. */
    private final int total;
    private final long[] contexts;
    private final long[] streams;
    private final long[] comms;
    private final Init init;
    private final Traffic traffic = new Traffic();
    private boolean closed;
    /** Per device: recorded on stream 0 after the packing kernels; the transport's stream waits for it. */
    private final long[] ready;
    /** Per device: recorded on the transport's stream after the transfers; stream 0 waits for it at finish. */
    private final long[] done;

    private NcclTransport(List<CudaDevice> devices, long[] contexts, long[] streams, long[] comms, Init init, int first,
            int total) {
        this.devices = devices;
        this.first = first;
        this.total = total;
        this.init = init;
        this.contexts = contexts;
        this.streams = streams;
        this.comms = comms;
        this.ready = new long[contexts.length];
        this.done = new long[contexts.length];
        long saved = Driver.currentContext();
        try {
            for (int p = 0; p < contexts.length; p++) {
                Driver.setCurrent(contexts[p]);
                ready[p] = StreamCalls.createFence();
                done[p] = StreamCalls.createFence();
            }
        } finally {
            Driver.setCurrent(saved);
        }
    }

    /** Opens a transport over {@code devices} with {@code ncclCommInitAll}. */
    public static NcclTransport open(List<CudaDevice> devices) {
        return open(devices, Init.ALL);
    }

    /**
     * Opens a transport over {@code devices}, partition p on {@code devices.get(p)}.
     *
     * @throws ColonyException if NCCL cannot be loaded, is older than 2.7, or a device appears twice
     */
    public static NcclTransport open(List<CudaDevice> devices, Init init) {
        return open(devices, init, 0, devices.size(), null);
    }

    /** A new {@code ncclUniqueId}, to be broadcast to every process of a communicator ({@link #openAcross}). */
    public static byte[] newUniqueId() {
        try (Arena arena = Arena.ofConfined()) {
            return Nccl.uniqueId(arena).toArray(ValueLayout.JAVA_BYTE);
        }
    }

    /**
     * Opens this process's part of a transport over several processes: partitions {@code first} to {@code first +
     * devices.size() - 1} on {@code devices}, of {@code total} partitions in all, each an NCCL rank of one communicator
     * whose unique id every process was given ({@link #newUniqueId}, broadcast by MPI).
     */
    public static NcclTransport openAcross(List<CudaDevice> devices, int first, int total, byte[] uniqueId) {
        return open(devices, Init.RANKS, first, total, uniqueId);
    }

    private static NcclTransport open(List<CudaDevice> devices, Init init, int first, int total, byte[] uniqueId) {
        List<CudaDevice> list = List.copyOf(devices);
        checkDevices(list);
        int version = Nccl.version();
        if (version < MIN_VERSION) {
            throw new ColonyException("NCCL " + Nccl.versionText(version) + " is too old; Colony needs NCCL 2.7 or"
                    + " newer (ncclSend/ncclRecv)");
        }
        int n = list.size();
        long[] contexts = new long[n];
        long[] streams = new long[n];
        long[] comms = new long[n];
        checkThread();
        long saved = Driver.currentContext();
        try {
            for (int p = 0; p < n; p++) {
                list.get(p).checkOpen();
                contexts[p] = list.get(p).context();
                Driver.setCurrent(contexts[p]);
                streams[p] = StreamCalls.createUrgentStream(NON_BLOCKING_STREAM);
            }
            createCommunicators(list, contexts, comms, init, first, total, uniqueId);
            for (int p = 0; p < n; p++) {
                int device = Nccl.device(comms[p]);
                int rank = Nccl.rank(comms[p]);
                if (device != list.get(p).ordinal() || rank != first + p) {
                    throw new ColonyException("NCCL put partition " + (first + p) + " on device " + device + " as rank "
                            + rank + ", not on device " + list.get(p).ordinal() + " as rank " + (first + p)
                            + "; this is a bug in Colony, please report it");
                }
            }
            NcclTransport t = new NcclTransport(list, contexts, streams, comms, init, first, total);
            t.connect();
            return t;
        } catch (RuntimeException e) {
            release(contexts, streams, comms, e);
            throw e;
        } finally {
            Driver.setCurrent(saved);
        }
    }

    /** A context is current per OS thread, which a virtual thread does not keep. */
    private static void checkThread() {
        if (Thread.currentThread().isVirtual()) {
            throw new ColonyException("a CUDA simulation must be driven from a platform thread, not a virtual thread");
        }
    }

    private static void checkDevices(List<CudaDevice> devices) {
        if (devices.isEmpty()) {
            throw new ColonyException("the NCCL transport needs at least one device");
        }
        Set<Integer> seen = new HashSet<>();
        for (int p = 0; p < devices.size(); p++) {
            if (!seen.add(devices.get(p).ordinal())) {
                throw new ColonyException("device " + devices.get(p).ordinal() + " appears twice among the devices of"
                        + " the NCCL transport (partition " + p + "); give each partition a device of its own");
            }
        }
    }

    private static void createCommunicators(List<CudaDevice> devices, long[] contexts, long[] comms, Init init,
            int first, int total, byte[] uniqueId) {
        int n = devices.size();
        if (init == Init.ALL) {
            int[] ordinals = new int[n];
            for (int p = 0; p < n; p++) {
                ordinals[p] = devices.get(p).ordinal();
            }
            System.arraycopy(Nccl.initAll(ordinals), 0, comms, 0, n);
            return;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment id = uniqueId == null ? Nccl.uniqueId(arena) : Nccl.uniqueId(arena, uniqueId);
            Nccl.groupStart();
            RuntimeException failure = null;
            try {
                for (int p = 0; p < n; p++) {
                    Driver.setCurrent(contexts[p]); // ncclCommInitRank joins on the current device
                    comms[p] = Nccl.initRank(total, id, first + p);
                }
            } catch (RuntimeException e) {
                failure = e;
                throw e;
            } finally {
                endGroup(failure);
            }
        }
    }

    /**
     * Checks an exchange without touching a device: every partition is one of this transport's
     * {@code partitions}, every buffer a native segment, and the sends match the receives.
     *
     * @return the deliveries, in the order of {@code receives}
     */
    static List<Delivery> plan(List<Message> sends, List<Message> receives, int partitions) {
        for (Message s : sends) {
            checkMessage(s, "sends", partitions);
        }
        for (Message r : receives) {
            checkMessage(r, "receives", partitions);
        }
        return Delivery.match(sends, receives);
    }

    private static void checkMessage(Message message, String role, int partitions) {
        for (int p : new int[] {message.from(), message.to()}) {
            if (p < 0 || p >= partitions) {
                throw new ColonyException("a message from partition " + message.from() + " to partition " + message.to()
                        + " names partition " + p + ", but the NCCL transport has partitions 0 to " + (partitions - 1)
                        + " (one per device of this process)");
            }
        }
        MemorySegment b = message.buffer();
        if (!b.isNative() || (b.address() == 0 && b.byteSize() > 0)) {
            String what = b.isNative() ? "a null address" : "heap memory";
            int who = role.equals("sends") ? message.from() : message.to();
            throw new ColonyException("partition " + who + " " + role + " " + b.byteSize() + " bytes in " + what
                    + " (from partition " + message.from() + " to partition " + message.to() + "); the NCCL transport "
                    + "moves device memory, given as MemorySegment.ofAddress(devicePointer).reinterpret(bytes)");
        }
    }

    @Override
    public String name() {
        return "nccl";
    }

    @Override
    public boolean deviceMemory() {
        return true;
    }

    /**
     * Enqueues the exchange on the devices' streams and returns: work launched afterwards on stream 0 of a
     * receiving device sees the data (see the class comment). An exchange that does not match moves nothing.
     */
    @Override
    public void exchange(List<Message> sends, List<Message> receives) {
        start(sends, receives).run();
    }

    /**
     * Sends 8 bytes between every ordered pair of partitions once, so that NCCL sets up its connections (and
     * allocates their device buffers) now, before the grid takes the devices' memory: the memory check of the
     * places then sees what NCCL holds, and a grid that passes it does not run NCCL out of memory later.
     */
    private void connect() {
        int n = contexts.length;
        if (total < 2) {
            return;
        }
        long saved = Driver.currentContext();
        long[] buffers = new long[n];
        try {
            for (int p = 0; p < n; p++) {
                Driver.setCurrent(contexts[p]);
                buffers[p] = MemoryPool.allocateOutside(16L * total);
            }
            List<Message> sends = new ArrayList<>();
            List<Message> receives = new ArrayList<>();
            for (int p = 0; p < total; p++) {
                for (int q = 0; q < total; q++) {
                    if (p != q && local(p)) {
                        sends.add(new Message(p, q, segment(buffers[p - first] + 16L * q, 8)));
                    }
                    if (p != q && local(q)) {
                        receives.add(new Message(p, q, segment(buffers[q - first] + 16L * p + 8, 8)));
                    }
                }
            }
            exchange(sends, receives);
            synchronize();
        } finally {
            for (int p = 0; p < n; p++) {
                if (buffers[p] != 0) {
                    Driver.setCurrent(contexts[p]);
                    Driver.free(buffers[p]);
                }
            }
            Driver.setCurrent(saved);
        }
        traffic.reset();
    }

    @SuppressWarnings("restricted") // a device address as a segment, never read on the host
    private static MemorySegment segment(long address, long bytes) {
        return MemorySegment.ofAddress(address).reinterpret(bytes);
    }

    @Override
    public boolean overlaps() {
        return true;
    }

    /**
     * Enqueues the exchange on the transport's streams, after the work already on stream 0, and returns what makes
     * stream 0 wait for it (see the class comment). An exchange that does not match moves nothing.
     */
    @Override
    public Runnable start(List<Message> sends, List<Message> receives) {
        if (closed) {
            throw new ColonyException("the NCCL transport is closed");
        }
        List<Message> localSends = new ArrayList<>();
        List<Message> localReceives = new ArrayList<>();
        List<Message> remote = new ArrayList<>(); // to and from partitions of other processes, in list order
        for (Message m : sends) {
            (local(m.to()) ? localSends : remote).add(m);
        }
        for (Message m : receives) {
            (local(m.from()) ? localReceives : remote).add(m);
        }
        for (Message m : remote) {
            checkMessage(m, local(m.from()) ? "sends" : "receives", total);
        }
        List<Delivery> deliveries = plan(localSends, localReceives, total);
        checkThread();
        long saved = Driver.currentContext();
        try {
            for (int p = 0; p < contexts.length; p++) {
                Driver.setCurrent(contexts[p]);
                StreamCalls.recordEvent(ready[p], 0L);
                StreamCalls.waitEvent(streams[p], ready[p]);
            }
            boolean peers = !remote.isEmpty();
            for (Delivery delivery : deliveries) {
                int p = delivery.send().from() - first;
                if (delivery.bytes() == 0) {
                    continue;
                }
                if (delivery.send().from() == delivery.receive().to()) {
                    Driver.setCurrent(contexts[p]);
                    Driver.copyOnDeviceAsync(delivery.receive().buffer().address(),
                            delivery.send().buffer().address(), delivery.bytes(), streams[p]);
                } else {
                    peers = true;
                }
            }
            if (peers) {
                sendAndReceive(deliveries, remote);
            }
            for (int p = 0; p < contexts.length; p++) {
                Driver.setCurrent(contexts[p]);
                StreamCalls.recordEvent(done[p], streams[p]);
            }
        } finally {
            Driver.setCurrent(saved);
        }
        for (Delivery delivery : deliveries) {
            traffic.add(delivery);
        }
        for (Message m : remote) {
            if (local(m.from())) {
                traffic.add(m.buffer().byteSize());
            }
        }
        return () -> {
            long before = Driver.currentContext();
            try {
                for (int p = 0; p < contexts.length; p++) {
                    Driver.setCurrent(contexts[p]);
                    StreamCalls.waitEvent(0L, done[p]);
                }
            } finally {
                Driver.setCurrent(before);
            }
        };
    }

    private void sendAndReceive(List<Delivery> deliveries, List<Message> remote) {
        Nccl.groupStart();
        RuntimeException failure = null;
        try {
            // The k-th send from a to b meets the k-th receive at b from a: issuing each delivery's send and
            // receive together keeps NCCL's per-peer order equal to the order Delivery.match paired them in.
            for (Delivery delivery : deliveries) {
                int from = delivery.send().from();
                int to = delivery.receive().to();
                if (from == to || delivery.bytes() == 0) {
                    continue;
                }
                Driver.setCurrent(contexts[from - first]);
                Nccl.send(delivery.send().buffer().address(), delivery.bytes(), to, comms[from - first],
                        streams[from - first]);
                Driver.setCurrent(contexts[to - first]);
                Nccl.recv(delivery.receive().buffer().address(), delivery.bytes(), from, comms[to - first],
                        streams[to - first]);
            }
            // Messages to and from other processes, in the order both sides list them.
            for (Message m : remote) {
                if (m.buffer().byteSize() == 0) {
                    continue;
                }
                if (local(m.from())) {
                    int p = m.from() - first;
                    Driver.setCurrent(contexts[p]);
                    Nccl.send(m.buffer().address(), m.buffer().byteSize(), m.to(), comms[p], streams[p]);
                } else {
                    int p = m.to() - first;
                    Driver.setCurrent(contexts[p]);
                    Nccl.recv(m.buffer().address(), m.buffer().byteSize(), m.from(), comms[p], streams[p]);
                }
            }
        } catch (RuntimeException e) {
            failure = e;
            throw e;
        } finally {
            endGroup(failure);
        }
    }

    /** Ends a group; a failure to end it is added to {@code failure} if there is one, else thrown. */
    private static void endGroup(RuntimeException failure) {
        try {
            Nccl.groupEnd();
        } catch (RuntimeException e) {
            if (failure == null) {
                throw e;
            }
            failure.addSuppressed(e);
        }
    }

    /**
     * Waits until every exchange so far has finished on every device, then checks the communicators for
     * errors NCCL met in the background.
     *
     * @throws CudaException naming the partition whose communicator failed
     */
    public void synchronize() {
        if (closed) {
            throw new ColonyException("the NCCL transport is closed");
        }
        long saved = Driver.currentContext();
        try {
            for (int p = 0; p < streams.length; p++) {
                Driver.setCurrent(contexts[p]);
                StreamCalls.synchronizeStream(streams[p]);
            }
        } finally {
            Driver.setCurrent(saved);
        }
        for (int p = 0; p < comms.length; p++) {
            int r = Nccl.asyncError(comms[p]);
            if (r != 0) {
                throw new CudaException("ncclCommGetAsyncError", Nccl.resultName(r),
                        "partition=" + (first + p) + " device=" + devices.get(p).ordinal());
            }
        }
    }

    /** Whether partition {@code p} lives in this process. */
    private boolean local(int p) {
        return p >= first && p < first + contexts.length;
    }

    /** The devices, partition p on device {@code devices().get(p)}. */
    public List<CudaDevice> devices() {
        return devices;
    }

    /** How the communicators were created. */
    public Init init() {
        return init;
    }

    @Override
    public Traffic traffic() {
        return traffic;
    }

    /** Waits for outstanding work, then destroys the communicators (aborts those in error) and the streams. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        long saved = Driver.currentContext();
        // Every stream is waited for, every event destroyed and every communicator and stream released, whatever
        // fails on the way; the first failure is thrown with the later ones suppressed.
        List<AutoCloseable> steps = new ArrayList<>();
        for (int p = 0; p < streams.length; p++) {
            int partition = p;
            steps.add(() -> {
                Driver.setCurrent(contexts[partition]);
                StreamCalls.synchronizeStream(streams[partition]);
            });
        }
        for (int p = 0; p < contexts.length; p++) {
            int partition = p;
            steps.add(() -> {
                Driver.setCurrent(contexts[partition]);
                StreamCalls.destroyEvent(ready[partition]);
            });
            steps.add(() -> {
                Driver.setCurrent(contexts[partition]);
                StreamCalls.destroyEvent(done[partition]);
            });
        }
        steps.add(() -> release(contexts, streams, comms, null));
        try {
            Closeables.closeAll(steps);
        } finally {
            Driver.setCurrent(saved);
        }
    }

    /**
     * Destroys what was created (zero handles are skipped), aborting communicators in error. Failures are added
     * to {@code failure}, or the first is thrown when there is none.
     */
    private static void release(long[] contexts, long[] streams, long[] comms, RuntimeException failure) {
        List<RuntimeException> errors = new ArrayList<>();
        for (long comm : comms) {
            if (comm == 0) {
                continue;
            }
            try {
                if (Nccl.asyncError(comm) != 0) {
                    Nccl.abort(comm);
                } else {
                    Nccl.destroy(comm);
                }
            } catch (RuntimeException e) {
                errors.add(e);
            }
        }
        for (int p = 0; p < streams.length; p++) {
            if (streams[p] == 0) {
                continue;
            }
            try {
                Driver.setCurrent(contexts[p]);
                StreamCalls.destroyStream(streams[p]);
            } catch (RuntimeException e) {
                errors.add(e);
            }
        }
        if (errors.isEmpty()) {
            return;
        }
        RuntimeException first = failure != null ? failure : errors.removeFirst();
        errors.forEach(first::addSuppressed);
        if (failure == null) {
            throw first;
        }
    }
}
