package org.colony.kernel;

/**
 * The draws of one instance in one call, from Philox4x32-10. The key is the simulation seed; the
 * counter is (draw block, call epoch, instance id), so the k-th draw of an instance in a call is the
 * same whatever thread, partition or device computes it:
 *
 * <pre>
 * key     = (seed low 32 bits, seed high 32 bits)
 * counter = (k / 4,
 *            epoch low 32 bits,
 *            instance low 32 bits,
 *            (instance bits 32..47) | (epoch bits 32..47) &lt;&lt; 16)
 * word k  = output[k % 4]
 * </pre>
 *
 * Instance ids and epochs are below 2<sup>48</sup>. One object serves many instances in turn
 * ({@link #reset}); it is not thread-safe.
 */
public final class RandomStream {

    private static final double TWO_PI = 6.283185307179586;

    private final int k0;
    private final int k1;
    private final int epochLow;
    private final int epochHigh;
    private int instanceLow;
    private int high;
    private int draw;
    private int cached = -1;
    private final int[] words = new int[4];

    /**
     * A stream for one call's draws.
     *
     * @param seed the simulation seed
     * @param epoch the call's epoch
     */
    public RandomStream(long seed, long epoch) {
        this.k0 = (int) seed;
        this.k1 = (int) (seed >>> 32);
        this.epochLow = (int) epoch;
        this.epochHigh = (int) ((epoch >>> 32) & 0xFFFF);
    }

    /**
     * Starts the draws of instance {@code id}: the next word is word 0.
     *
     * @param id the instance's id (a place's global index, an agent's id)
     */
    public void reset(long id) {
        instanceLow = (int) id;
        high = (int) ((id >>> 32) & 0xFFFF) | (epochHigh << 16);
        draw = 0;
        cached = -1;
    }

    /**
     * Skips {@code n} words.
     *
     * @param n how many 32-bit words to skip
     */
    public void skip(long n) {
        draw += (int) n;
    }

    /** {@return the next 32-bit word} */
    public int nextInt() {
        int b = draw >>> 2;
        if (b != cached) {
            Philox4x32.block(b, epochLow, instanceLow, high, k0, k1, words);
            cached = b;
        }
        return words[draw++ & 3];
    }

    /** {@return a double in [0, 1) from two words: {@code ((w0 << 21) ^ (w1 >>> 11)) * 2^-53}} */
    public double uniform() {
        long a = nextInt() & 0xFFFFFFFFL;
        long b = nextInt() & 0xFFFFFFFFL;
        return ((a << 21) ^ (b >>> 11)) * 0x1.0p-53;
    }

    /**
     * {@return an int in [0, bound) without bias (Lemire's multiply-and-reject), one word per attempt}
     *
     * @param bound the exclusive upper bound, positive
     * @throws IllegalArgumentException if {@code bound <= 0}
     */
    public int uniformInt(int bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("uniformInt bound must be positive, was " + bound);
        }
        long m = (nextInt() & 0xFFFFFFFFL) * bound;
        long low = m & 0xFFFFFFFFL;
        if (low < bound) {
            long threshold = (0x1_0000_0000L - bound) % bound;
            while (low < threshold) {
                m = (nextInt() & 0xFFFFFFFFL) * bound;
                low = m & 0xFFFFFFFFL;
            }
        }
        return (int) (m >>> 32);
    }

    /** {@return a standard normal by Box-Muller from two uniforms u, v: {@code sqrt(-2 log(1 - u)) * cos(2 pi v)}} */
    public double normal() {
        double u = uniform();
        double v = uniform();
        return StrictMath.sqrt(-2.0 * StrictMath.log(1.0 - u)) * StrictMath.cos(TWO_PI * v);
    }
}
