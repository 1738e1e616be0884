package org.colony.cuda.internal.store;

import java.util.concurrent.atomic.LongAdder;
import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.launch.CudaContext;
import org.colony.cuda.tuning.CudaSwitches;
import org.colony.runtime.reduce.Bins;

/**
 * A histogram of an agent collection on one block counted ahead, in the wait of the {@code manageAll} before it. A
 * driver that asks for the same histogram after every {@code manageAll} (StupidModel's sizes, each tick) would
 * otherwise wait for the device twice in a row: for the {@code manageAll}'s counts, then for the histogram's.
 *
 * <p>Where a histogram is asked right after a {@code manageAll} (no kernel launched on the context and no copy into
 * device memory or memset issued in between: the agents are as that {@code manageAll} left them), the next
 * {@code manageAll} counts the same histogram before its first wait, over the agents it keeps (those not killed), and
 * its counts come back with the {@code manageAll}'s own ({@link DeviceManage}). A histogram asked while the agents are
 * still as that {@code manageAll} left them, in the same column and bins, is answered from those counts: the values
 * counted are the ones it would count, so the counts are the same. Both are counted for every change of device memory
 * ({@link CudaContext#launches}, {@link Driver#deviceWrites}), whichever collection, place store or thread made it, so
 * any change at all makes the next histogram counted when asked; only NCCL's receives, which write partitions' blocks
 * and never a collection on one block, are not counted.
 *
 * <p>A {@code manageAll} after a step that may ask for children counts nothing, and one in which children are asked for
 * after all drops its counts (children's values are not among those counted). The counting ahead stops where a
 * histogram asked after a {@code manageAll} is not answered from its counts, or where {@value #IDLE} {@code manageAll}
 * calls in a row counted one that nothing asked for, until a histogram is asked right after a {@code manageAll} again.
 * One histogram is counted ahead: the first asked after a {@code manageAll}.
 */
public final class HistogramAhead {

    /** The most counts (bins and the three others) a {@code manageAll} brings back with its own. */
    static final int MOST_COUNTS = 1024;
    /**
     * The {@code manageAll} calls in a row whose counts nothing asked for after which the counting ahead stops: a tick
     * may have several (rounds of moves that are not queued) before the one the histogram follows.
     */
    static final int IDLE = 8;

    private static final LongAdder ANSWERED = new LongAdder();

    /** A histogram: element {@code element} of attribute {@code attribute}, counted in {@code bins}. */
    record Asked(int attribute, int element, Bins bins) {
    }

    /** Whether histograms are counted ahead at all ({@link CudaSwitches#HISTOGRAM_AHEAD}). */
    private final boolean on = CudaSwitches.HISTOGRAM_AHEAD.on();
    /** The histogram the next {@code manageAll} counts, and the one counting now; null where none. */
    private Asked next;
    private Asked counting;
    /** The histogram the last {@code manageAll} counted, and its counts; null where it counted none. */
    private Asked counted;
    private long[] counts;
    /** Whether {@link #counts} answered a histogram. */
    private boolean used;
    /** Whether a histogram was asked since the last {@code manageAll}. */
    private boolean askedSince;
    /** The {@code manageAll} calls in a row whose counts nothing asked for. */
    private int unasked;
    /** The context's launches and the process's writes of device memory as the last {@code manageAll} ended. */
    private long launches = -1;
    private long writes = -1;

    HistogramAhead() {
    }

    /** {@return how many histograms were answered from counts a manageAll brought back, in this JVM} */
    public static long answered() {
        return ANSWERED.sum();
    }

    /** The element column of the agents' slots as they stand. */
    interface Columns {
        DeviceColumn of(int attribute, int element);
    }

    /**
     * {@return what the {@code manageAll} about to start counts, or null} Forgets what the last one counted, and stops
     * counting ahead where a histogram asked after it was not answered from it, or where {@value #IDLE} counts in a row
     * went unasked.
     *
     * @param columns the agents' columns as the {@code manageAll} finds them
     * @param children whether a step since the last {@code manageAll} may have asked for children: then it counts
     *     nothing (its counts would go unused where children are born)
     */
    DeviceManage.Ahead toCount(Columns columns, boolean children) {
        if (counted != null && !used && (askedSince || ++unasked >= IDLE)) {
            next = null;
        }
        if (used || next == null) {
            unasked = 0;
        }
        counted = null;
        counts = null;
        used = false;
        counting = on && !children ? next : null;
        return counting == null ? null
                : new DeviceManage.Ahead(columns.of(counting.attribute(), counting.element()), counting.bins());
    }

    /**
     * Notes that a {@code manageAll} ended, with the counts of what {@link #toCount} gave it over the agents it kept
     * ({@code counts}, null where it counted none or children were asked for), {@code launches} kernels launched on the
     * context and {@code writes} copies into device memory and memsets issued.
     */
    void managed(long[] counts, long launches, long writes) {
        if (counting != null && counts != null) {
            this.counted = counting;
            this.counts = counts;
        }
        counting = null;
        this.launches = launches;
        this.writes = writes;
        askedSince = false;
    }

    /**
     * {@return the counts of {@code asked} counted ahead, or null where the caller counts them} Where the agents are as
     * the last {@code manageAll} left them ({@code launches} and {@code writes} as they were then) and no histogram was
     * asked since, {@code asked} is the one the next {@code manageAll} counts.
     */
    long[] answer(Asked asked, long launches, long writes) {
        boolean unchanged = launches == this.launches && writes == this.writes;
        if (unchanged && counts != null && asked.equals(counted)) {
            used = true;
            askedSince = true;
            ANSWERED.increment();
            return counts.clone();
        }
        if (unchanged && !askedSince && asked.bins().counts() <= MOST_COUNTS) {
            next = asked;
            unasked = 0;
        }
        askedSince = true;
        return null;
    }
}
