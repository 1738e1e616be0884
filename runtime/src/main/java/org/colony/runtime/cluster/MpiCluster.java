package org.colony.runtime.cluster;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.TreeSet;
import org.colony.ColonyException;
import org.colony.runtime.transport.Transport;

/**
 * The ranks of an MPI job on {@code MPI_COMM_WORLD}, through Open MPI's C library ({@link Mpi}). One per process,
 * opened by the first simulation that runs under {@code mpirun} and kept until the process ends:
 *
 * <ul>
 *   <li>MPI starts with {@code MPI_THREAD_SERIALIZED} (the driver's thread makes the calls; the shut-down hook
 *       may make the last);
 *   <li>an exception that ends the driver on any rank is printed once, in one line, and ends the whole job
 *       ({@code MPI_Abort}) instead of leaving the other ranks waiting in a collective;
 *   <li>{@code MPI_Finalize} runs when the driver's thread has ended normally (at the JVM's shut-down), or at
 *       {@link #finish()}; never when the job is being torn down, which would wait for ranks that are gone.
 * </ul>
 */
public final class MpiCluster implements Cluster {

    /** How long a rank other than 0 waits before it reports a failure: rank 0's own report of it comes first. */
    private static final long QUIET_MILLIS = 2000;

    private static MpiCluster open;

    private final int rank;
    private final int size;
    private final int hosts;
    private final Thread driver;
    private volatile boolean ended;
    private final int tagUpperBound;

    private MpiCluster() {
        // UCX (Open MPI's layer for InfiniBand) would catch SIGSEGV and SIGBUS, which the JVM uses for its own null
        // checks and safepoints: leave the signals to the JVM, unless the user says otherwise.
        Mpi.setDefaultEnv("UCX_ERROR_SIGNALS", "");
        Mpi.initThread(Mpi.THREAD_SERIALIZED);
        this.rank = Mpi.rank();
        this.size = Mpi.size();
        this.driver = Thread.currentThread();
        this.hosts = countHosts();
        this.tagUpperBound = Mpi.tagUpperBound();
    }

    /** The largest tag a message may carry on this job ({@code MPI_TAG_UB}). */
    int tagUpperBound() {
        return tagUpperBound;
    }

    /**
     * {@return whether this process was started by {@code mpirun} (Open MPI's launcher sets its rank in the
     * environment)}
     */
    public static boolean launched() {
        return System.getenv("OMPI_COMM_WORLD_SIZE") != null;
    }

    /**
     * {@return the job this process belongs to, started on first use}
     *
     * @throws ColonyException in one line when Open MPI's library cannot be loaded
     */
    public static synchronized MpiCluster get() {
        if (open == null) {
            String why = Mpi.unavailableReason();
            if (why != null) {
                // No MPI to agree through: a driver's uncaught exception is still one line, and rank 0's comes first.
                Thread.setDefaultUncaughtExceptionHandler((t, e) -> failAlone(System.err, "colony", failure(e)));
                throw new ColonyException("this process runs under mpirun, but " + why);
            }
            MpiCluster c = new MpiCluster();
            Thread.setDefaultUncaughtExceptionHandler((t, e) -> c.fail(System.err, "colony", failure(e)));
            Runtime.getRuntime().addShutdownHook(new Thread(c::finishIfDone, "colony-mpi-finalize"));
            open = c;
        }
        return open;
    }

    /** {@return whether Open MPI's library can be loaded here} */
    public static boolean usable() {
        return Mpi.unavailableReason() == null;
    }

    /** {@return the job this process belongs to where it has started, else null} */
    public static synchronized MpiCluster current() {
        return open;
    }

    private static String failure(Throwable e) {
        if (e instanceof ColonyException) {
            return "error: " + e.getMessage();
        }
        if (System.getenv("COLONY_DEBUG") != null) {
            e.printStackTrace();
        }
        return "internal error: " + e + " (set COLONY_DEBUG=1 for the stack trace)";
    }

    private int countHosts() {
        String name;
        try {
            name = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            name = String.valueOf(System.getenv("HOSTNAME"));
        }
        TreeSet<String> names = new TreeSet<>();
        for (byte[] b : gather(name.getBytes(StandardCharsets.UTF_8))) {
            names.add(new String(b, StandardCharsets.UTF_8));
        }
        return names.size();
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return size;
    }

    /** {@return this rank's place among the ranks of its host ({@code OMPI_COMM_WORLD_LOCAL_RANK}), 0 where unknown} */
    public static int localRank() {
        return envInt("OMPI_COMM_WORLD_LOCAL_RANK", 0);
    }

    /** {@return the number of ranks on this rank's host ({@code OMPI_COMM_WORLD_LOCAL_SIZE}), 1 where unknown} */
    public static int localSize() {
        return envInt("OMPI_COMM_WORLD_LOCAL_SIZE", 1);
    }

