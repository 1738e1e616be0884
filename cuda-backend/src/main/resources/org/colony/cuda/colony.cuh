// Colony device library: the definitions generated CUDA kernels rely on to compute exactly what the
// Java kernels compute (Java's integer and conversion semantics, Math functions, the framework's
// Philox4x32-10 random streams), and the frame that carries a block's layout to a kernel.
// Compiled by NVRTC together with a model's generated source; part of the Colony CUDA backend.
#pragma once

#include "fdlibm.cuh"

typedef signed char jbyte;
typedef short jshort;
typedef int jint;
typedef long long jlong;
typedef unsigned int juint;
typedef unsigned long long julong;

// Lanes (columns of cells) each thread of a row-marching kernel walks; 0: the kernel's own choice. The
// runtime sets it only when overridden for tuning.
#ifndef COLONY_LANES
#define COLONY_LANES 0
#endif

// Edges a loop over a vertex's neighbours loads at a time (targets and the attributes read through them) before
// its body runs on each: loads in flight together. The runtime sets it only when overridden for tuning.
#ifndef COLONY_NEIGHBOR_CHUNK
#define COLONY_NEIGHBOR_CHUNK 4
#endif

namespace colony {

// ---- a hub's warp: every lane runs the same vertex; a neighbours loop hands each edge's values around -----
// Lane k's value, on every lane of the warp (all 32 call it together: they run the same code on the same data).
template <typename T>
__device__ __forceinline__ T shuffle(T v, int k) {
    if constexpr (sizeof(T) < 4) {
        return (T) __shfl_sync(0xffffffffu, (int) v, k);
    } else {
        return __shfl_sync(0xffffffffu, v, k);
    }
}

// ---- the frame of a call: where a block's cells live, and the values of the call -----------------
// Layout as org.colony.kernel.Layout, written by the runtime field by field (144 bytes).
struct Frame {
    jlong base;      // storage index of the owned cell at local (0, 0, 0)
    jlong strideY;   // storage distance between cells one apart along y
    jlong strideZ;   // ... along z
    julong seed;     // the simulation seed
    julong epoch;    // the random stream of this call
    jlong time;      // the simulation time
    julong error;    // device address of the error word (juint*)
    jlong rows;      // extent1 * extent2 (places); live agents (agents)
    jlong pitch;     // distance between the element columns of an array attribute
    jlong placePitch; // for agent kernels, the pitch of the places' array attributes
    julong gate;     // device address of a jlong that, where it is 0, makes an agent step do nothing (0: no gate)
    jint dims, size0, size1, size2;
    jint origin0, origin1, origin2;
    jint extent0, extent1, extent2;
    jint pad, wrap;
    jint march;      // rows each thread walks in a row-marching kernel
    jint step;       // model << 16 | step number, for error reports (-1: no step)
};

// Whether an agent step's launch is gated off: rounds of manageAll queued without a wait run the retry step of a round
// only where the round before it refused some move (its count, on the device).
__device__ __forceinline__ bool gatedOff(const Frame& f) {
    return f.gate != 0 && *(const jlong*) f.gate == 0;
}

// ---- errors: the first failure of a call is kept as (kind << 24 | source line), a detail (the value at
// fault) and the step that ran; the host reports it at its next wait for the device.
enum ErrorKind { DIVIDE_BY_ZERO = 1, INDEX = 2, REACH = 3, BOUND = 4, SPAWN = 5, TWO_WRITERS = 6, SPAWN_PLACE = 7, SPAWN_SPREAD = 8 };

__device__ __forceinline__ void fail(const Frame& f, int kind, int line, jint detail = 0, juint detail2 = 0) {
    juint* record = (juint*) f.error;
    if (atomicCAS(record, 0u, ((juint) kind << 24) | ((juint) line & 0xFFFFFFu)) == 0u) {
        record[1] = (juint) detail;
        record[2] = (juint) f.step;
        record[3] = detail2;
    }
}

// ---- Java integer arithmetic: two's complement wrap-around, masked shift counts -------------------
__device__ __forceinline__ jint add(jint a, jint b) { return (jint) ((juint) a + (juint) b); }
__device__ __forceinline__ jlong add(jlong a, jlong b) { return (jlong) ((julong) a + (julong) b); }
__device__ __forceinline__ jint sub(jint a, jint b) { return (jint) ((juint) a - (juint) b); }
__device__ __forceinline__ jlong sub(jlong a, jlong b) { return (jlong) ((julong) a - (julong) b); }
__device__ __forceinline__ jint mul(jint a, jint b) { return (jint) ((juint) a * (juint) b); }
__device__ __forceinline__ jlong mul(jlong a, jlong b) { return (jlong) ((julong) a * (julong) b); }
__device__ __forceinline__ jint neg(jint a) { return (jint) (0u - (juint) a); }
__device__ __forceinline__ jlong neg(jlong a) { return (jlong) (0ull - (julong) a); }

__device__ __forceinline__ jint div(jint a, jint b, const Frame& f, int line) {
    if (b == 0) { fail(f, DIVIDE_BY_ZERO, line); return 0; }
    return b == -1 ? neg(a) : a / b;
}
__device__ __forceinline__ jlong div(jlong a, jlong b, const Frame& f, int line) {
    if (b == 0) { fail(f, DIVIDE_BY_ZERO, line); return 0; }
    return b == -1 ? neg(a) : a / b;
}
__device__ __forceinline__ jint rem(jint a, jint b, const Frame& f, int line) {
    if (b == 0) { fail(f, DIVIDE_BY_ZERO, line); return 0; }
    return b == -1 ? 0 : a % b;
}
__device__ __forceinline__ jlong rem(jlong a, jlong b, const Frame& f, int line) {
    if (b == 0) { fail(f, DIVIDE_BY_ZERO, line); return 0; }
    return b == -1 ? 0 : a % b;
}
__device__ __forceinline__ float rem(float a, float b) { return fmodf(a, b); }
__device__ __forceinline__ double rem(double a, double b) { return fmod(a, b); }

__device__ __forceinline__ jint shl(jint a, jlong n) { return (jint) ((juint) a << (n & 31)); }
__device__ __forceinline__ jlong shl(jlong a, jlong n) { return (jlong) ((julong) a << (n & 63)); }
__device__ __forceinline__ jint shr(jint a, jlong n) { return a >> (n & 31); }
__device__ __forceinline__ jlong shr(jlong a, jlong n) { return a >> (n & 63); }
__device__ __forceinline__ jint ushr(jint a, jlong n) { return (jint) ((juint) a >> (n & 31)); }
__device__ __forceinline__ jlong ushr(jlong a, jlong n) { return (jlong) ((julong) a >> (n & 63)); }

// ---- Java conversions: floating to integer truncates, saturates, and maps NaN to 0 -----------------
__device__ __forceinline__ jint d2i(double x) { return __double2int_rz(x); }
__device__ __forceinline__ jlong d2l(double x) { return __double2ll_rz(x); }
__device__ __forceinline__ jint f2i(float x) { return __float2int_rz(x); }
__device__ __forceinline__ jlong f2l(float x) { return __float2ll_rz(x); }
__device__ __forceinline__ float d2f(double x) { return __double2float_rn(x); }
__device__ __forceinline__ float i2f(jint x) { return __int2float_rn(x); }
__device__ __forceinline__ float l2f(jlong x) { return __ll2float_rn(x); }
__device__ __forceinline__ double l2d(jlong x) { return __ll2double_rn(x); }

// ---- java.lang.Math -----------------------------------------------------------------------------
__device__ __forceinline__ jint abs(jint a) { return a < 0 ? neg(a) : a; }
__device__ __forceinline__ jlong abs(jlong a) { return a < 0 ? neg(a) : a; }
__device__ __forceinline__ float abs(float a) { return fabsf(a); }
__device__ __forceinline__ double abs(double a) { return fabs(a); }
__device__ __forceinline__ jint min(jint a, jint b) { return a <= b ? a : b; }
__device__ __forceinline__ jlong min(jlong a, jlong b) { return a <= b ? a : b; }
__device__ __forceinline__ jint max(jint a, jint b) { return a >= b ? a : b; }
__device__ __forceinline__ jlong max(jlong a, jlong b) { return a >= b ? a : b; }
// Math.min/max on floating point: NaN wins, and -0.0 is below 0.0.
__device__ __forceinline__ double min(double a, double b) {
    if (a != a) return a;
    if (a == 0.0 && b == 0.0) return __longlong_as_double(__double_as_longlong(a) | __double_as_longlong(b));
    return a <= b ? a : b;
}
__device__ __forceinline__ double max(double a, double b) {
    if (a != a) return a;
    if (a == 0.0 && b == 0.0) return __longlong_as_double(__double_as_longlong(a) & __double_as_longlong(b));
    return a >= b ? a : b;
}
__device__ __forceinline__ float min(float a, float b) {
    if (a != a) return a;
    if (a == 0.0f && b == 0.0f) return __int_as_float(__float_as_int(a) | __float_as_int(b));
    return a <= b ? a : b;
}
__device__ __forceinline__ float max(float a, float b) {
    if (a != a) return a;
    if (a == 0.0f && b == 0.0f) return __int_as_float(__float_as_int(a) & __float_as_int(b));
    return a >= b ? a : b;
}
__device__ __forceinline__ jint floorDiv(jint a, jint b, const Frame& f, int line) {
    jint q = div(a, b, f, line);
    return ((a ^ b) < 0 && mul(q, b) != a) ? q - 1 : q;
}
__device__ __forceinline__ jlong floorDiv(jlong a, jlong b, const Frame& f, int line) {
    jlong q = div(a, b, f, line);
    return ((a ^ b) < 0 && mul(q, b) != a) ? q - 1 : q;
}
__device__ __forceinline__ jint floorMod(jint a, jint b, const Frame& f, int line) {
    jint m = rem(a, b, f, line);
    return ((m ^ b) < 0 && m != 0) ? m + b : m;
}
__device__ __forceinline__ jlong floorMod(jlong a, jlong b, const Frame& f, int line) {
    jlong m = rem(a, b, f, line);
    return ((m ^ b) < 0 && m != 0) ? m + b : m;
}
__device__ __forceinline__ double signum(double d) { return (d == 0.0 || d != d) ? d : copysign(1.0, d); }
__device__ __forceinline__ float signum(float d) { return (d == 0.0f || d != d) ? d : copysignf(1.0f, d); }
// Math.round: floor(x + 1/2) computed exactly (Java 7 and later), NaN to 0, saturating.
__device__ __forceinline__ jlong round(double a) {
    jlong bits = __double_as_longlong(a);
    jlong biased = (bits & 0x7ff0000000000000LL) >> 52;
    jlong shift = (51 + 1023) - biased;
    if ((shift & -64) == 0) {
        jlong r = (bits & 0x000fffffffffffffLL) | 0x0010000000000000LL;
        if (bits < 0) r = -r;
        return ((r >> shift) + 1) >> 1;
    }
    return d2l(a);
}
__device__ __forceinline__ jint round(float a) {
    jint bits = __float_as_int(a);
    jint biased = (bits & 0x7f800000) >> 23;
    jint shift = (22 + 127) - biased;
    if ((shift & -32) == 0) {
        jint r = (bits & 0x007fffff) | 0x00800000;
        if (bits < 0) r = -r;
        return ((r >> shift) + 1) >> 1;
    }
    return f2i(a);
}
__device__ __forceinline__ jint numberOfTrailingZeros(jint x) { return x == 0 ? 32 : __ffs(x) - 1; }
__device__ __forceinline__ jint numberOfTrailingZeros(jlong x) { return x == 0 ? 64 : __ffsll(x) - 1; }

// ---- the Math functions StrictMath defines (the model language's fdlibm functions) ------------------
// Deterministic mode: fdlibm.cuh, StrictMath's bits. Fast mode (the backend defines COLONY_FAST_MATH): CUDA's
// own double-precision functions, faster and a few ulps apart from StrictMath.
namespace math {
#ifdef COLONY_FAST_MATH
__device__ __forceinline__ double exp(double x) { return ::exp(x); }
__device__ __forceinline__ double expm1(double x) { return ::expm1(x); }
__device__ __forceinline__ double log(double x) { return ::log(x); }
__device__ __forceinline__ double log10(double x) { return ::log10(x); }
__device__ __forceinline__ double log1p(double x) { return ::log1p(x); }
__device__ __forceinline__ double pow(double x, double y) { return ::pow(x, y); }
__device__ __forceinline__ double sin(double x) { return ::sin(x); }
__device__ __forceinline__ double cos(double x) { return ::cos(x); }
__device__ __forceinline__ double tan(double x) { return ::tan(x); }
__device__ __forceinline__ double asin(double x) { return ::asin(x); }
__device__ __forceinline__ double acos(double x) { return ::acos(x); }
__device__ __forceinline__ double atan(double x) { return ::atan(x); }
__device__ __forceinline__ double atan2(double y, double x) { return ::atan2(y, x); }
__device__ __forceinline__ double sinh(double x) { return ::sinh(x); }
__device__ __forceinline__ double cosh(double x) { return ::cosh(x); }
__device__ __forceinline__ double tanh(double x) { return ::tanh(x); }
__device__ __forceinline__ double hypot(double x, double y) { return ::hypot(x, y); }
__device__ __forceinline__ double cbrt(double x) { return ::cbrt(x); }
__device__ __forceinline__ double boxMuller(double u, double v) {
    return sqrt(-2.0 * ::log(1.0 - u)) * ::cos(6.283185307179586 * v);
}
#else
using fdlibm::exp;
using fdlibm::expm1;
using fdlibm::log;
using fdlibm::log10;
using fdlibm::log1p;
using fdlibm::pow;
using fdlibm::sin;
using fdlibm::cos;
using fdlibm::tan;
using fdlibm::asin;
using fdlibm::acos;
using fdlibm::atan;
using fdlibm::atan2;
using fdlibm::sinh;
using fdlibm::cosh;
using fdlibm::tanh;
using fdlibm::hypot;
using fdlibm::cbrt;
using fdlibm::boxMuller;
#endif
}  // namespace math

// ---- Philox4x32-10 and the per-instance draw stream (org.colony.kernel.RandomStream) -------
struct Random {
    juint k0, k1, epochLow, epochHigh, instanceLow, high, draw, cached;
    juint w0, w1, w2, w3; // the block's four words, named rather than an array so the state stays in registers


