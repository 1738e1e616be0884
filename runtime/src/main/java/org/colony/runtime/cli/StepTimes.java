package org.colony.runtime.cli;

/**
 * The wall time of each tick of a run as the driver loop sees it: the first tick apart (it carries the warm-up:
 * class loading, JIT compilation, kernel loading), the others as a mean and a median. The median comes from a
 * histogram of logarithmic buckets 0.1% wide, so it is exact to 0.1% and the memory stays fixed however long the run.
 */
final class StepTimes {

    /** Bucket {@code i} holds times in [RATIO^i, RATIO^(i+1)) nanoseconds. */
    private static final double RATIO = 1.001;
    private static final double LOG_RATIO = Math.log(RATIO);
    /** RATIO^45000 ns is about 110 years. */
    private static final int BUCKETS = 45_000;

    private long first = -1;
    private long count;
    private long sum;
    private long[] histogram;

    /** Adds the next tick's time. */
    void add(long nanos) {
        long n = Math.max(0, nanos);
        if (first < 0) {
            first = n;
            return;
        }
        if (histogram == null) {
            histogram = new long[BUCKETS];
        }
        histogram[bucket(n)]++;
        count++;
        sum += n;
    }

    private static int bucket(long nanos) {
        if (nanos < 1) {
            return 0;
        }
        return (int) Math.min(BUCKETS - 1, (long) (Math.log(nanos) / LOG_RATIO));
    }

    /** The first tick's time, or -1 before any. */
    long first() {
        return first;
    }

    /** The number of ticks after the first. */
    long rest() {
        return count;
    }

    /** The mean of the ticks after the first, or -1 if there are none. */
    long mean() {
        return count == 0 ? -1 : Math.round((double) sum / count);
    }

    /**
     * The median of the ticks after the first (the middle one of an odd count, the lower middle one of an even
     * count) to 0.1%: the middle of its bucket. -1 if there are none.
     */
    long median() {
        if (count == 0) {
            return -1;
        }
        long rank = (count + 1) / 2;
        long seen = 0;
        int i = 0;
        while (seen + histogram[i] < rank) {
            seen += histogram[i];
            i++;
        }
        return Math.round(Math.pow(RATIO, i + 0.5));
    }
}
