package org.colony.tests.docs;

/** The draws of one instance (a place's index or an agent's id) in one call with the given epoch. */
final class ColonyDraws {

    private final int k0;
    private final int k1;
    private final int c1;
    private final int c2;
    private final int c3;
    private int k; // the words drawn so far

    ColonyDraws(long seed, long epoch, long id) {
        k0 = (int) seed;
        k1 = (int) (seed >>> 32);
        c1 = (int) epoch;
        c2 = (int) id;
        c3 = (int) ((id >>> 32) & 0xFFFF) | (int) ((epoch >>> 32) & 0xFFFF) << 16;
    }

    /** Word k of the stream, as an unsigned number. */
    long word() {
        int[] block = philox(k >>> 2, c1, c2, c3, k0, k1);
        return block[k++ & 3] & 0xFFFFFFFFL;
    }

    double uniform() {
        long w0 = word();
        long w1 = word();
        return ((w0 << 21) ^ (w1 >>> 11)) * 0x1.0p-53;
    }

    int uniformInt(int n) {
        long t = (0x1_0000_0000L - n) % n;
        long m = word() * n;
        while ((m & 0xFFFFFFFFL) < t) {
            m = word() * n;
        }
        return (int) (m >>> 32);
    }

    double normal() {
        double u = uniform();
        double v = uniform();
        return StrictMath.sqrt(-2.0 * StrictMath.log(1.0 - u)) * StrictMath.cos(6.283185307179586 * v);
    }

    /** Philox4x32-10: ten rounds on counter (c0, c1, c2, c3) with key (k0, k1). */
    static int[] philox(int c0, int c1, int c2, int c3, int k0, int k1) {
        for (int round = 0; round < 10; round++) {
            if (round > 0) {
                k0 += 0x9E3779B9;
                k1 += 0xBB67AE85;
            }
            long p0 = 0xD2511F53L * (c0 & 0xFFFFFFFFL);
            long p1 = 0xCD9E8D57L * (c2 & 0xFFFFFFFFL);
            int n0 = (int) (p1 >>> 32) ^ c1 ^ k0;
            int n2 = (int) (p0 >>> 32) ^ c3 ^ k1;
            c1 = (int) p1;
            c3 = (int) p0;
            c0 = n0;
            c2 = n2;
        }
        return new int[] {c0, c1, c2, c3};
    }
}