    __device__ __forceinline__ Random(julong seed, julong epoch)
        : k0((juint) seed), k1((juint) (seed >> 32)), epochLow((juint) epoch),
          epochHigh((juint) ((epoch >> 32) & 0xFFFF)), instanceLow(0), high(0), draw(0), cached(0xFFFFFFFFu) {}

    __device__ __forceinline__ void reset(jlong id) {
        instanceLow = (juint) id;
        high = ((juint) (((julong) id >> 32) & 0xFFFF)) | (epochHigh << 16);
        draw = 0;
        cached = 0xFFFFFFFFu;
    }

    __device__ __forceinline__ void block(juint b) {
        juint c0 = b, c1 = epochLow, c2 = instanceLow, c3 = high, a0 = k0, a1 = k1;
        #pragma unroll
        for (int round = 0; round < 10; round++) {
            if (round > 0) { a0 += 0x9E3779B9u; a1 += 0xBB67AE85u; }
            juint hi0 = __umulhi(0xD2511F53u, c0), lo0 = 0xD2511F53u * c0;
            juint hi1 = __umulhi(0xCD9E8D57u, c2), lo1 = 0xCD9E8D57u * c2;
            juint n0 = hi1 ^ c1 ^ a0, n2 = hi0 ^ c3 ^ a1;
            c0 = n0; c1 = lo1; c2 = n2; c3 = lo0;
        }
        w0 = c0; w1 = c1; w2 = c2; w3 = c3;
        cached = b;
    }

