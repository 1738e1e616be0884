package org.colony.cuda;

import org.colony.cuda.internal.store.AgentLaunches;
import org.colony.cuda.internal.store.CountReads;
import org.colony.cuda.internal.store.CrossBirths;
import org.colony.cuda.internal.store.HistogramAhead;
import org.colony.cuda.internal.store.LocalBirths;
import org.colony.cuda.tuning.CudaSwitches;

/**
 * How the CUDA backends of this JVM ran agents' steps: a step whose loops read the places within its reach runs a warp
 * an agent where the agents are few ({@link CudaSwitches#WARP_AGENTS}), else a thread an agent; a histogram asked
 * after every {@code manageAll} is counted in its wait ({@link CudaSwitches#HISTOGRAM_AHEAD}); a partition's
 * {@code manageAll} whose children are all born on its places is settled by the partition alone on its device
 * ({@link CudaSwitches#BIRTHS_HERE}). For tests and benchmarks that must know which way ran.
 */
public final class CudaAgentSteps {

    private CudaAgentSteps() {
    }

    /** {@return how many launches of agent steps ran a warp an agent so far in this JVM} */
    public static long warpLaunches() {
        return AgentLaunches.warpLaunches();
    }

    /** {@return how many agent histograms were answered from counts a manageAll brought back, in this JVM} */
    public static long histogramsAhead() {
        return HistogramAhead.answered();
    }

    /** {@return how many partitions' manageAll rounds with births were settled by the partition alone, in this JVM} */
    public static long birthsHere() {
        return LocalBirths.settled();
    }

    /**
     * {@return how many partitions' manageAll rounds whose children may be born on other partitions' places were
     * settled on the devices, in this JVM (one a partition and round)}
     */
    public static long birthsAcross() {
        return CrossBirths.settled();
    }

    /**
     * {@return how many partitions' manageAll rounds numbered their children on the device, from the parents' ids of
     * every partition of that device ({@link CudaSwitches#NUMBER_ON_DEVICE}), in this JVM (one a partition and round)}
     */
    public static long numberedOnDevice() {
        return LocalBirths.numberedOnDevice();
    }

    /**
     * {@return how many reads of a collection's counts, in this JVM, took a copy queued before the device's later work
     * and waited for that alone: the counts of partitions of one device read in turn (a round's start and its
     * settling, a round settled alone), of which only the first waits for the device's work}
     */
    public static long queuedReads() {
        return CountReads.queued();
    }

    /**
     * {@return how many partitions' settlings of moves, in this JVM, knew their counts without reading them: where places
     * have no capacity every move wins ({@link CudaSwitches#WINS_KNOWN})}
     */
    public static long knownSettlings() {
        return CountReads.knownSettlings();
    }

    /**
     * {@return how many {@code manageAll} rounds, of one block or of a partition, in this JVM, knew their children born
     * without reading them: where places have no capacity and each child is born on its parent's place or one it named
     * on the grid, every child asked for is born ({@link CudaSwitches#BIRTHS_KNOWN})}
     */
    public static long birthsKnown() {
        return CountReads.knownBirths();
    }
}
