package org.colony.kernel;

/**
 * The Philox4x32-10 counter-based generator of Salmon et al. (SC'11, the Random123 library): a keyed
 * bijection of a 128-bit counter, so any draw can be computed directly from (key, counter) on any
 * backend without sequential state.
 */
public final class Philox4x32 {

    static final int M0 = 0xD2511F53;
    static final int M1 = 0xCD9E8D57;
    static final int W0 = 0x9E3779B9;
    static final int W1 = 0xBB67AE85;

    private Philox4x32() {
    }

    /**
     * Computes 10 rounds on counter {@code (c0, c1, c2, c3)} with key {@code (k0, k1)} and stores the four
     * output words in {@code out[0..3]}.
     *
     * @param c0 counter word 0
     * @param c1 counter word 1
     * @param c2 counter word 2
     * @param c3 counter word 3
     * @param k0 key word 0
     * @param k1 key word 1
     * @param out at least 4 words, overwritten
     */
    public static void block(int c0, int c1, int c2, int c3, int k0, int k1, int[] out) {
        for (int round = 0; round < 10; round++) {
            if (round > 0) {
                k0 += W0;
                k1 += W1;
            }
            long p0 = (M0 & 0xFFFFFFFFL) * (c0 & 0xFFFFFFFFL);
            long p1 = (M1 & 0xFFFFFFFFL) * (c2 & 0xFFFFFFFFL);
            int hi0 = (int) (p0 >>> 32);
            int lo0 = (int) p0;
            int hi1 = (int) (p1 >>> 32);
            int lo1 = (int) p1;
            int n0 = hi1 ^ c1 ^ k0;
            int n2 = hi0 ^ c3 ^ k1;
            c0 = n0;
            c1 = lo1;
            c2 = n2;
            c3 = lo0;
        }
        out[0] = c0;
        out[1] = c1;
        out[2] = c2;
        out[3] = c3;
    }
}