    private static int envInt(String name, int otherwise) {
        try {
            return Integer.parseInt(System.getenv().getOrDefault(name, Integer.toString(otherwise)));
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    @Override
    public String description() {
        return "mpi: " + size + (size == 1 ? " rank" : " ranks") + " on " + hosts + (hosts == 1 ? " host" : " hosts");
    }

    @Override
    public long[] sum(long[] values) {
        return reduce(values, Mpi.sum());
    }

    @Override
    public long max(long value) {
        return reduce(new long[] {value}, Mpi.max())[0];
    }

    private static long[] reduce(long[] values, MemorySegment op) {
        if (values.length == 0) {
            return values;
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment buffer = a.allocate(JAVA_LONG, values.length);
            MemorySegment.copy(values, 0, buffer, JAVA_LONG, 0, values.length);
            Mpi.allReduce(buffer, values.length, op);
            MemorySegment.copy(buffer, JAVA_LONG, 0, values, 0, values.length);
        }
        return values;
    }

    @Override
    public byte[][] gather(byte[] mine) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment count = a.allocate(JAVA_INT);
            count.set(JAVA_INT, 0, mine.length);
            MemorySegment counts = a.allocate(JAVA_INT, size);
            Mpi.allGather(count, 4, counts);
            MemorySegment displacements = a.allocate(JAVA_INT, size);
            long total = 0;
            for (int r = 0; r < size; r++) {
                displacements.setAtIndex(JAVA_INT, r, (int) total);
                total += counts.getAtIndex(JAVA_INT, r);
            }
            if (total > Integer.MAX_VALUE) {
                throw new ColonyException("the ranks' parts of one gather hold " + total + " bytes, more than MPI "
                        + "gathers at once (2^31 - 1)");
            }
            MemorySegment in = a.allocate(Math.max(1, mine.length));
            MemorySegment.copy(mine, 0, in, ValueLayout.JAVA_BYTE, 0, mine.length);
            MemorySegment all = a.allocate(Math.max(1, total));
            Mpi.allGatherV(in, mine.length, all, counts, displacements);
            byte[][] out = new byte[size][];
            for (int r = 0; r < size; r++) {
                out[r] = all.asSlice(displacements.getAtIndex(JAVA_INT, r), counts.getAtIndex(JAVA_INT, r))
                        .toArray(ValueLayout.JAVA_BYTE);
            }
            return out;
        }
    }

    @Override
    public byte[] broadcast(byte[] mine, int root) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment length = a.allocate(JAVA_LONG);
            length.set(JAVA_LONG, 0, rank == root ? mine.length : 0);
            Mpi.broadcast(length, 8, Mpi.byteType(), root);
            int n = (int) length.get(JAVA_LONG, 0);
            MemorySegment buffer = a.allocate(Math.max(1, n));
            if (rank == root) {
                MemorySegment.copy(mine, 0, buffer, ValueLayout.JAVA_BYTE, 0, n);
            }
            Mpi.broadcast(buffer, n, Mpi.byteType(), root);
            return buffer.asSlice(0, n).toArray(ValueLayout.JAVA_BYTE);
        }
    }

    @Override
    public void broadcast(MemorySegment buffer, int root) {
        long piece = 1L << 30;
        for (long at = 0; at < buffer.byteSize(); at += piece) {
            int n = (int) Math.min(piece, buffer.byteSize() - at);
            Mpi.broadcast(buffer.asSlice(at, n), n, Mpi.byteType(), root);
        }
    }

    @Override
    public Transport transport(Transport local, int partitions, Staging staging) {
        return new MpiTransport(this, local, partitions, staging);
    }

    /** Waits until every rank has come here. */
    public void barrier() {
        Mpi.barrier();
    }

    /**
     * Under {@code mpirun}, reports a failure that ends this rank and ends the job, and does not return: through
     * MPI where it can start ({@link #fail}), else alone ({@link #failAlone}). Outside {@code mpirun}, returns at
     * once and the caller reports as a process alone does.
     *
     * @param err where the line goes
     * @param program what the line starts with ({@code mass}, {@code colony})
     * @param line the failure, one line
     */
    public static void failJob(PrintStream err, String program, String line) {
        if (!launched()) {
            return;
        }
        if (usable()) {
            get().fail(err, program, line);
        }
        failAlone(err, program, line);
    }

    /**
     * Reports a failure that ends this rank and ends the job: rank 0 prints {@code line} at once; another rank
     * first waits a moment, so that a failure every rank meets alike is printed once, by rank 0.
     *
     * @param err where the line goes
     * @param program what the line starts with ({@code mass}, {@code colony})
     * @param line the failure, one line
     */
    public void fail(PrintStream err, String program, String line) {
        ended = true;
        announce(err, program, rank, size, line);
        abort(1);
    }

    /**
     * Reports a failure of a rank that has no MPI (its library is missing), and ends this process with status 2,
     * announced as {@link #fail} does: {@code mpirun} ends the other ranks when the first one exits with an error.
     *
     * @param err where the line goes
     * @param program what the line starts with ({@code mass}, {@code colony})
     * @param line the failure, one line
     */
    public static void failAlone(PrintStream err, String program, String line) {
        announce(err, program, envInt("OMPI_COMM_WORLD_RANK", 0), envInt("OMPI_COMM_WORLD_SIZE", 1), line);
        Runtime.getRuntime().halt(2);
    }

    /** Prints a failure once for the job: rank 0 at once, another rank after a moment (rank 0 may say it first). */
    private static void announce(PrintStream err, String program, int rank, int size, String line) {
        if (rank != 0) {
            try {
                Thread.sleep(QUIET_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        err.println(program + ": " + (size > 1 ? "rank " + rank + ": " : "") + line);
        err.flush();
    }

    @Override
    public void abort(int code) {
        ended = true;
        System.out.flush();
        System.err.flush();
        Mpi.abort(code);
        Runtime.getRuntime().halt(code);
    }

    /** Ends MPI on this rank (every rank calls it): the driver is done. Later collectives fail. */
    public synchronized void finish() {
        if (!ended && !Mpi.finalized()) {
            ended = true;
            Mpi.finalizeLibrary();
        }
    }

    private void finishIfDone() {
        if (!driver.isAlive()) {
            finish();
        }
    }
}
