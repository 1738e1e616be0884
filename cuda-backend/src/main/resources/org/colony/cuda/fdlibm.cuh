// Colony's StrictMath: the functions of java.lang.StrictMath that IEEE 754 does not round exactly (exp, log, pow,
// the trigonometric and hyperbolic functions, hypot, cbrt), computed with fdlibm 5.3's algorithms as the JDK
// carries them (java.lang.FdLibm), so that a kernel gets the bits the Java backend gets. Each function follows
// the JDK's operations one by one: the same constants, the same order of every addition and multiplication, the
// same word manipulations. That only holds where the compiler neither contracts a * b + c into a fused
// multiply-add nor reassociates: NVRTC with --fmad=false and without fast math, a host compiler with
// -ffp-contract=off and without -ffast-math. Square roots, fabs and floor are IEEE-exact everywhere.
//
// The same source compiles for the device (NVRTC, nvcc) and for the host (g++ or clang, where the tests compare
// it with StrictMath through java.lang.foreign). Part of the Colony CUDA backend.
#pragma once

#if defined(__CUDACC__)
#define COLONY_MATH __host__ __device__ inline
#define COLONY_MATH_RARE __host__ __device__ __noinline__
#else
#define COLONY_MATH inline
#define COLONY_MATH_RARE
#endif
#if !defined(__CUDACC_RTC__)
#include <math.h>
#include <string.h>
#endif