    __device__ __forceinline__ juint nextInt() {
        juint b = draw >> 2;
        if (b != cached) block(b);
        const juint v = (draw & 2) ? ((draw & 1) ? w3 : w2) : ((draw & 1) ? w1 : w0);
        draw++;
        return v;
    }

    __device__ __forceinline__ void skip(juint n) { draw += n; }

    __device__ __forceinline__ double uniform() {
        julong a = nextInt();
        julong b = nextInt();
        return (double) ((a << 21) ^ (b >> 11)) * 0x1.0p-53;
    }

    // A standard normal from two uniforms, as RandomStream.normal(): sqrt(-2 log(1 - u)) * cos(2 pi v).
    __device__ __forceinline__ double normal() {
        double u = uniform();
        double v = uniform();
        return math::boxMuller(u, v);
    }

    __device__ __forceinline__ jint uniformInt(jint bound, const Frame& f, int line) {
        if (bound <= 0) { fail(f, BOUND, line, bound); return 0; }
        julong m = (julong) nextInt() * (julong) (juint) bound;
        julong low = m & 0xFFFFFFFFull;
        if (low < (julong) bound) {
            julong threshold = (0x100000000ull - (julong) bound) % (julong) bound;
            while (low < threshold) {
                m = (julong) nextInt() * (julong) (juint) bound;
                low = m & 0xFFFFFFFFull;
            }
        }
        return (jint) (m >> 32);
    }
};

// ---- places of the grid -----------------------------------------------------------------------
__device__ __forceinline__ bool inside(jint c, jint d, jint n) {
    jlong v = (jlong) c + d;
    return v >= 0 && v < n;
}

__device__ __forceinline__ jlong coordinate(jlong c, jint n, bool wrap) {
    if (c >= 0 && c < n) return c;
    if (!wrap) return -1;
    jlong m = c % n;
    return m < 0 ? m + n : m;
}

// A coordinate of a torus of n places along its dimension, any c taken across the seams into [0, n).
__device__ __forceinline__ jint wrapped(jint c, jint n) {
    const jint m = c % n;
    return m < 0 ? m + n : m;
}

// As wrapped, where near says c is at most one torus away (-n <= c < 2n): a compare and an add instead of a division
// (held passes' tiles on a torus at least as wide as the tile, the same for every thread of a launch).
__device__ __forceinline__ jint wrapped(jint c, jint n, bool near) {
    return near ? (c < 0 ? c + n : (c >= n ? c - n : c)) : wrapped(c, n);
}

// The global index of a place with a coordinate off the grid (neighborIndex's rare path, out of line so that the
// common one stays short): wrapped on a torus, -1 on a grid that does not wrap.
__device__ __noinline__ jlong outsideIndex(jlong nx, jlong ny, jlong nz, jint size0, jint size1, jint size2, jint dims,
        bool wrap) {
    nx = coordinate(nx, size0, wrap);
    ny = dims >= 2 ? coordinate(ny, size1, wrap) : 0;
    nz = dims >= 3 ? coordinate(nz, size2, wrap) : 0;
    if (nx < 0 || ny < 0 || nz < 0) return -1;
    return nx + (jlong) size0 * (ny + (jlong) size1 * nz);
}

// The global index of the place at an offset, or -1 outside a non-wrapping grid. Inside the grid (the common case)
// it costs one unsigned compare a dimension: a negative coordinate compares as a large one.
__device__ __forceinline__ jlong neighborIndex(const Frame& f, jint x, jint y, jint z, jint dx, jint dy, jint dz) {
    const jlong nx = (jlong) x + dx;
    const jlong ny = f.dims >= 2 ? (jlong) y + dy : 0;
    const jlong nz = f.dims >= 3 ? (jlong) z + dz : 0;
    if ((julong) nx >= (julong) f.size0 || (f.dims >= 2 && (julong) ny >= (julong) f.size1)
            || (f.dims >= 3 && (julong) nz >= (julong) f.size2)) {
        return outsideIndex(nx, ny, nz, f.size0, f.size1, f.size2, f.dims, f.wrap);
    }
    return nx + (jlong) f.size0 * (ny + (jlong) f.size1 * nz);
}

// The place index of vertex v that an agent moving there holds: on a graph cut into partitions its number in the
// partitions' numbering (placeOf), else (one block, or no vertex: refused as off the grid) v itself.
__device__ __forceinline__ jint vertexPlace(const jint* __restrict__ placeOf, jint vertices, jint v) {
    return placeOf != nullptr && v >= 0 && v < vertices ? placeOf[v] : v;
}

// A birth place from a neighbour index: -2 (off a non-wrapping grid) for -1, as for move targets.
__device__ __forceinline__ jlong birthPlace(jlong g) {
    return g < 0 ? -2 : g;
}

// The spread of spawnNear(n, radius, tries): radius << 16 | tries; out of range fails the step (as on the CPU).
__device__ __forceinline__ jint spread(const Frame& f, jint radius, jint tries) {
    if (radius < 0 || radius > 32767 || tries < 1 || tries > 65535) {
        fail(f, SPAWN_SPREAD, 0, radius, (juint) tries);
        return 0;
    }
    return (radius << 16) | tries;
}

// ---- writes of other agents, combined atomically into their incoming columns (order-free) ----------
__device__ __forceinline__ void atomicSum(jint* p, jint v) { atomicAdd((int*) p, (int) v); }
__device__ __forceinline__ void atomicSum(jlong* p, jlong v) {
    atomicAdd((unsigned long long*) p, (unsigned long long) v);
}
// Floating-point sums come only from place steps (one thread adds to a place's agents, in its order) and from agent
// steps that run place by place (one thread runs a place's agents in id order, adding to the agents on it), so a
// plain addition (Java's, round to nearest, no fused multiply) is the whole sum.
__device__ __forceinline__ void atomicSum(float* p, float v) { *p = *p + v; }
__device__ __forceinline__ void atomicSum(double* p, double v) { *p = *p + v; }
__device__ __forceinline__ void atomicMinimum(jint* p, jint v) { atomicMin((int*) p, (int) v); }
__device__ __forceinline__ void atomicMaximum(jint* p, jint v) { atomicMax((int*) p, (int) v); }
__device__ __forceinline__ void atomicMinimum(jlong* p, jlong v) { atomicMin((long long*) p, (long long) v); }
__device__ __forceinline__ void atomicMaximum(jlong* p, jlong v) { atomicMax((long long*) p, (long long) v); }
// Floating-point minima and maxima with Java's rules (NaN wins, -0.0 below 0.0), by compare-and-swap of the bits.
template <typename F, typename B>
__device__ __forceinline__ void atomicExtreme(F* p, F v, bool least) {
    B* a = (B*) p;
    B old = *a;
    while (true) {
        F cur;
        memcpy(&cur, &old, sizeof(F));
        F next = least ? min(cur, v) : max(cur, v);
        B bits;
        memcpy(&bits, &next, sizeof(F));
        if (bits == old) return;
        B was = atomicCAS(a, old, bits);
        if (was == old) return;
        old = was;
    }
}
__device__ __forceinline__ void atomicMinimum(float* p, float v) { atomicExtreme<float, unsigned int>(p, v, true); }
__device__ __forceinline__ void atomicMaximum(float* p, float v) { atomicExtreme<float, unsigned int>(p, v, false); }
__device__ __forceinline__ void atomicMinimum(double* p, double v) {
    atomicExtreme<double, unsigned long long>(p, v, true);
}
__device__ __forceinline__ void atomicMaximum(double* p, double v) {
    atomicExtreme<double, unsigned long long>(p, v, false);
}

// The number of agents on global place g of an agent index (0 outside the grid).
__device__ __forceinline__ jint agentCount(const jint* start, jlong g) {
    return g < 0 ? 0 : start[g + 1] - start[g];
}

// The same from the number of agents per place, which a step that only counts them gets instead of their index.
__device__ __forceinline__ jint countAt(const jint* counts, jlong g) {
    return g < 0 ? 0 : counts[g];
}

__device__ __forceinline__ jint checkOffset(jint offset, jint reach, const Frame& f, int line) {
    if (offset > reach || offset < -reach) { fail(f, REACH, line, offset); return 0; }
    return offset;
}

__device__ __forceinline__ jint checkIndex(jint k, jint length, const Frame& f, int line) {
    if (k < 0 || k >= length) { fail(f, INDEX, line, k); return 0; }
    return k;
}

// ---- SWAR: four cells of a byte column in the byte lanes of a 32-bit word (lane i: cell x0 + i) ------
// The kernels' SWAR forms hold booleans as lanes of 0x00/0x01 ("ones") or 0x00/0xFF ("masks") and small
// ints as lanes of their low byte; the processor proves that no lane ever carries into the next.

// Loads the normalised words of `bytes` bytes of a byte column from storage index `first` on: n[k] holds
// bytes first + 4k .. first + 4k + 3. Only aligned words that hold one of those bytes are read (a row's
// start need not be aligned); lanes past the `bytes` are unspecified.
template <int N>
__device__ __forceinline__ void swarLoad(const void* column, jlong first, jint bytes, juint (&n)[N]) {
    const jlong base = first & ~3LL;
    const juint* w = (const juint*) ((const unsigned char*) column + base);
    const jlong last = first + bytes - 1;
    const juint shift = (juint) (first & 3) * 8u;
    juint r[N + 1];
#pragma unroll
    for (int k = 0; k <= N; k++) {
        r[k] = k == 0 || base + 4 * k <= last ? w[k] : 0u;
    }
#pragma unroll
    for (int k = 0; k < N; k++) {
        n[k] = __funnelshift_r(r[k], r[k + 1], shift);
    }
}

// The `cells` (1-4) bytes of a byte column from storage index `at` on, as lanes 0 .. cells - 1 of a word.
__device__ __forceinline__ juint swarLoadWord(const void* column, jlong at, jint cells) {
    juint n[1];
    swarLoad(column, at, cells, n);
    return n[0];
}

// The `cells` (1-4) bytes of a byte column from storage index `at` on, one load per byte: for a column the
// kernel writes in place, whose neighbouring bytes other threads may be writing.
__device__ __forceinline__ juint swarLoadBytes(const void* column, jlong at, jint cells) {
    const unsigned char* p = (const unsigned char*) column + at;
    juint v = p[0];
    if (cells > 1) v |= (juint) p[1] << 8;
    if (cells > 2) v |= (juint) p[2] << 16;
    if (cells > 3) v |= (juint) p[3] << 24;
    return v;
}

// Stores the first `cells` (1-4) lanes of v at storage index `at` of a byte column, touching no other
// byte: a 32-bit store where the four cells are one aligned word, else 16-bit and byte stores.
__device__ __forceinline__ void swarStore(void* column, jlong at, jint cells, juint v) {
    unsigned char* p = (unsigned char*) column + at;
    if (cells == 4) {
        switch ((int) (at & 3)) {
            case 0:
                *(juint*) p = v;
                return;
            case 2:
                *(unsigned short*) p = (unsigned short) v;
                *(unsigned short*) (p + 2) = (unsigned short) (v >> 16);
                return;
            default:
                p[0] = (unsigned char) v;
                *(unsigned short*) (p + 1) = (unsigned short) (v >> 8);
                p[3] = (unsigned char) (v >> 24);
                return;
        }
    }
    p[0] = (unsigned char) v;
    if (cells > 1) p[1] = (unsigned char) (v >> 8);
    if (cells > 2) p[2] = (unsigned char) (v >> 16);
}

// Lanes of ones to masks, masks to ones, and a lane-wise select by a mask.
__device__ __forceinline__ juint swarMask(juint ones) { return ones * 0xFFu; }
__device__ __forceinline__ juint swarOnes(juint mask) { return mask & 0x01010101u; }
__device__ __forceinline__ juint swarSelect(juint mask, juint a, juint b) { return (a & mask) | (b & ~mask); }

}  // namespace colony
