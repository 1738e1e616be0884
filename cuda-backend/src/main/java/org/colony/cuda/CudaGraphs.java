package org.colony.cuda;

import java.util.function.Supplier;
import org.colony.cuda.internal.launch.LaunchRecorder;
import org.colony.cuda.tuning.CudaSwitches;

/**
 * CUDA graphs on the CUDA backend: the switch that turns them off, what they have done, and a way to open
 * backends without them for a comparison. A run of kernel launches with no other device work between them (a whole
 * tick of place steps, or the launches between two waits of an agent tick) that repeats one seen before is replayed
 * as CUDA graphs, a run of small launches in chunks of {@code colony.cuda.graphChunk} launches; see
 * {@code docs/gpu.md}, "Launches and CUDA graphs".
 */
public final class CudaGraphs {

    /** The system property that turns graphs off: {@code -Dcolony.cuda.graphs=false} ({@link CudaSwitches#GRAPHS}). */
    public static final String PROPERTY = CudaSwitches.GRAPHS.property();
    /** Whether CUDA backends may capture graphs in this JVM: true unless {@code colony.cuda.graphs} is false. */
    public static final boolean ENABLED = CudaSwitches.GRAPHS.on();

    private static final ScopedValue<Boolean> OFF = ScopedValue.newInstance();

    /**
     * What graph capture has done.
     *
     * @param built graphs built from a repeated segment of launches
     * @param replayed segments that ran as a graph launch
     * @param updated graph nodes whose parameters were changed before a launch
     * @param instantiated executable graphs made
     * @param flushed segments whose held launches went out one by one instead (they matched no graph whole: a
     *     launch fit none, or the segment ended before a graph's last node)
     */
    public record Counts(long built, long replayed, long updated, long instantiated, long flushed) {

        /**
         * {@return the counts since {@code before}}
         *
         * @param before counts taken earlier with {@link CudaGraphs#counts()}
         */
        public Counts since(Counts before) {
            return new Counts(built - before.built, replayed - before.replayed, updated - before.updated,
                    instantiated - before.instantiated, flushed - before.flushed);
        }
    }

    private CudaGraphs() {
    }

    /** {@return what every CUDA backend of this JVM has done with graphs so far} */
    public static Counts counts() {
        LaunchRecorder.Tally t = LaunchRecorder.totals();
        return new Counts(t.built(), t.replayed(), t.updated(), t.instantiated(), t.flushed());
    }

    /**
     * {@return how many runs of launches other device work has ended so far in this JVM, with graphs on: each a wait
     * for the device (an agent collection's counts, a read of attributes) or a copy, where the launches before it
     * had to go out first}
     */
    public static long interruptions() {
        return LaunchRecorder.interruptions();
    }

    /**
     * Runs {@code open} with graphs off for the CUDA backends it opens (a {@code Simulation.create} inside it): they
     * launch every kernel at once for their whole life. For comparing a run with graphs and without in one JVM.
     *
     * @param <T> what {@code open} returns
     * @param open the code that opens the backends, usually a {@code Simulation.create}
     * @return what {@code open} returned
     */
    public static <T> T off(Supplier<T> open) {
        return ScopedValue.where(OFF, Boolean.TRUE).call(open::get);
    }

    /** Whether a CUDA backend opened now on this thread may capture graphs. */
    static boolean allowedNow() {
        return ENABLED && !OFF.orElse(Boolean.FALSE);
    }
}