namespace colony {
namespace fdlibm {

// ---- the words of a double --------------------------------------------------------------------------------
COLONY_MATH long long bitsOf(double x) {
#if defined(__CUDA_ARCH__)
    return __double_as_longlong(x);
#else
    long long b;
    memcpy(&b, &x, sizeof b);
    return b;
#endif
}

COLONY_MATH double fromBits(long long b) {
#if defined(__CUDA_ARCH__)
    return __longlong_as_double(b);
#else
    double x;
    memcpy(&x, &b, sizeof x);
    return x;
#endif
}

// The high word (sign, exponent, top 20 bits of the significand) and the low word, as Java ints.
COLONY_MATH int high(double x) { return (int) (bitsOf(x) >> 32); }
COLONY_MATH int low(double x) { return (int) (unsigned) (unsigned long long) bitsOf(x); }
COLONY_MATH double fromWords(int hi, int lo) {
    return fromBits((long long) (((unsigned long long) (unsigned) hi << 32) | (unsigned long long) (unsigned) lo));
}
COLONY_MATH double withHigh(double x, int hi) { return fromWords(hi, low(x)); }
COLONY_MATH double withLow(double x, int lo) { return fromWords(high(x), lo); }
// Java's int << n, which wraps where C++'s shift of a negative value would not be defined.
COLONY_MATH int shl(int v, int n) { return (int) ((unsigned) v << n); }

COLONY_MATH double infinity() { return fromBits(0x7ff0000000000000LL); }
COLONY_MATH double notANumber() { return fromBits(0x7ff8000000000000LL); }
COLONY_MATH bool isNaN(double x) { return x != x; }
COLONY_MATH bool isFinite(double x) { return (high(x) & 0x7ff00000) != 0x7ff00000; }

constexpr double PI = 0x1.921fb54442d18p1;
constexpr double TWO24 = 0x1.0p24;
constexpr double TWO54 = 0x1.0p54;
constexpr double HUGE_VALUE = 1.0e+300;

// 2^n for n from -1022 to 1023, exact.
COLONY_MATH double powerOfTwo(int n) { return fromBits((long long) (n + 1023) << 52); }

// d * 2^n as java.lang.Math.scalb computes it: one product by an exact power of two where one does, else two
// or three, in the JDK's order.
COLONY_MATH double scalb(double d, int n) {
    const double up = 0x1p1023;
    const double down = 0x1p-1023;
    if (n > -1023) {
        if (n <= 1023) return d * powerOfTwo(n);
        if (n <= 2 * 1023) return d * powerOfTwo(n - 1023) * up;
        if (n < 2 * 1023 + 53 - 1) return d * powerOfTwo(n - 2 * 1023) * up * up;
        return d * up * up * up;
    }
    if (n > -2 * 1023) return d * powerOfTwo(n + 1023) * down;
    if (n > -2 * 1023 - 53) return d * powerOfTwo(n + 2 * 1023) * down * down;
    const double least = 0x0.0000000000001p-1022;
    return d * least * least;
}

// ---- tables, with one copy in device memory and one on the host -------------------------------------------
// 2/pi in 24-bit pieces (the first 1584 bits), for the reduction of huge trigonometric arguments.
#define COLONY_TWO_OVER_PI \
    0xA2F983, 0x6E4E44, 0x1529FC, 0x2757D1, 0xF534DD, 0xC0DB62, 0x95993C, 0x439041, 0xFE5163, 0xABDEBB, 0xC561B7, \
    0x246E3A, 0x424DD2, 0xE00649, 0x2EEA09, 0xD1921C, 0xFE1DEB, 0x1CB129, 0xA73EE8, 0x8235F5, 0x2EBB44, 0x84E99C, \
    0x7026B4, 0x5F7E41, 0x3991D6, 0x398353, 0x39F49C, 0x845F8B, 0xBDF928, 0x3B1FF8, 0x97FFDE, 0x05980F, 0xEF2F11, \
    0x8B5A0A, 0x6D1F6D, 0x367ECF, 0x27CB09, 0xB74F46, 0x3F669E, 0x5FEA2D, 0x7527BA, 0xC7EBE5, 0xF17B3D, 0x0739F7, \
    0x8A5292, 0xEA6BFB, 0x5FB11F, 0x8D5D08, 0x560330, 0x46FC7B, 0x6BABF0, 0xCFBC20, 0x9AF436, 0x1DA9E3, 0x91615E, \
    0xE61B08, 0x659985, 0x5F14A0, 0x68408D, 0xFFD880, 0x4D7327, 0x310606, 0x1556CA, 0x73A8C9, 0x60E27B, 0xC08C6B
// The high words of n * pi/2 for n = 1 .. 32: where an argument's high word equals one, the medium reduction
// checks for cancellation.
#define COLONY_PIO2_HIGH_WORDS \
    0x3FF921FB, 0x400921FB, 0x4012D97C, 0x401921FB, 0x401F6A7A, 0x4022D97C, 0x4025FDBB, 0x402921FB, 0x402C463A, \
    0x402F6A7A, 0x4031475C, 0x4032D97C, 0x40346B9C, 0x4035FDBB, 0x40378FDB, 0x403921FB, 0x403AB41B, 0x403C463A, \
    0x403DD85A, 0x403F6A7A, 0x40407E4C, 0x4041475C, 0x4042106C, 0x4042D97C, 0x4043A28C, 0x40446B9C, 0x404534AC, \
    0x4045FDBB, 0x4046C6CB, 0x40478FDB, 0x404858EB, 0x404921FB
// pi/2 in pieces of 24 bits (as doubles), for the huge reduction.
#define COLONY_PIO2_PIECES \
    0x1.921fb4p0, 0x1.4442dp-24, 0x1.846988p-48, 0x1.8cc516p-72, 0x1.01b838p-96, 0x1.a25204p-120, 0x1.382228p-145, \
    0x1.9f31dp-169

#if defined(__CUDACC__)
__device__ const int twoOverPiDevice[] = {COLONY_TWO_OVER_PI};
__device__ const int pio2HighWordsDevice[] = {COLONY_PIO2_HIGH_WORDS};
__device__ const double pio2PiecesDevice[] = {COLONY_PIO2_PIECES};
#endif
#if !defined(__CUDACC_RTC__)
static const int twoOverPiHost[] = {COLONY_TWO_OVER_PI};
static const int pio2HighWordsHost[] = {COLONY_PIO2_HIGH_WORDS};
static const double pio2PiecesHost[] = {COLONY_PIO2_PIECES};
#endif

COLONY_MATH int twoOverPi(int i) {
#if defined(__CUDA_ARCH__)
    return twoOverPiDevice[i];
#else
    return twoOverPiHost[i];
#endif
}

COLONY_MATH int pio2HighWord(int n) {
#if defined(__CUDA_ARCH__)
    return pio2HighWordsDevice[n - 1];
#else
    return pio2HighWordsHost[n - 1];
#endif
}

COLONY_MATH double pio2Piece(int k) {
#if defined(__CUDA_ARCH__)
    return pio2PiecesDevice[k];
#else
    return pio2PiecesHost[k];
#endif
}

// ---- argument reduction: x - n * pi/2 as y0 + y1 ------------------------------------------------------------

// The huge case (|x| >= 2^19 * pi/2), at fdlibm's precision 2 (a reduced argument of 2 doubles): x given as
// nx 24-bit pieces x[0..nx-1] scaled by 2^e0, multiplied by the bits of 2/pi that matter, integer part dropped.
// Returns n mod 8.
COLONY_MATH_RARE int reduceHuge(const double* x, int e0, int nx, double* y0, double* y1) {
    const int jk = 4;  // terms of 2/pi to start with, at precision 2
    const int jp = jk;
    const double twon24 = 0x1.0p-24;
    int iq[20];
    double f[20];
    double fq[20] = {};
    double q[20];
    double z;
    double fw;
    int jx = nx - 1;
    int jv = (e0 - 3) / 24;
    if (jv < 0) jv = 0;
    int q0 = e0 - 24 * (jv + 1);
    int j = jv - jx;
    int m = jx + jk;
    for (int i = 0; i <= m; i++, j++) {
        f[i] = j < 0 ? 0.0 : (double) twoOverPi(j);
    }
    for (int i = 0; i <= jk; i++) {
        fw = 0.0;
        for (j = 0; j <= jx; j++) {
            fw += x[j] * f[jx + i - j];
        }
        q[i] = fw;
    }
    int jz = jk;
    int n;
    int ih;
    int i;
    int k;
    while (true) {
        // distill q[] into 24-bit pieces iq[], reversed
        for (i = 0, j = jz, z = q[jz]; j > 0; i++, j--) {
            fw = (double) ((int) (twon24 * z));
            iq[i] = (int) (z - TWO24 * fw);
            z = q[j - 1] + fw;
        }
        z = scalb(z, q0);
        z -= 8.0 * floor(z * 0.125);
        n = (int) z;
        z -= (double) n;
        ih = 0;
        if (q0 > 0) {
            i = iq[jz - 1] >> (24 - q0);
            n += i;
            iq[jz - 1] -= i << (24 - q0);
            ih = iq[jz - 1] >> (23 - q0);
        } else if (q0 == 0) {
            ih = iq[jz - 1] >> 23;
        } else if (z >= 0.5) {
            ih = 2;
        }
        if (ih > 0) {  // the fraction is above 1/2: take 1 - fraction, one more quadrant
            n += 1;
            int carry = 0;
            for (i = 0; i < jz; i++) {
                j = iq[i];
                if (carry == 0) {
                    if (j != 0) {
                        carry = 1;
                        iq[i] = 0x1000000 - j;
                    }
                } else {
                    iq[i] = 0xffffff - j;
                }
            }
            if (q0 > 0) {
                if (q0 == 1) {
                    iq[jz - 1] &= 0x7fffff;
                } else if (q0 == 2) {
                    iq[jz - 1] &= 0x3fffff;
                }
            }
            if (ih == 2) {
                z = 1.0 - z;
                if (carry != 0) z -= scalb(1.0, q0);
            }
        }
        if (z == 0.0) {  // cancellation: more bits of 2/pi may be needed
            j = 0;
            for (i = jz - 1; i >= jk; i--) j |= iq[i];
            if (j == 0) {
                for (k = 1; iq[jk - k] == 0; k++) {
                }
                for (i = jz + 1; i <= jz + k; i++) {
                    f[jx + i] = (double) twoOverPi(jv + i);
                    fw = 0.0;
                    for (j = 0; j <= jx; j++) fw += x[j] * f[jx + i - j];
                    q[i] = fw;
                }
                jz += k;
                continue;
            }
        }
        break;
    }
    if (z == 0.0) {  // drop zero pieces
        jz -= 1;
        q0 -= 24;
        while (iq[jz] == 0) {
            jz--;
            q0 -= 24;
        }
    } else {  // split z into 24-bit pieces where it needs two
        z = scalb(z, -q0);
        if (z >= TWO24) {
            fw = (double) ((int) (twon24 * z));
            iq[jz] = (int) (z - TWO24 * fw);
            jz += 1;
            q0 += 24;
            iq[jz] = (int) fw;
        } else {
            iq[jz] = (int) z;
        }
    }
    fw = scalb(1.0, q0);
    for (i = jz; i >= 0; i--) {
        q[i] = fw * (double) iq[i];
        fw *= twon24;
    }
    for (i = jz; i >= 0; i--) {
        fw = 0.0;
        for (k = 0; k <= jp && k <= jz - i; k++) fw += pio2Piece(k) * q[i + k];
        fq[jz - i] = fw;
    }
    fw = 0.0;
    for (i = jz; i >= 0; i--) fw += fq[i];
    *y0 = ih == 0 ? fw : -fw;
    fw = fq[0] - fw;
    for (i = 1; i <= jz; i++) fw += fq[i];
    *y1 = ih == 0 ? fw : -fw;
    return n & 7;
}

// n with x - n * pi/2 = y0 + y1, |y0 + y1| <= pi/4 (fdlibm's __ieee754_rem_pio2).
COLONY_MATH int reducePio2(double x, double* y0, double* y1) {
    const double invpio2 = 0x1.45f306dc9c883p-1;
    const double pio2_1 = 0x1.921fb544p0;
    const double pio2_1t = 0x1.0b4611a626331p-34;
    const double pio2_2 = 0x1.0b4611a6p-34;
    const double pio2_2t = 0x1.3198a2e037073p-69;
    const double pio2_3 = 0x1.3198a2ep-69;
    const double pio2_3t = 0x1.b839a252049c1p-104;
    int hx = high(x);
    int ix = hx & 0x7fffffff;
    if (ix <= 0x3fe921fb) {
        *y0 = x;
        *y1 = 0;
        return 0;
    }
    if (ix < 0x4002d97c) {  // |x| < 3pi/4: n = +-1
        double z;
        if (hx > 0) {
            z = x - pio2_1;
            if (ix != 0x3ff921fb) {
                *y0 = z - pio2_1t;
                *y1 = (z - *y0) - pio2_1t;
            } else {  // near pi/2: 33 + 33 + 53 bits of pi
                z -= pio2_2;
                *y0 = z - pio2_2t;
                *y1 = (z - *y0) - pio2_2t;
            }
            return 1;
        }
        z = x + pio2_1;
        if (ix != 0x3ff921fb) {
            *y0 = z + pio2_1t;
            *y1 = (z - *y0) + pio2_1t;
        } else {
            z += pio2_2;
            *y0 = z + pio2_2t;
            *y1 = (z - *y0) + pio2_2t;
        }
        return -1;
    }
    if (ix <= 0x413921fb) {  // |x| <= 2^19 * pi/2: medium
        double t = fabs(x);
        int n = (int) (t * invpio2 + 0.5);
        double fn = (double) n;
        double r = t - fn * pio2_1;
        double w = fn * pio2_1t;
        if (n < 32 && ix != pio2HighWord(n)) {
            *y0 = r - w;
        } else {
            int j = ix >> 20;
            *y0 = r - w;
            int i = j - ((high(*y0) >> 20) & 0x7ff);
            if (i > 16) {  // second round, good to 118 bits
                t = r;
                w = fn * pio2_2;
                r = t - w;
                w = fn * pio2_2t - ((t - r) - w);
                *y0 = r - w;
                i = j - ((high(*y0) >> 20) & 0x7ff);
                if (i > 49) {  // third round, 151 bits
                    t = r;
                    w = fn * pio2_3;
                    r = t - w;
                    w = fn * pio2_3t - ((t - r) - w);
                    *y0 = r - w;
                }
            }
        }
        *y1 = (r - *y0) - w;
        if (hx < 0) {
            *y0 = -*y0;
            *y1 = -*y1;
            return -n;
        }
        return n;
    }
    if (ix >= 0x7ff00000) {
        *y0 = *y1 = x - x;
        return 0;
    }
    // huge: x as three 24-bit pieces
    double tx[3];
    int e0 = (ix >> 20) - 1046;
    double z = fromWords(ix - shl(e0, 20), low(x));
    for (int i = 0; i < 2; i++) {
        tx[i] = (double) ((int) z);
        z = (z - tx[i]) * TWO24;
    }
    tx[2] = z;
    int nx = 3;
    while (tx[nx - 1] == 0.0) nx--;
    int n = reduceHuge(tx, e0, nx, y0, y1);
    if (hx < 0) {
        *y0 = -*y0;
        *y1 = -*y1;
        return -n;
    }
    return n;
}

// ---- sin, cos, tan ------------------------------------------------------------------------------------------

// sin(x + y) for |x| <= pi/4, y the tail of x; iy == 0 when y is zero.
COLONY_MATH double kernelSin(double x, double y, int iy) {
    const double S1 = -0x1.5555555555549p-3;
    const double S2 = 0x1.111111110f8a6p-7;
    const double S3 = -0x1.a01a019c161d5p-13;
    const double S4 = 0x1.71de357b1fe7dp-19;
    const double S5 = -0x1.ae5e68a2b9cebp-26;
    const double S6 = 0x1.5d93a5acfd57cp-33;
    int ix = high(x) & 0x7fffffff;
    if (ix < 0x3e400000) return x;  // |x| < 2^-27
    double z = x * x;
    double v = z * x;
    double r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
    if (iy == 0) return x + v * (S1 + z * r);
    return x - ((z * (0.5 * y - v * r) - y) - v * S1);
}

// cos(x + y) for |x| <= pi/4.
COLONY_MATH double kernelCos(double x, double y) {
    const double C1 = 0x1.555555555554cp-5;
    const double C2 = -0x1.6c16c16c15177p-10;
    const double C3 = 0x1.a01a019cb159p-16;
    const double C4 = -0x1.27e4f809c52adp-22;
    const double C5 = 0x1.1ee9ebdb4b1c4p-29;
    const double C6 = -0x1.8fae9be8838d4p-37;
    int ix = high(x) & 0x7fffffff;
    if (ix < 0x3e400000) return 1.0;  // |x| < 2^-27
    double z = x * x;
    double r = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
    if (ix < 0x3FD33333) return 1.0 - (0.5 * z - (z * r - x * y));  // |x| < 0.3
    double qx = ix > 0x3fe90000 ? 0.28125 : fromWords(ix - 0x00200000, 0);
    double hz = 0.5 * z - qx;
    double a = 1.0 - qx;
    return a - (hz - (z * r - x * y));
}

// tan(x + y) for |x| <= pi/4 when iy == 1, -1/tan(x + y) when iy == -1.
COLONY_MATH double kernelTan(double x, double y, int iy) {
    const double pio4 = 0x1.921fb54442d18p-1;
    const double pio4lo = 0x1.1a62633145c07p-55;
    const double T0 = 0x1.5555555555563p-2, T1 = 0x1.111111110fe7ap-3, T2 = 0x1.ba1ba1bb341fep-5;
    const double T3 = 0x1.664f48406d637p-6, T4 = 0x1.226e3e96e8493p-7, T5 = 0x1.d6d22c9560328p-9;
    const double T6 = 0x1.7dbc8fee08315p-10, T7 = 0x1.344d8f2f26501p-11, T8 = 0x1.026f71a8d1068p-12;
    const double T9 = 0x1.47e88a03792a6p-14, T10 = 0x1.2b80f32f0a7e9p-14, T11 = -0x1.375cbdb605373p-16;
    const double T12 = 0x1.b2a7074bf7ad4p-16;
    double z, r, v, w, s;
    int hx = high(x);
    int ix = hx & 0x7fffffff;
    if (ix < 0x3e300000) {  // |x| < 2^-28
        if (((ix | low(x)) | (iy + 1)) == 0) return 1.0 / fabs(x);
        if (iy == 1) return x;
        double a, t;  // -1 / (x + y), carefully
        z = w = x + y;
        z = withLow(z, 0);
        v = y - (z - x);
        t = a = -1.0 / w;
        t = withLow(t, 0);
        s = 1.0 + t * z;
        return t + a * (s + t * v);
    }
    if (ix >= 0x3FE59428) {  // |x| >= 0.6744
        if (hx < 0) {
            x = -x;
            y = -y;
        }
        z = pio4 - x;
        w = pio4lo - y;
        x = z + w;
        y = 0.0;
    }
    z = x * x;
    w = z * z;
    r = T1 + w * (T3 + w * (T5 + w * (T7 + w * (T9 + w * T11))));
    v = z * (T2 + w * (T4 + w * (T6 + w * (T8 + w * (T10 + w * T12)))));
    s = z * x;
    r = y + z * (s * (r + v) + y);
    r += T0 * s;
    w = x + r;
    if (ix >= 0x3FE59428) {
        v = (double) iy;
        return (double) (1 - ((hx >> 30) & 2)) * (v - 2.0 * (x - (w * w / (w + v) - r)));
    }
    if (iy == 1) return w;
    double a, t;
    z = w;
    z = withLow(z, 0);
    v = r - (z - x);
    t = a = -1.0 / w;
    t = withLow(t, 0);
    s = 1.0 + t * z;
    return t + a * (s + t * v);
}

COLONY_MATH double sin(double x) {
    int ix = high(x) & 0x7fffffff;
    if (ix <= 0x3fe921fb) return kernelSin(x, 0.0, 0);
    if (ix >= 0x7ff00000) return x - x;
    double y0, y1;
    int n = reducePio2(x, &y0, &y1);
    switch (n & 3) {
        case 0: return kernelSin(y0, y1, 1);
        case 1: return kernelCos(y0, y1);
        case 2: return -kernelSin(y0, y1, 1);
        default: return -kernelCos(y0, y1);
    }
}

COLONY_MATH double cos(double x) {
    int ix = high(x) & 0x7fffffff;
    if (ix <= 0x3fe921fb) return kernelCos(x, 0.0);
    if (ix >= 0x7ff00000) return x - x;
    double y0, y1;
    int n = reducePio2(x, &y0, &y1);
    switch (n & 3) {
        case 0: return kernelCos(y0, y1);
        case 1: return -kernelSin(y0, y1, 1);
        case 2: return -kernelCos(y0, y1);
        default: return kernelSin(y0, y1, 1);
    }
}

COLONY_MATH double tan(double x) {
    int ix = high(x) & 0x7fffffff;
    if (ix <= 0x3fe921fb) return kernelTan(x, 0.0, 1);
    if (ix >= 0x7ff00000) return x - x;
    double y0, y1;
    int n = reducePio2(x, &y0, &y1);
    return kernelTan(y0, y1, 1 - ((n & 1) << 1));
}

// ---- asin, acos, atan, atan2 --------------------------------------------------------------------------------

// The rational approximation p(t) / q(t) that asin and acos share.
COLONY_MATH double asinP(double t) {
    const double pS0 = 0x1.5555555555555p-3, pS1 = -0x1.4d61203eb6f7dp-2, pS2 = 0x1.9c1550e884455p-3;
    const double pS3 = -0x1.48228b5688f3bp-5, pS4 = 0x1.9efe07501b288p-11, pS5 = 0x1.23de10dfdf709p-15;
    return t * (pS0 + t * (pS1 + t * (pS2 + t * (pS3 + t * (pS4 + t * pS5)))));
}

COLONY_MATH double asinQ(double t) {
    const double qS1 = -0x1.33a271c8a2d4bp1, qS2 = 0x1.02ae59c598ac8p1, qS3 = -0x1.6066c1b8d0159p-1;
    const double qS4 = 0x1.3b8c5b12e9282p-4;
    return 1.0 + t * (qS1 + t * (qS2 + t * (qS3 + t * qS4)));
}

constexpr double PIO2_HI = 0x1.921fb54442d18p0;
constexpr double PIO2_LO = 0x1.1a62633145c07p-54;

COLONY_MATH double asin(double x) {
    const double pio4_hi = 0x1.921fb54442d18p-1;
    double t = 0, w, p, q, c, r, s;
    int hx = high(x);
    int ix = hx & 0x7fffffff;
    if (ix >= 0x3ff00000) {  // |x| >= 1
        if (((ix - 0x3ff00000) | low(x)) == 0) return x * PIO2_HI + x * PIO2_LO;
        return (x - x) / (x - x);
    }
    if (ix < 0x3fe00000) {  // |x| < 0.5
        if (ix < 0x3e400000) {
            if (HUGE_VALUE + x > 1.0) return x;
        } else {
            t = x * x;
        }
        p = asinP(t);
        q = asinQ(t);
        w = p / q;
        return x + x * w;
    }
    w = 1.0 - fabs(x);
    t = w * 0.5;
    p = asinP(t);
    q = asinQ(t);
    s = sqrt(t);
    if (ix >= 0x3FEF3333) {  // |x| > 0.975
        w = p / q;
        t = PIO2_HI - (2.0 * (s + s * w) - PIO2_LO);
    } else {
        w = s;
        w = withLow(w, 0);
        c = (t - w * w) / (s + w);
        r = p / q;
        p = 2.0 * s * r - (PIO2_LO - 2.0 * c);
        q = pio4_hi - 2.0 * w;
        t = pio4_hi - (p - q);
    }
    return hx > 0 ? t : -t;
}

COLONY_MATH double acos(double x) {
    double z, p, q, r, w, s, c, df;
    int hx = high(x);
    int ix = hx & 0x7fffffff;
    if (ix >= 0x3ff00000) {  // |x| >= 1
        if (((ix - 0x3ff00000) | low(x)) == 0) {
            if (hx > 0) return 0.0;
            return PI + 2.0 * PIO2_LO;
        }
        return (x - x) / (x - x);
    }
    if (ix < 0x3fe00000) {  // |x| < 0.5
        if (ix <= 0x3c600000) return PIO2_HI + PIO2_LO;
        z = x * x;
        p = asinP(z);
        q = asinQ(z);
        r = p / q;
        return PIO2_HI - (x - (PIO2_LO - x * r));
    }
    if (hx < 0) {  // x < -0.5
        z = (1.0 + x) * 0.5;
        p = asinP(z);
        q = asinQ(z);
        s = sqrt(z);
        r = p / q;
        w = r * s - PIO2_LO;
        return PI - 2.0 * (s + w);
    }
    z = (1.0 - x) * 0.5;  // x > 0.5
    s = sqrt(z);
    df = s;
    df = withLow(df, 0);
    c = (z - df * df) / (s + df);
    p = asinP(z);
    q = asinQ(z);
    r = p / q;
    w = r * s + c;
    return 2.0 * (df + w);
}

COLONY_MATH double atan(double x) {
    const double aT0 = 0x1.555555555550dp-2, aT1 = -0x1.999999998ebc4p-3, aT2 = 0x1.24924920083ffp-3;
    const double aT3 = -0x1.c71c6fe231671p-4, aT4 = 0x1.745cdc54c206ep-4, aT5 = -0x1.3b0f2af749a6dp-4;
    const double aT6 = 0x1.10d66a0d03d51p-4, aT7 = -0x1.dde2d52defd9ap-5, aT8 = 0x1.97b4b24760debp-5;
    const double aT9 = -0x1.2b4442c6a6c2fp-5, aT10 = 0x1.0ad3ae322da11p-6;
    const double atanHi3 = 0x1.921fb54442d18p0;
    const double atanLo3 = 0x1.1a62633145c07p-54;
    int id;
    int hx = high(x);
    int ix = hx & 0x7fffffff;
    if (ix >= 0x44100000) {  // |x| >= 2^66
        if (ix > 0x7ff00000 || (ix == 0x7ff00000 && low(x) != 0)) return x + x;
        return hx > 0 ? atanHi3 + atanLo3 : -atanHi3 - atanLo3;
    }
    if (ix < 0x3fdc0000) {  // |x| < 0.4375
        if (ix < 0x3e200000) {
            if (HUGE_VALUE + x > 1.0) return x;
        }
        id = -1;
    } else {
        x = fabs(x);
        if (ix < 0x3ff30000) {  // |x| < 1.1875
            if (ix < 0x3fe60000) {
                id = 0;
                x = (2.0 * x - 1.0) / (2.0 + x);
            } else {
                id = 1;
                x = (x - 1.0) / (x + 1.0);
            }
        } else if (ix < 0x40038000) {  // |x| < 2.4375
            id = 2;
            x = (x - 1.5) / (1.0 + 1.5 * x);
        } else {
            id = 3;
            x = -1.0 / x;
        }
    }
    double z = x * x;
    double w = z * z;
    double s1 = z * (aT0 + w * (aT2 + w * (aT4 + w * (aT6 + w * (aT8 + w * aT10)))));
    double s2 = w * (aT1 + w * (aT3 + w * (aT5 + w * (aT7 + w * aT9))));
    if (id < 0) return x - x * (s1 + s2);
    // atan(0.5), atan(1), atan(1.5), atan(inf) in two parts
    double hi = id == 0 ? 0x1.dac670561bb4fp-2 : id == 1 ? 0x1.921fb54442d18p-1 : id == 2 ? 0x1.f730bd281f69bp-1
                                                                                         : atanHi3;
    double lo = id == 0 ? 0x1.a2b7f222f65e2p-56 : id == 1 ? 0x1.1a62633145c07p-55 : id == 2 ? 0x1.007887af0cbbdp-56
                                                                                          : atanLo3;
    z = hi - ((x * (s1 + s2) - lo) - x);
    return hx < 0 ? -z : z;
}

COLONY_MATH double atan2(double y, double x) {
    const double tiny = 1.0e-300;
    const double pi_o_4 = 0x1.921fb54442d18p-1;
    const double pi_o_2 = 0x1.921fb54442d18p0;
    const double pi_lo = 0x1.1a62633145c07p-53;
    int hx = high(x);
    int ix = hx & 0x7fffffff;
    int lx = low(x);
    int hy = high(y);
    int iy = hy & 0x7fffffff;
    int ly = low(y);
    if (isNaN(x) || isNaN(y)) return x + y;
    if ((((unsigned) hx - 0x3ff00000u) | (unsigned) lx) == 0) return atan(y);  // x == 1
    int m = ((hy >> 31) & 1) | ((hx >> 30) & 2);  // 2 * sign(x) + sign(y)
    if ((iy | ly) == 0) {
        switch (m) {
            case 0:
            case 1: return y;
            case 2: return PI + tiny;
            default: return -PI - tiny;
        }
    }
    if ((ix | lx) == 0) return hy < 0 ? -pi_o_2 - tiny : pi_o_2 + tiny;
    if (ix == 0x7ff00000) {
        if (iy == 0x7ff00000) {
            switch (m) {
                case 0: return pi_o_4 + tiny;
                case 1: return -pi_o_4 - tiny;
                case 2: return 3.0 * pi_o_4 + tiny;
                default: return -3.0 * pi_o_4 - tiny;
            }
        }
        switch (m) {
            case 0: return 0.0;
            case 1: return -0.0;
            case 2: return PI + tiny;
            default: return -PI - tiny;
        }
    }
    if (iy == 0x7ff00000) return hy < 0 ? -pi_o_2 - tiny : pi_o_2 + tiny;
    int k = (iy - ix) >> 20;
    double z;
    if (k > 60) {  // |y / x| > 2^60
        z = pi_o_2 + 0.5 * pi_lo;
    } else if (hx < 0 && k < -60) {
        z = 0.0;
    } else {
        z = atan(fabs(y / x));
    }
    switch (m) {
        case 0: return z;
        case 1: return -z;
        case 2: return PI - (z - pi_lo);
        default: return (z - pi_lo) - PI;
    }
}

// ---- exp, expm1, log, log10, log1p --------------------------------------------------------------------------

COLONY_MATH double exp(double x) {
    const double huge = 1.0e+300;
    const double twom1000 = 0x1.0p-1000;
    const double o_threshold = 0x1.62e42fefa39efp9;
    const double u_threshold = -0x1.74910d52d3051p9;
    const double ln2HI = 0x1.62e42feep-1;
    const double ln2LO = 0x1.a39ef35793c76p-33;
    const double invln2 = 0x1.71547652b82fep0;
    const double P1 = 0x1.555555555553ep-3, P2 = -0x1.6c16c16bebd93p-9, P3 = 0x1.1566aaf25de2cp-14;
    const double P4 = -0x1.bbd41c5d26bf1p-20, P5 = 0x1.6376972bea4d0p-25;
    double y, c, t;
    double hi = 0.0;
    double lo = 0.0;
    int k = 0;
    int hx = high(x);
    int xsb = (hx >> 31) & 1;
    hx &= 0x7fffffff;
    if (hx >= 0x40862E42) {  // |x| >= 709.78...
        if (hx >= 0x7ff00000) {
            if (((hx & 0xfffff) | low(x)) != 0) return x + x;
            return xsb == 0 ? x : 0.0;
        }
        if (x > o_threshold) return huge * huge;
        if (x < u_threshold) return 0.0;  // 2^-1000 * 2^-1000, rounded
    }
    if (hx > 0x3fd62e42) {  // |x| > 0.5 ln2
        if (hx < 0x3FF0A2B2) {  // and < 1.5 ln2
            hi = x - (xsb == 0 ? ln2HI : -ln2HI);
            lo = xsb == 0 ? ln2LO : -ln2LO;
            k = 1 - xsb - xsb;
        } else {
            k = (int) (invln2 * x + (xsb == 0 ? 0.5 : -0.5));
            t = k;
            hi = x - t * ln2HI;
            lo = t * ln2LO;
        }
        x = hi - lo;
    } else if (hx < 0x3e300000) {  // |x| < 2^-28
        if (huge + x > 1.0) return 1.0 + x;
    } else {
        k = 0;
    }
    t = x * x;
    c = x - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
    if (k == 0) return 1.0 - ((x * c) / (c - 2.0) - x);
    y = 1.0 - ((lo - (x * c) / (2.0 - c)) - hi);
    if (k >= -1021) return withHigh(y, high(y) + shl(k, 20));
    y = withHigh(y, high(y) + shl(k + 1000, 20));
    return y * twom1000;
}

COLONY_MATH double expm1(double x) {
    const double huge = 1.0e+300;
    const double tiny = 1.0e-300;
    const double o_threshold = 0x1.62e42fefa39efp9;
    const double ln2_hi = 0x1.62e42feep-1;
    const double ln2_lo = 0x1.a39ef35793c76p-33;
    const double invln2 = 0x1.71547652b82fep0;
    const double Q1 = -0x1.11111111110f4p-5, Q2 = 0x1.a01a019fe5585p-10, Q3 = -0x1.4ce199eaadbb7p-14;
    const double Q4 = 0x1.0cfca86e65239p-18, Q5 = -0x1.afdb76e09c32dp-23;
    double y, hi, lo, t, e, hxs, hfx, r1;
    double c = 0;
    int k;
    int hx = high(x);
    int xsb = hx & (int) 0x80000000u;
    hx &= 0x7fffffff;
    if (hx >= 0x4043687A) {  // |x| >= 56 ln2
        if (hx >= 0x40862E42) {  // |x| >= 709.78...
            if (hx >= 0x7ff00000) {
                if (((hx & 0xfffff) | low(x)) != 0) return x + x;
                return xsb == 0 ? x : -1.0;
            }
            if (x > o_threshold) return huge * huge;
        }
        if (xsb != 0) {  // x < -56 ln2
            if (x + tiny < 0.0) return tiny - 1.0;
        }
    }
    if (hx > 0x3fd62e42) {  // |x| > 0.5 ln2
        if (hx < 0x3FF0A2B2) {  // and < 1.5 ln2
            if (xsb == 0) {
                hi = x - ln2_hi;
                lo = ln2_lo;
                k = 1;
            } else {
                hi = x + ln2_hi;
                lo = -ln2_lo;
                k = -1;
            }
        } else {
            k = (int) (invln2 * x + (xsb == 0 ? 0.5 : -0.5));
            t = k;
            hi = x - t * ln2_hi;
            lo = t * ln2_lo;
        }
        x = hi - lo;
        c = (hi - x) - lo;
    } else if (hx < 0x3c900000) {  // |x| < 2^-54
        t = huge + x;
        return x - (t - (huge + x));
    } else {
        k = 0;
    }
    hfx = 0.5 * x;
    hxs = x * hfx;
    r1 = 1.0 + hxs * (Q1 + hxs * (Q2 + hxs * (Q3 + hxs * (Q4 + hxs * Q5))));
    t = 3.0 - r1 * hfx;
    e = hxs * ((r1 - t) / (6.0 - x * t));
    if (k == 0) return x - (x * e - hxs);
    e = (x * (e - c) - c);
    e -= hxs;
    if (k == -1) return 0.5 * (x - e) - 0.5;
    if (k == 1) {
        if (x < -0.25) return -2.0 * (e - (x + 0.5));
        return 1.0 + 2.0 * (x - e);
    }
    if (k <= -2 || k > 56) {  // exp(x) - 1 is exp(x) here
        y = 1.0 - (e - x);
        y = withHigh(y, high(y) + shl(k, 20));
        return y - 1.0;
    }
    t = 1.0;
    if (k < 20) {
        t = withHigh(t, 0x3ff00000 - (0x200000 >> k));  // 1 - 2^-k
        y = t - (e - x);
        y = withHigh(y, high(y) + shl(k, 20));
    } else {
        t = withHigh(t, shl(0x3ff - k, 20));  // 2^-k
        y = x - (e + t);
        y += 1.0;
        y = withHigh(y, high(y) + shl(k, 20));
    }
    return y;
}

COLONY_MATH double log(double x) {
    const double ln2_hi = 0x1.62e42feep-1;
    const double ln2_lo = 0x1.a39ef35793c76p-33;
    const double Lg1 = 0x1.5555555555593p-1, Lg2 = 0x1.999999997fa04p-2, Lg3 = 0x1.2492494229359p-2;
    const double Lg4 = 0x1.c71c51d8e78afp-3, Lg5 = 0x1.7466496cb03dep-3, Lg6 = 0x1.39a09d078c69fp-3;
    const double Lg7 = 0x1.2f112df3e5244p-3;
    double hfsq, f, s, z, R, w, t1, t2, dk;
    int hx = high(x);
    int lx = low(x);
    int k = 0;
    if (hx < 0x00100000) {  // x < 2^-1022
        if (((hx & 0x7fffffff) | lx) == 0) return -infinity();
        if (hx < 0) return notANumber();
        k -= 54;
        x *= TWO54;  // subnormal: scale up
        hx = high(x);
    }
    if (hx >= 0x7ff00000) return x + x;
    k += (hx >> 20) - 1023;
    hx &= 0x000fffff;
    int i = (hx + 0x95f64) & 0x100000;
    x = withHigh(x, hx | (i ^ 0x3ff00000));  // x or x/2 in [sqrt(2)/2, sqrt(2))
    k += (i >> 20);
    f = x - 1.0;
    if ((0x000fffff & (2 + hx)) < 3) {  // |f| < 2^-20
        if (f == 0.0) {
            if (k == 0) return 0.0;
            dk = (double) k;
            return dk * ln2_hi + dk * ln2_lo;
        }
        R = f * f * (0.5 - 0.33333333333333333 * f);
        if (k == 0) return f - R;
        dk = (double) k;
        return dk * ln2_hi - ((R - dk * ln2_lo) - f);
    }
    s = f / (2.0 + f);
    dk = (double) k;
    z = s * s;
    i = hx - 0x6147a;
    w = z * z;
    int j = 0x6b851 - hx;
    t1 = w * (Lg2 + w * (Lg4 + w * Lg6));
    t2 = z * (Lg1 + w * (Lg3 + w * (Lg5 + w * Lg7)));
    i |= j;
    R = t2 + t1;
    if (i > 0) {
        hfsq = 0.5 * f * f;
        if (k == 0) return f - (hfsq - s * (hfsq + R));
        return dk * ln2_hi - ((hfsq - (s * (hfsq + R) + dk * ln2_lo)) - f);
    }
    if (k == 0) return f - s * (f - R);
    return dk * ln2_hi - ((s * (f - R) - dk * ln2_lo) - f);
}

COLONY_MATH double log10(double x) {
    const double ivln10 = 0x1.bcb7b1526e50ep-2;
    const double log10_2hi = 0x1.34413509f6p-2;
    const double log10_2lo = 0x1.9fef311f12b36p-42;
    int hx = high(x);
    int lx = low(x);
    int k = 0;
    if (hx < 0x00100000) {
        if (((hx & 0x7fffffff) | lx) == 0) return -infinity();
        if (hx < 0) return notANumber();
        k -= 54;
        x *= TWO54;
        hx = high(x);
    }
    if (hx >= 0x7ff00000) return x + x;
    k += (hx >> 20) - 1023;
    int i = (int) ((unsigned) k >> 31);
    hx = (hx & 0x000fffff) | shl(0x3ff - i, 20);
    double y = (double) (k + i);
    x = withHigh(x, hx);
    double z = y * log10_2lo + ivln10 * log(x);
    return z + y * log10_2hi;
}

COLONY_MATH double log1p(double x) {
    const double ln2_hi = 0x1.62e42feep-1;
    const double ln2_lo = 0x1.a39ef35793c76p-33;
    const double Lp1 = 0x1.5555555555593p-1, Lp2 = 0x1.999999997fa04p-2, Lp3 = 0x1.2492494229359p-2;
    const double Lp4 = 0x1.c71c51d8e78afp-3, Lp5 = 0x1.7466496cb03dep-3, Lp6 = 0x1.39a09d078c69fp-3;
    const double Lp7 = 0x1.2f112df3e5244p-3;
    double hfsq, s, z, R, u;
    double f = 0;
    double c = 0;
    int hu = 0;
    int hx = high(x);
    int ax = hx & 0x7fffffff;
    int k = 1;
    if (hx < 0x3FDA827A) {  // x < 0.41422
        if (ax >= 0x3ff00000) {  // x <= -1.0
            if (x == -1.0) return -infinity();
            return notANumber();
        }
        if (ax < 0x3e200000) {  // |x| < 2^-29
            if (TWO54 + x > 0.0 && ax < 0x3c900000) return x;
            return x - x * x * 0.5;
        }
        if (hx > 0 || hx <= (int) 0xbfd2bec3u) {  // -0.2929 < x < 0.41422
            k = 0;
            f = x;
            hu = 1;
        }
    }
    if (hx >= 0x7ff00000) return x + x;
    if (k != 0) {
        if (hx < 0x43400000) {
            u = 1.0 + x;
            hu = high(u);
            k = (hu >> 20) - 1023;
            c = k > 0 ? 1.0 - (u - x) : x - (u - 1.0);  // the rounding error of 1 + x
            c /= u;
        } else {
            u = x;
            hu = high(u);
            k = (hu >> 20) - 1023;
            c = 0;
        }
        hu &= 0x000fffff;
        if (hu < 0x6a09e) {
            u = withHigh(u, hu | 0x3ff00000);
        } else {
            k += 1;
            u = withHigh(u, hu | 0x3fe00000);
            hu = (0x00100000 - hu) >> 2;
        }
        f = u - 1.0;
    }
    hfsq = 0.5 * f * f;
    if (hu == 0) {  // |f| < 2^-20
        if (f == 0.0) {
            if (k == 0) return 0.0;
            c += k * ln2_lo;
            return k * ln2_hi + c;
        }
        R = hfsq * (1.0 - 0.66666666666666666 * f);
        if (k == 0) return f - R;
        return k * ln2_hi - ((R - (k * ln2_lo + c)) - f);
    }
    s = f / (2.0 + f);
    z = s * s;
    R = z * (Lp1 + z * (Lp2 + z * (Lp3 + z * (Lp4 + z * (Lp5 + z * (Lp6 + z * Lp7))))));
    if (k == 0) return f - (hfsq - s * (hfsq + R));
    return k * ln2_hi - ((hfsq - (s * (hfsq + R) + (k * ln2_lo + c))) - f);
}

// ---- pow ------------------------------------------------------------------------------------------------------

COLONY_MATH double pow(double x, double y) {
    double z, r, s, t, u, v, w;
    int i, j, k, n;
    if (y == 0.0) return 1.0;
    if (isNaN(x) || isNaN(y)) return x + y;
    const double y_abs = fabs(y);
    double x_abs = fabs(x);
    if (y == 2.0) {
        return x * x;
    } else if (y == 0.5) {
        if (x >= -0x1.fffffffffffffp1023) return sqrt(x + 0.0);  // x == -infinity further down
    } else if (y_abs == 1.0) {
        return y == 1.0 ? x : 1.0 / x;
    } else if (y_abs == infinity()) {
        if (x_abs == 1.0) return y - y;
        if (x_abs > 1.0) return y >= 0 ? y : 0.0;
        return y < 0 ? -y : 0.0;
    }
    const int hx = high(x);
    int ix = hx & 0x7fffffff;
    // y_is_int: 0 when y is not an integer (as far as a negative x cares), 1 when odd, 2 when even
    int y_is_int = 0;
    if (hx < 0) {
        if (y_abs >= 0x1.0p53) {
            y_is_int = 2;
        } else if (y_abs >= 1.0) {
            long long y_abs_as_long = (long long) y_abs;
            if ((double) y_abs_as_long == y_abs) y_is_int = 2 - (int) (y_abs_as_long & 0x1LL);
        }
    }
    if (x_abs == 0.0 || x_abs == infinity() || x_abs == 1.0) {
        z = x_abs;
        if (y < 0.0) z = 1.0 / z;
        if (hx < 0) {
            if (((ix - 0x3ff00000) | y_is_int) == 0) {
                z = (z - z) / (z - z);  // (-1) ** non-integer
            } else if (y_is_int == 1) {
                z = -1.0 * z;
            }
        }
        return z;
    }
    n = (hx >> 31) + 1;
    if ((n | y_is_int) == 0) return (x - x) / (x - x);  // (x < 0) ** non-integer
    s = 1.0;
    if ((n | (y_is_int - 1)) == 0) s = -1.0;  // (x < 0) ** odd integer
    double p_h, p_l, t1, t2;
    if (y_abs > 0x1.00000ffffffffp31) {  // |y| > ~2^31
        const double INV_LN2 = 0x1.71547652b82fep0;
        const double INV_LN2_H = 0x1.715476p0;
        const double INV_LN2_L = 0x1.4ae0bf85ddf44p-26;
        if (x_abs < 0x1.fffff00000000p-1) return y < 0.0 ? s * infinity() : s * 0.0;
        if (x_abs > 0x1.00000ffffffffp0) return y > 0.0 ? s * infinity() : s * 0.0;
        t = x_abs - 1.0;
        w = (t * t) * (0.5 - t * (0.3333333333333333333333 - t * 0.25));
        u = INV_LN2_H * t;
        v = t * INV_LN2_L - w * INV_LN2;
        t1 = u + v;
        t1 = withLow(t1, 0);
        t2 = v - (t1 - u);
    } else {
        const double CP = 0x1.ec709dc3a03fdp-1;
        const double CP_H = 0x1.ec709ep-1;
        const double CP_L = -0x1.e2fe0145b01f5p-28;
        double z_h, z_l, ss, s2, s_h, s_l, t_h, t_l;
        n = 0;
        if (ix < 0x00100000) {  // subnormal x
            x_abs *= 0x1.0p53;
            n -= 53;
            ix = high(x_abs);
        }
        n += ((ix) >> 20) - 0x3ff;
        j = ix & 0x000fffff;
        ix = j | 0x3ff00000;
        if (j <= 0x3988E) {
            k = 0;  // |x| < sqrt(3/2)
        } else if (j < 0xBB67A) {
            k = 1;  // |x| < sqrt(3)
        } else {
            k = 0;
            n += 1;
            ix -= 0x00100000;
        }
        x_abs = withHigh(x_abs, ix);
        const double bp = k == 0 ? 1.0 : 1.5;
        const double dp_h = k == 0 ? 0.0 : 0x1.2b8034p-1;
        const double dp_l = k == 0 ? 0.0 : 0x1.cfdeb43cfd006p-27;
        const double L1 = 0x1.3333333333303p-1, L2 = 0x1.b6db6db6fabffp-2, L3 = 0x1.55555518f264dp-2;
        const double L4 = 0x1.17460a91d4101p-2, L5 = 0x1.d864a93c9db65p-3, L6 = 0x1.a7e284a454eefp-3;
        u = x_abs - bp;
        v = 1.0 / (x_abs + bp);
        ss = u * v;
        s_h = ss;
        s_h = withLow(s_h, 0);
        t_h = 0.0;
        t_h = withHigh(t_h, ((ix >> 1) | 0x20000000) + 0x00080000 + (k << 18));
        t_l = x_abs - (t_h - bp);
        s_l = v * ((u - s_h * t_h) - s_h * t_l);
        s2 = ss * ss;
        r = s2 * s2 * (L1 + s2 * (L2 + s2 * (L3 + s2 * (L4 + s2 * (L5 + s2 * L6)))));
        r += s_l * (s_h + ss);
        s2 = s_h * s_h;
        t_h = 3.0 + s2 + r;
        t_h = withLow(t_h, 0);
        t_l = r - ((t_h - 3.0) - s2);
        u = s_h * t_h;
        v = s_l * t_h + t_l * ss;
        p_h = u + v;
        p_h = withLow(p_h, 0);
        p_l = v - (p_h - u);
        z_h = CP_H * p_h;
        z_l = CP_L * p_h + p_l * CP + dp_l;
        t = (double) n;
        t1 = (((z_h + z_l) + dp_h) + t);
        t1 = withLow(t1, 0);
        t2 = z_l - (((t1 - t) - dp_h) - z_h);
    }
    // y * log2(|x|) as p_h + p_l
    double y1 = y;
    y1 = withLow(y1, 0);
    p_l = (y - y1) * t1 + y * t2;
    p_h = y1 * t1;
    z = p_l + p_h;
    j = high(z);
    i = low(z);
    if (j >= 0x40900000) {  // z >= 1024
        if (((j - 0x40900000) | i) != 0) return s * infinity();
        const double OVT = 8.0085662595372944372e-0017;
        if (p_l + OVT > z - p_h) return s * infinity();
    } else if ((j & 0x7fffffff) >= 0x4090cc00) {  // z <= -1075
        if ((((unsigned) j - 0xc090cc00u) | (unsigned) i) != 0) return s * 0.0;
        if (p_l <= z - p_h) return s * 0.0;
    }
    const double P1 = 0x1.555555555553ep-3, P2 = -0x1.6c16c16bebd93p-9, P3 = 0x1.1566aaf25de2cp-14;
    const double P4 = -0x1.bbd41c5d26bf1p-20, P5 = 0x1.6376972bea4d0p-25;
    const double LG2 = 0x1.62e42fefa39efp-1;
    const double LG2_H = 0x1.62e43p-1;
    const double LG2_L = -0x1.05c610ca86c39p-29;
    i = j & 0x7fffffff;
    k = (i >> 20) - 0x3ff;
    n = 0;
    if (i > 0x3fe00000) {  // |z| > 0.5: n = [z + 0.5]
        n = j + (0x00100000 >> (k + 1));
        k = ((n & 0x7fffffff) >> 20) - 0x3ff;
        t = 0.0;
        t = withHigh(t, (n & ~(0x000fffff >> k)));
        n = ((n & 0x000fffff) | 0x00100000) >> (20 - k);
        if (j < 0) n = -n;
        p_h -= t;
    }
    t = p_l + p_h;
    t = withLow(t, 0);
    u = t * LG2_H;
    v = (p_l - (t - p_h)) * LG2 + t * LG2_L;
    z = u + v;
    w = v - (z - u);
    t = z * z;
    t1 = z - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
    r = (z * t1) / (t1 - 2.0) - (w + z * w);
    z = 1.0 - (r - z);
    j = high(z);
    j += shl(n, 20);
    if ((j >> 20) <= 0) {
        z = scalb(z, n);  // subnormal result
    } else {
        z = withHigh(z, high(z) + shl(n, 20));
    }
    return s * z;
}

// ---- sinh, cosh, tanh ---------------------------------------------------------------------------------------

COLONY_MATH double sinh(double x) {
    const double shuge = 1.0e307;
    double t, w;
    int jx = high(x);
    int ix = jx & 0x7fffffff;
    if (ix >= 0x7ff00000) return x + x;
    double h = 0.5;
    if (jx < 0) h = -h;
    if (ix < 0x40360000) {  // |x| < 22
        if (ix < 0x3e300000) {
            if (shuge + x > 1.0) return x;  // |x| < 2^-28
        }
        t = expm1(fabs(x));
        if (ix < 0x3ff00000) return h * (2.0 * t - t * t / (t + 1.0));
        return h * (t + t / (t + 1.0));
    }
    if (ix < 0x40862E42) return h * exp(fabs(x));  // |x| < log(MAX_VALUE)
    unsigned lx = (unsigned) low(x);
    if (ix < 0x408633CE || (ix == 0x408633ce && lx <= 0x8fb9f87du)) {  // |x| below the overflow threshold
        w = exp(0.5 * fabs(x));
        t = h * w;
        return t * w;
    }
    return x * shuge;
}

COLONY_MATH double cosh(double x) {
    const double huge = 1.0e300;
    double t, w;
    int ix = high(x) & 0x7fffffff;
    if (ix >= 0x7ff00000) return x * x;
    if (ix < 0x3fd62e43) {  // |x| < 0.5 ln2
        t = expm1(fabs(x));
        w = 1.0 + t;
        if (ix < 0x3c800000) return w;
        return 1.0 + (t * t) / (w + w);
    }
    if (ix < 0x40360000) {  // |x| < 22
        t = exp(fabs(x));
        return 0.5 * t + 0.5 / t;
    }
    if (ix < 0x40862E42) return 0.5 * exp(fabs(x));
    unsigned lx = (unsigned) low(x);
    if (ix < 0x408633CE || (ix == 0x408633ce && lx <= 0x8fb9f87du)) {
        w = exp(0.5 * fabs(x));
        t = 0.5 * w;
        return t * w;
    }
    return huge * huge;
}

COLONY_MATH double tanh(double x) {
    const double tiny = 1.0e-300;
    double t, z;
    int jx = high(x);
    int ix = jx & 0x7fffffff;
    if (ix >= 0x7ff00000) {
        if (jx >= 0) return 1.0 / x + 1.0;
        return 1.0 / x - 1.0;
    }
    if (ix < 0x40360000) {  // |x| < 22
        if (ix < 0x3c800000) return x * (1.0 + x);
        if (ix >= 0x3ff00000) {
            t = expm1(2.0 * fabs(x));
            z = 1.0 - 2.0 / (t + 2.0);
        } else {
            t = expm1(-2.0 * fabs(x));
            z = -t / (t + 2.0);
        }
    } else {
        z = 1.0 - tiny;
    }
    return jx >= 0 ? z : -z;
}

// ---- hypot, cbrt ----------------------------------------------------------------------------------------------

COLONY_MATH double hypot(double x, double y) {
    double a = fabs(x);
    double b = fabs(y);
    if (!isFinite(a) || !isFinite(b)) {
        if (a == infinity() || b == infinity()) return infinity();
        return a + b;
    }
    if (b > a) {
        double tmp = a;
        a = b;
        b = tmp;
    }
    int ha = high(a);
    int hb = high(b);
    if ((ha - hb) > 0x3c00000) return a + b;  // a / b > 2^60
    int k = 0;
    if (a > 0x1.00000ffffffffp500) {  // a > ~2^500: scale both down
        ha -= 0x25800000;
        hb -= 0x25800000;
        a = a * 0x1.0p-600;
        b = b * 0x1.0p-600;
        k += 600;
    }
    double t1, t2;
    if (b < 0x1.0p-500) {  // b < 2^-500
        if (b < 0x1.0p-1022) {  // subnormal b or 0
            if (b == 0.0) return a;
            t1 = 0x1.0p1022;
            b *= t1;
            a *= t1;
            k -= 1022;
        } else {  // scale both up
            ha += 0x25800000;
            hb += 0x25800000;
            a = a * 0x1.0p600;
            b = b * 0x1.0p600;
            k -= 600;
        }
    }
    double w = a - b;
    if (w > b) {
        t1 = fromWords(ha, 0);
        t2 = a - t1;
        w = sqrt(t1 * t1 - (b * (-b) - t2 * (a + t1)));
    } else {
        a = a + a;
        double y1 = fromWords(hb, 0);
        double y2 = b - y1;
        t1 = fromWords(ha + 0x00100000, 0);
        t2 = a - t1;
        w = sqrt(t1 * y1 - (w * (-w) - (t1 * y2 + t2 * b)));
    }
    return k != 0 ? powerOfTwo(k) * w : w;
}

COLONY_MATH double cbrt(double x) {
    const int B1 = 715094163;  // (1023 - 1023/3 - 0.03306235651) * 2^20
    const int B2 = 696219795;  // (1023 - 1023/3 - 54/3 - 0.03306235651) * 2^20
    const double C = 0x1.15f15f15f15f1p-1;
    const double D = -0x1.691de2532c834p-1;
    const double E = 0x1.6a0ea0ea0ea0fp0;
    const double F = 0x1.9b6db6db6db6ep0;
    const double G = 0x1.6db6db6db6db7p-2;
    double t = 0.0;
    if (x == 0.0 || !isFinite(x)) return x;
    double sign = x < 0.0 ? -1.0 : 1.0;
    x = fabs(x);
    if (x < 0x1.0p-1022) {  // subnormal
        t = 0x1.0p54;
        t *= x;
        t = withHigh(t, high(t) / 3 + B2);
    } else {
        t = withHigh(t, high(x) / 3 + B1);
    }
    double r = t * t / x;
    double s = C + r * t;
    t *= G + F / (s + E + D / s);
    t = withLow(t, 0);  // chop to 20 bits and make it larger than cbrt(x)
    t = withHigh(t, high(t) + 0x00000001);
    s = t * t;
    r = x / s;
    double w = t + t;
    r = (r - t) / (w + r);
    t = t + t * r;
    return sign * t;
}

// ---- the framework's normal draw ------------------------------------------------------------------------------

// org.colony.kernel.RandomStream.normal() from its two uniforms u and v: sqrt(-2 log(1 - u)) * cos(2 pi v).
COLONY_MATH double boxMuller(double u, double v) {
    const double twoPi = 6.283185307179586;
    return sqrt(-2.0 * log(1.0 - u)) * cos(twoPi * v);
}

}  // namespace fdlibm
}  // namespace colony
