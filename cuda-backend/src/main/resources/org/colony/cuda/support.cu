// Colony CUDA backend: the kernels the runtime itself needs (halos, agent bookkeeping, place writes).
// Compiled by NVRTC once per device and architecture, like a model's kernels.
#include "colony.cuh"

// Fills every halo cell of a block covering a whole wrapping grid with the owned cell it wraps to. The threads walk
// the halo cells alone (wrapHaloCells of them), not the whole block: the slabs before and after the owned ones along z,
// then in each owned slab the rows before and after the owned ones along y, then in each owned row the cells before
// and after the owned ones along x. (Walking every stored cell with 64-bit divisions to find these took a 9000² torus
// about 0.5 ms a fill, five times its GameOfLife step.)
template <typename T>
__device__ void wrapFill(const colony::Frame& f, T* col) {
    const jint padY = f.dims >= 2 ? f.pad : 0, padZ = f.dims >= 3 ? f.pad : 0;
    const jlong s0 = f.extent0 + 2 * f.pad, s1 = f.extent1 + 2 * padY;
    const jlong e0 = f.extent0, e1 = f.extent1, e2 = f.extent2;
    const jlong slabs = 2 * padZ * s0 * s1, rows = e2 * 2 * padY * s0, cells = e2 * e1 * 2 * f.pad;
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < slabs + rows + cells;
            i += (jlong) gridDim.x * blockDim.x) {
        jlong px, py, pz;
        if (i < slabs) {
            px = i % s0;
            py = i / s0 % s1;
            const jlong h = i / s0 / s1;
            pz = h < padZ ? h : h + e2;
        } else if (i < slabs + rows) {
            const jlong j = i - slabs;
            px = j % s0;
            const jlong h = j / s0 % (2 * padY);
            py = h < padY ? h : h + e1;
            pz = padZ + j / s0 / (2 * padY);
        } else {
            const jlong j = i - slabs - rows;
            const jlong h = j % (2 * f.pad);
            px = h < f.pad ? h : h + e0;
            py = padY + j / (2 * f.pad) % e1;
            pz = padZ + j / (2 * f.pad) / e1;
        }
        const jint wx = (jint) colony::coordinate(px - f.pad, f.extent0, true);
        const jint wy = (jint) colony::coordinate(py - padY, f.extent1, true);
        const jint wz = (jint) colony::coordinate(pz - padZ, f.extent2, true);
        col[px + py * s0 + pz * s0 * s1] = col[f.base + wx + (jlong) wy * f.strideY + (jlong) wz * f.strideZ];
    }
}

extern "C" __global__ void colony_wrap_fill_1(const colony::Frame f, unsigned char* col) { wrapFill(f, col); }
extern "C" __global__ void colony_wrap_fill_2(const colony::Frame f, unsigned short* col) { wrapFill(f, col); }
extern "C" __global__ void colony_wrap_fill_4(const colony::Frame f, unsigned int* col) { wrapFill(f, col); }
extern "C" __global__ void colony_wrap_fill_8(const colony::Frame f, unsigned long long* col) { wrapFill(f, col); }

// ---- booleans stored as bits (BitColumns) -----------------------------------------------------------
// A block's owned cells of a boolean column as bits: row y in the words y * rw .. y * rw + rw - 1 (rw = (extent0 + 31)
// / 32), bit j of word w the cell 32 w + j of the row. Bits past extent0 are never read; pack writes them 0.

// Packs the bytes of a block's owned cells into bits: a thread a cell of rows rounded up to whole words (so a warp is
// one word, made by one ballot: every lane of a warp is within the cells or past them together).
extern "C" __global__ void colony_bits_pack(const colony::Frame f, const unsigned char* __restrict__ col,
        juint* __restrict__ bits) {
    const jlong wide = (jlong) ((f.extent0 + 31) >> 5) * 32;
    const jlong total = wide * f.extent1;
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < total; i += (jlong) gridDim.x * blockDim.x) {
        const jlong x = i % wide, y = i / wide;
        const bool v = x < f.extent0 && col[f.base + x + y * f.strideY] != 0;
        const juint w = __ballot_sync(0xFFFFFFFFu, v);
        if ((threadIdx.x & 31) == 0) {
            bits[i >> 5] = w;
        }
    }
}

// The owned cell (x, y) of a 2-D block whose boolean column is bits (BitColumns: a row of 32-cell words after another).
__device__ __forceinline__ unsigned char ownedBit(const colony::Frame& f, const juint* __restrict__ bits, jlong x,
                                                  jlong y) {
    return (unsigned char) ((bits[y * ((f.extent0 + 31) >> 5) + (x >> 5)] >> (x & 31)) & 1u);
}

// Unpacks a block's bits into the bytes of its owned cells (the halo is left as it is), a thread a cell.
extern "C" __global__ void colony_bits_unpack(const colony::Frame f, const juint* __restrict__ bits,
        unsigned char* __restrict__ col) {
    const jlong total = (jlong) f.extent0 * f.extent1;
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < total; i += (jlong) gridDim.x * blockDim.x) {
        const jlong x = i % f.extent0, y = i / f.extent0;
        col[f.base + x + y * f.strideY] = ownedBit(f, bits, x, y);
    }
}

// ---- halo exchange between partitions ------------------------------------------------------------
// The storage index of cell i (x fastest) of the box lo .. lo + n of a column laid out from base with strides sy, sz.
__device__ __forceinline__ jlong boxCell(jlong i, jlong base, jlong sy, jlong sz, jint lo0, jint lo1, jint lo2,
                                         jint n0, jint n1) {
    const jint x = (jint) (i % n0);
    const jint y = (jint) (i / n0 % n1);
    const jint z = (jint) (i / n0 / n1);
    return base + (lo0 + x) + (jlong) (lo1 + y) * sy + (jlong) (lo2 + z) * sz;
}

// Copies the box lo .. lo + n (local coordinates of the block, x fastest) of a column to or from a contiguous
// buffer: what one partition sends toward a neighbour, or receives into its halo.
template <typename T, bool PACK>
__device__ void boxCopy(const colony::Frame& f, T* __restrict__ col, T* __restrict__ buf, jint lo0, jint lo1,
                        jint lo2, jint n0, jint n1, jint n2) {
    const jlong total = (jlong) n0 * n1 * n2;
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < total; i += (jlong) gridDim.x * blockDim.x) {
        const jlong s = boxCell(i, f.base, f.strideY, f.strideZ, lo0, lo1, lo2, n0, n1);
        if (PACK) buf[i] = col[s]; else col[s] = buf[i];
    }
}

#define COLONY_BOX(N, T) \
extern "C" __global__ void colony_pack_##N(const colony::Frame f, T* col, T* buf, jint lo0, jint lo1, jint lo2, \
        jint n0, jint n1, jint n2) { boxCopy<T, true>(f, col, buf, lo0, lo1, lo2, n0, n1, n2); } \
extern "C" __global__ void colony_unpack_##N(const colony::Frame f, T* col, T* buf, jint lo0, jint lo1, jint lo2, \
        jint n0, jint n1, jint n2) { boxCopy<T, false>(f, col, buf, lo0, lo1, lo2, n0, n1, n2); }
COLONY_BOX(1, unsigned char)
COLONY_BOX(2, unsigned short)
COLONY_BOX(4, unsigned int)
COLONY_BOX(8, unsigned long long)

// Copies the box slo .. slo + n of a column (its block's frame f) into the box dlo .. dlo + n of a column of another
// block on the device (its base and strides d*), local coordinates each: a partition's halo filled straight from its
// neighbour's cells where both lie in one memory, one kernel where a pack and an unpack took two. The columns may be
// one (a partition of a torus its own neighbour): the cells read are owned, those written halo, never the same.
template <typename T>
__device__ void boxToBox(const colony::Frame& f, const T* src, T* dst, jlong dbase, jlong dy, jlong dz, jint slo0,
                         jint slo1, jint slo2, jint dlo0, jint dlo1, jint dlo2, jint n0, jint n1, jint n2) {
    const jlong total = (jlong) n0 * n1 * n2;
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < total; i += (jlong) gridDim.x * blockDim.x) {
        dst[boxCell(i, dbase, dy, dz, dlo0, dlo1, dlo2, n0, n1)]
                = src[boxCell(i, f.base, f.strideY, f.strideZ, slo0, slo1, slo2, n0, n1)];
    }
}

#define COLONY_COPY(N, T) \
extern "C" __global__ void colony_copy_##N(const colony::Frame f, const T* src, T* dst, jlong dbase, jlong dy, \
        jlong dz, jint slo0, jint slo1, jint slo2, jint dlo0, jint dlo1, jint dlo2, jint n0, jint n1, jint n2) { \
    boxToBox<T>(f, src, dst, dbase, dy, dz, slo0, slo1, slo2, dlo0, dlo1, dlo2, n0, n1, n2); }
COLONY_COPY(1, unsigned char)
COLONY_COPY(2, unsigned short)
COLONY_COPY(4, unsigned int)
COLONY_COPY(8, unsigned long long)

// As colony_copy_1 and colony_pack_1 of a 2-D block whose boolean column is bits (BitColumns): the cells read are
// owned, as the boxes a partition sends are (ownedBit, above).

extern "C" __global__ void colony_copy_from_bits(const colony::Frame f, const juint* src, unsigned char* dst,
        jlong dbase, jlong dy, jlong dz, jint slo0, jint slo1, jint slo2, jint dlo0, jint dlo1, jint dlo2, jint n0,
        jint n1, jint n2) {
    const jlong total = (jlong) n0 * n1 * n2;
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < total; i += (jlong) gridDim.x * blockDim.x) {
        dst[boxCell(i, dbase, dy, dz, dlo0, dlo1, dlo2, n0, n1)] = ownedBit(f, src, slo0 + i % n0, slo1 + i / n0 % n1);
    }
}

extern "C" __global__ void colony_pack_from_bits(const colony::Frame f, const juint* col, unsigned char* buf, jint lo0,
        jint lo1, jint lo2, jint n0, jint n1, jint n2) {
    const jlong total = (jlong) n0 * n1 * n2;
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < total; i += (jlong) gridDim.x * blockDim.x) {
        buf[i] = ownedBit(f, col, lo0 + i % n0, lo1 + i / n0 % n1);
    }
}

// Copies the column's values at the storage indices cells[0 .. n) into a contiguous buffer: what a partition of a
// graph's places sends the partitions that hold ghosts of those vertices.
#define COLONY_CELLS(N, T) \
extern "C" __global__ void colony_cells_##N(const T* __restrict__ col, const jint* __restrict__ cells, jint n, \
        T* __restrict__ buf) { \
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) \
        buf[i] = col[cells[i]]; \
}
COLONY_CELLS(1, unsigned char)
COLONY_CELLS(2, unsigned short)
COLONY_CELLS(4, unsigned int)
COLONY_CELLS(8, unsigned long long)

// ---- grouping items by a key (agents by place, requests by destination) ---------------------------
// keys[i] in [0, buckets) or negative (the item is skipped).

extern "C" __global__ void colony_histogram(const jlong* __restrict__ keys, jlong n, jint* __restrict__ counts) {
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        const jlong k = keys[i];
        if (k >= 0) atomicAdd(&counts[k], 1);
    }
}

// An exclusive scan of more than 1024 values in one launch (single pass, decoupled look-back): each block takes the
// next chunk of 1024 values in the order blocks start (a ticket, so a block waits only on blocks already running),
// publishes the chunk's total, learns the sum of all chunks before it from its predecessors' published totals and
// prefixes (a warp reads 32 of them at a time, back to the nearest prefix), publishes its own prefix and writes its
// values. `status` holds the ticket and finished counters and a word a chunk (flag in the top two bits: 1 total,
// 2 prefix; the value in the low 32); it is zero before the launch, and the last block to finish sets it back to
// zero, so the launch needs no clearing before it and replays as it is in a CUDA graph. Integer sums wrap as Java's
// do: the same values as any other order of adding them. The total as colony_scan_total writes it.
extern "C" __global__ void colony_scan_pass(const jint* __restrict__ in, jint* __restrict__ out, jlong n,
        julong* __restrict__ status, jint* __restrict__ total32, julong* __restrict__ total64) {
    __shared__ jint warpSums[8];
    __shared__ jlong shared[2];
    const unsigned full = 0xFFFFFFFFu;
    const jint lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const jlong chunks = (n + 1023) / 1024;
    if (threadIdx.x == 0) shared[0] = (jlong) atomicAdd(&status[0], 1ULL);
    __syncthreads();
    const jlong chunk = shared[0];
    const jlong at = chunk * 1024 + threadIdx.x * 4;
    jint v[4];
    jint local = 0;
    for (int j = 0; j < 4; j++) {
        v[j] = at + j < n ? in[at + j] : 0;
        local += v[j];
    }
    jint inclusive = local; // the warp's inclusive scan of the threads' sums, then the warps' totals
    for (int o = 1; o < 32; o <<= 1) {
        const jint up = __shfl_up_sync(full, inclusive, o);
        if (lane >= o) inclusive += up;
    }
    if (lane == 31) warpSums[warp] = inclusive;
    __syncthreads();
    jint before = 0, aggregate = 0;
    for (int w = 0; w < 8; w++) {
        const jint t = warpSums[w];
        if (w < warp) before += t;
        aggregate += t;
    }
    volatile julong* words = status + 2;
    if (warp == 0) {
        jint prefix = 0;
        if (chunk == 0) {
            if (lane == 0) words[0] = (2ULL << 62) | (juint) aggregate;
        } else {
            if (lane == 0) words[chunk] = (1ULL << 62) | (juint) aggregate;
            for (jlong j = chunk - 1;; j -= 32) {
                const jlong k = j - lane;
                julong w = 2ULL << 62; // before the first chunk: a prefix of 0
                if (k >= 0) {
                    do { w = words[k]; } while ((w >> 62) == 0);
                }
                const unsigned prefixes = __ballot_sync(full, (w >> 62) == 2);
                const jint last = prefixes ? __ffs(prefixes) - 1 : 31;
                jint add = lane <= last ? (jint) (juint) w : 0;
                for (int o = 16; o > 0; o >>= 1) add += __shfl_xor_sync(full, add, o);
                prefix += add;
                if (prefixes) break;
            }
            if (lane == 0) words[chunk] = (2ULL << 62) | (juint) (prefix + aggregate);
        }
        if (lane == 0) shared[1] = prefix;
    }
    __syncthreads();
    jint running = (jint) shared[1] + before + inclusive - local;
    for (int j = 0; j < 4; j++) {
        if (at + j < n) out[at + j] = running;
        running += v[j];
    }
    if (chunk == chunks - 1 && threadIdx.x == 0) {
        const jint t = (jint) shared[1] + aggregate;
        if (total32) *total32 = t;
        if (total64) *total64 = (julong) (juint) t;
    }
    // The last block to finish (every other has read all it needs) sets the status back to zero for the next scan.
    __syncthreads();
    if (threadIdx.x == 0) {
        __threadfence();
        shared[0] = atomicAdd(&status[1], 1ULL) == (julong) chunks - 1;
    }
    __syncthreads();
    if (shared[0]) {
        __threadfence(); // (every other block's words are written before they are cleared)
        for (jlong k = threadIdx.x; k < chunks; k += blockDim.x) words[k] = 0ULL;
        if (threadIdx.x == 0) { status[0] = 0ULL; status[1] = 0ULL; }
    }
}

// An exclusive scan in one launch of one block of 1024 threads: each thread sums a run of consecutive values (one
// each up to 1024 values), the block scans the sums (Hillis-Steele), and each thread writes its run; the total as
// colony_scan_total writes it. (Integer sums: the same results as the three-launch scan.)
extern "C" __global__ void colony_scan_one(const jint* __restrict__ in, jint* __restrict__ out, jlong n,
        jint* __restrict__ total32, julong* __restrict__ total64) {
    __shared__ jint sums[1024];
    const jint t = threadIdx.x;
    const jlong per = (n + blockDim.x - 1) / blockDim.x;
    const jlong lo = t * per;
    const jlong hi = lo + per < n ? lo + per : n;
    jint sum = 0;
    for (jlong i = lo; i < hi; i++) sum += in[i];
    sums[t] = sum;
    __syncthreads();
    for (jint d = 1; d < (jint) blockDim.x; d <<= 1) {
        const jint v = t >= d ? sums[t - d] : 0;
        __syncthreads();
        sums[t] += v;
        __syncthreads();
    }
    jint run = t > 0 ? sums[t - 1] : 0;
    for (jlong i = lo; i < hi; i++) {
        const jint v = in[i];
        out[i] = run;
        run += v;
    }
    if (t == (jint) blockDim.x - 1) {
        if (total32) *total32 = sums[t];
        if (total64) *total64 = (julong) (juint) sums[t];
    }
}

// The total of an exclusive scan (last output plus last input), written on the device so that no host
// round trip is needed: as an int at total32 and/or a long at total64 (either may be null).
extern "C" __global__ void colony_scan_total(const jint* __restrict__ in, const jint* __restrict__ out, jlong n,
        jint* __restrict__ total32, julong* __restrict__ total64) {
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        const jint t = n > 0 ? out[n - 1] + in[n - 1] : 0;
        if (total32) *total32 = t;
        if (total64) *total64 = (julong) (juint) t;
    }
}

// Places each item in its key's bucket; the order inside a bucket is fixed by colony_sort_buckets.
// `counts` are the histogram's counts, consumed here (each bucket fills from its end), so no cursor
// array needs clearing.
extern "C" __global__ void colony_scatter(const jlong* __restrict__ keys, jlong n, const jint* __restrict__ start,
        jint* __restrict__ counts, jint* __restrict__ order) {
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        const jlong k = keys[i];
        if (k >= 0) order[start[k] + atomicSub(&counts[k], 1) - 1] = (jint) i;
    }
}

// The agents per place for steps that only count them: `n` keyed items counted into `counts` (zeroed by the launch
// before, indexed by global place), while `other` (the next launch's counts, `keys` entries by local place) is
// set to zero.
extern "C" __global__ void colony_count_places(const jlong* __restrict__ keysAt, jlong n, jint* __restrict__ counts,
        jint* __restrict__ other, jlong keys) {
    const jlong most = n > keys ? n : keys;
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < most; i += (jlong) gridDim.x * blockDim.x) {
        if (i < keys) other[i] = 0;
        if (i < n) {
            const jlong k = keysAt[i];
            if (k >= 0) atomicAdd(&counts[k], 1);
        }
    }
}

// What an index entry sorts by: its slot (slot order is id order), or, given `ids`, the agent's id (after a round
// that left its compaction to the next, arrivals sit past the agents already here); the entries of agents counted
// on a halo cell (slot 0x7fffffff, see colony_ghost_counts) sort last either way.
__device__ __forceinline__ jlong sortKey(const jlong* __restrict__ ids, jint slot) {
    return !ids ? (jlong) slot : slot == 0x7fffffff ? 0x7fffffffffffffffLL : ids[slot];
}

// Sorts each bucket by sortKey, so grouping is stable (agents by place: in id order).
extern "C" __global__ void colony_sort_buckets(const jint* __restrict__ start, jint* __restrict__ order, jlong buckets,
        const jlong* __restrict__ ids) {
    for (jlong g = (jlong) blockIdx.x * blockDim.x + threadIdx.x; g < buckets; g += (jlong) gridDim.x * blockDim.x) {
        const jint a = start[g], b = start[g + 1];
        for (jint i = a + 1; i < b; i++) {
            const jint v = order[i];
            const jlong id = sortKey(ids, v);
            jint j = i - 1;
            while (j >= a && sortKey(ids, order[j]) > id) { order[j + 1] = order[j]; j--; }
            order[j + 1] = v;
        }
    }
}

// ---- manageAll ------------------------------------------------------------------------------------
// stats: [0] deaths, [1] moves, [2] movesRefused, [3] birthsRefused, [4] movesOutside

// Adds every thread's v to *counter: summed over the block first (warp shuffles, then one value per warp), so
// one atomic per block reaches the counter. Counting one atomic per item on one address serializes in L2 (1.5 M
// movers cost about 0.2 ms that way). Every thread of the block must call it, after its grid-stride loop.
__device__ void addToCounter(julong* counter, julong v) {
    __shared__ julong warps[32];
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xFFFFFFFFu, v, o);
    __syncthreads(); // warps[] may still be read by the block's previous call
    if ((threadIdx.x & 31) == 0) warps[threadIdx.x >> 5] = v;
    __syncthreads();
    if (threadIdx.x < 32) {
        v = threadIdx.x < (blockDim.x + 31) / 32 ? warps[threadIdx.x] : 0;
        for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xFFFFFFFFu, v, o);
        if (threadIdx.x == 0 && v != 0) atomicAdd(counter, v);
    }
}

// One living agent's move request (its destination, or -1 for none), with the agent counted as a death, a move
// off the grid or a mover, and, while it lives, added to its place's occupancy (when there is one).
__device__ __forceinline__ jlong moveRequest(jlong i, const bool* __restrict__ killed, const jlong* __restrict__ targets,
        const jlong* __restrict__ locations, jint* __restrict__ occupancy, julong& deaths, julong& outside,
        julong& movers) {
    if (killed[i]) {
        deaths++;
        return -1;
    }
    if (occupancy) atomicAdd(&occupancy[locations[i]], 1);
    const jlong t = targets[i];
    if (t == -2) {
        outside++;
    } else if (t >= 0 && t != locations[i]) {
        movers++;
        return t;
    }
    return -1;
}

// Agent i's children asked for, added to `children` (stats[6] in the end); the first agent that asked for a
// negative number is marked in stats[7] = n - its slot (the largest value is the smallest slot; 0 when there is none).
// Dying agents' children count: they are born all the same.
__device__ __forceinline__ void childrenAsked(jlong i, jlong n, const jint* __restrict__ spawns, julong& children,
        julong* __restrict__ stats) {
    const jint k = spawns[i];
    children += (julong) (jlong) k;
    if (k < 0) atomicMax(&stats[7], (julong) (n - i));
}

// 1 where agent i asked for children that a place with room may still not take: a spawnNear (its tries may all fall
// off a grid that does not wrap) or a place named off the grid (-2, see childTry); 0 where each child is born on its
// parent's place or on the place named, so that where places have no capacity every child asked for is born.
__device__ __forceinline__ julong mayBeUnborn(jlong i, const jint* __restrict__ spawns,
        const jlong* __restrict__ birthPlaces, const jint* __restrict__ birthSpreads) {
    return spawns[i] > 0 && (birthSpreads[i] != 0 || birthPlaces[i] < -1) ? 1 : 0;
}

// The priority of agent i's move: draws 0-1 of its stream in manageAll's epoch.
extern "C" __global__ void colony_move_priorities(jlong n, julong seed, julong epoch, const jlong* __restrict__ ids,
        const jlong* __restrict__ requests, julong* __restrict__ priority) {
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        if (requests[i] < 0) continue;
        colony::Random rng(seed, epoch);
        rng.reset(ids[i]);
        const julong hi = rng.nextInt();
        const julong lo = rng.nextInt();
        priority[i] = (hi << 32) | lo;
    }
}

// The rank of the value in slot i of a @Priority column of ScalarType ordinal `type` (BYTE 1 .. DOUBLE 6), as
// Priority.rank computes it: unsigned order is the numeric order; -0.0 ranks as 0.0, NaN as 0, below every number.
// Floating-point ranks come from the bits alone, so that no flush of subnormals (fast math) changes them.
__device__ __forceinline__ julong rankOf(const void* column, jint type, jlong i) {
    switch (type) {
        case 1: return (julong) (jlong) ((const jbyte*) column)[i] ^ 0x8000000000000000ULL;
        case 2: return (julong) (jlong) ((const jshort*) column)[i] ^ 0x8000000000000000ULL;
        case 3: return (julong) (jlong) ((const jint*) column)[i] ^ 0x8000000000000000ULL;
        case 4: return (julong) ((const jlong*) column)[i] ^ 0x8000000000000000ULL;
        case 5: {
            juint bits = ((const juint*) column)[i];
            if ((bits & 0x7FFFFFFFu) > 0x7F800000u) return 0ULL;
            if ((bits & 0x7FFFFFFFu) == 0u) bits = 0u;
            const juint key = (bits >> 31) ? ~bits : bits | 0x80000000u;
            return (julong) key << 32;
        }
        default: {
            julong bits = ((const julong*) column)[i];
            if ((bits & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL) return 0ULL;
            if ((bits & 0x7FFFFFFFFFFFFFFFULL) == 0ULL) bits = 0ULL;
            return (bits >> 63) ? ~bits : bits | 0x8000000000000000ULL;
        }
    }
}

// The ranks of slots 0 .. n - 1 of a @Priority column.
extern "C" __global__ void colony_priority_ranks(jlong n, const void* __restrict__ column, jint type,
        julong* __restrict__ rank) {
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        rank[i] = rankOf(column, type, i);
    }
}

// Living agents that asked to move elsewhere become requests (key = destination); deaths, moves off the grid and
// children asked for are counted; living agents are counted per place (occupancy).
// The birth rounds the children need (stats[3]): the most tries of a spawnNear, 1 for other children.
// Where `priority` is not null, each request's random priority too (as colony_move_priorities draws it), and where
// `rank` is not null, every slot's rank of the @Priority column (as colony_priority_ranks): one launch for the three.
extern "C" __global__ void colony_move_requests(jlong n, const bool* __restrict__ killed, const jlong* __restrict__ targets,
        const jlong* __restrict__ locations, jlong* __restrict__ requests, jint* __restrict__ occupancy,
        const jint* __restrict__ spawns, const jint* __restrict__ birthSpreads, julong* __restrict__ stats,
        julong seed, julong epoch, const jlong* __restrict__ ids, julong* __restrict__ priority,
        const void* __restrict__ rankColumn, jint rankType, julong* __restrict__ rank,
        const jlong* __restrict__ birthPlaces) {
    julong deaths = 0, outside = 0, movers = 0, children = 0, unsure = 0;
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        const jlong request = moveRequest(i, killed, targets, locations, occupancy, deaths, outside, movers);
        requests[i] = request;
        childrenAsked(i, n, spawns, children, stats);
        unsure += mayBeUnborn(i, spawns, birthPlaces, birthSpreads);
        if (spawns[i] > 0) atomicMax(&stats[3], (julong) (birthSpreads[i] == 0 ? 1 : birthSpreads[i] & 0xFFFF));
        if (priority && request >= 0) {
            colony::Random rng(seed, epoch);
            rng.reset(ids[i]);
            const julong hi = rng.nextInt();
            const julong lo = rng.nextInt();
            priority[i] = (hi << 32) | lo;
        }
        if (rank) rank[i] = rankOf(rankColumn, rankType, i);
    }
    addToCounter(&stats[0], deaths);
    addToCounter(&stats[4], outside);
    addToCounter(&stats[5], movers);
    addToCounter(&stats[6], children);
    addToCounter(&stats[8], unsure);
}

// Whether request j ranks before request k: the higher model rank first (where the model has one), then the higher
// random priority (unsigned), then the lower tie.
__device__ __forceinline__ bool ranksBefore(const julong* __restrict__ rank, const julong* __restrict__ priority,
        const jlong* __restrict__ tie, jint j, jint k) {
    if (rank && rank[j] != rank[k]) return rank[j] > rank[k];
    return priority[j] > priority[k] || (priority[j] == priority[k] && tie[j] < tie[k]);
}

// Per destination, the first `capacity - occupancy` requests (in priority order, or in bucket order where
// priority is null) win. With no occupancy array (no capacity limit) every request wins. Buckets are sorted
// by priority only where some but not all of their requests win and the room is more than one: with room
// for one the best request is found in one pass, so the common cases cost no sort.
extern "C" __global__ void colony_grant(const jint* __restrict__ start, jint* __restrict__ order, jlong buckets,
        jint capacity, const jint* __restrict__ occupancy, bool* __restrict__ won, const julong* __restrict__ rank,
        const julong* __restrict__ priority, const jlong* __restrict__ tie) {
    for (jlong g = (jlong) blockIdx.x * blockDim.x + threadIdx.x; g < buckets; g += (jlong) gridDim.x * blockDim.x) {
        const jint a = start[g], b = start[g + 1];
        if (a == b) continue;
        const jlong room = occupancy ? (jlong) capacity - occupancy[g] : (jlong) (b - a);
        if (room >= b - a || room <= 0 || !priority) {
            for (jint k = a; k < b; k++) won[order[k]] = (k - a) < room;
        } else if (room == 1) {
            jint best = order[a];
            for (jint k = a + 1; k < b; k++) {
                if (ranksBefore(rank, priority, tie, order[k], best)) best = order[k];
            }
            for (jint k = a; k < b; k++) won[order[k]] = order[k] == best;
        } else {
            for (jint i = a + 1; i < b; i++) {
                const jint v = order[i];
                jint j = i - 1;
                while (j >= a && ranksBefore(rank, priority, tie, v, order[j])) { order[j + 1] = order[j]; j--; }
                order[j + 1] = v;
            }
            for (jint k = a; k < b; k++) won[order[k]] = (k - a) < room;
        }
    }
}

// Settles `n` requests where places have no capacity: every request wins (`won` written for the requests only, not
// for -1, as colony_grant writes it).
extern "C" __global__ void colony_grant_all(const jlong* __restrict__ requests, jlong n, bool* __restrict__ won) {
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        if (requests[i] >= 0) won[i] = true;
    }
}

// A tie as an unsigned key that orders the other way: the lower tie, the higher key (0 only for the largest long).
__device__ __forceinline__ julong tieKey(jlong tie) {
    return ~((julong) tie ^ 0x8000000000000000ULL);
}

// One round of colony_grant_one: every open request of a thread (bit k of `open`: its request k, for place r[k])
// offers key(k) for its place's entry of `best` (an atomic maximum), and stays open only where its key is the
// maximum; then the entries it offered for go back to 0, the value at which every round finds them. `tied` says
// whether any request of the block found its own key already there: where none did, no two requests of a place
// have its maximum (of two with the maximum, the later finds it there), so one request at most stays open a place
// and the rounds after this one would change nothing.
template <typename Key>
__device__ __forceinline__ unsigned keepBest(const jlong (&r)[8], unsigned open, julong* best, Key key, bool& tied) {
    bool equal = false;
#pragma unroll
    for (int k = 0; k < 8; k++) {
        if (open >> k & 1) {
            const julong v = key(k);
            equal |= atomicMax((unsigned long long*) &best[r[k]], v) == v;
        }
    }
    tied = __syncthreads_or(equal);
    unsigned kept = open;
#pragma unroll
    for (int k = 0; k < 8; k++) {
        if ((open >> k & 1) && key(k) != __ldcg(&best[r[k]])) kept &= ~(1u << k);
    }
    __syncthreads(); // every request has read its place's entry
#pragma unroll
    for (int k = 0; k < 8; k++) {
        if (open >> k & 1) best[r[k]] = 0;
    }
    __syncthreads();
    return kept;
}

// Settles `n` requests (a global place each, -1 for none; n <= 8 * blockDim.x) where a place holds one agent at
// most, in one block and one launch, without grouping them by place: per place the request that ranks first
// (highest rank, then highest priority, then lowest tie) wins, if the place is free, in up to three rounds of
// keepBest on one 8-byte entry a place (`best`, indexed by global place: moved back by the host; 0 between launches:
// zero when the host first hands it out, and each round sets its entries back to 0); a round in which no place has
// two requests with its maximum ends them. `won` is written for the requests only (not for -1), as colony_grant
// writes it. The ties are unique (ids; a child's number), so one request is a place's first: two equal in all three
// would both win. Launched with 1024 threads, which the bounds let every architecture's register allocation fit.
extern "C" __global__ void __launch_bounds__(1024) colony_grant_one(const jlong* __restrict__ requests, jlong n,
        const jint* __restrict__ occupancy, bool* __restrict__ won, const julong* __restrict__ rank,
        const julong* __restrict__ priority, const jlong* __restrict__ tie, julong* best) {
    const jlong step = blockDim.x;
    jlong r[8];
    unsigned open = 0; // bit k: request k of this thread asks for a free place
#pragma unroll
    for (int k = 0; k < 8; k++) {
        const jlong i = threadIdx.x + k * step;
        r[k] = i < n ? requests[i] : -1;
    }
#pragma unroll
    for (int k = 0; k < 8; k++) {
        if (r[k] >= 0 && occupancy[r[k]] < 1) open |= 1u << k;
    }
    bool tied = true; // (the same in every thread: the rounds' barriers are reached by all or none)
    if (rank) {
        open = keepBest(r, open, best, [&](int k) { return rank[threadIdx.x + k * step]; }, tied);
    }
    if (tied) {
        open = keepBest(r, open, best, [&](int k) { return priority[threadIdx.x + k * step]; }, tied);
    }
    if (tied) {
        open = keepBest(r, open, best, [&](int k) { return tieKey(tie[threadIdx.x + k * step]); }, tied);
    }
#pragma unroll
    for (int k = 0; k < 8; k++) {
        if (r[k] >= 0) won[threadIdx.x + k * step] = open >> k & 1;
    }
}

// Settling where a place holds one agent at most, with any number of requests and without grouping them by place:
// per place the open request (a free place) that ranks first (highest rank, then highest priority, then lowest tie)
// wins, as colony_grant gives it, found by three atomic maxima on 8-byte entries a place (`best0` for the ranks,
// `best1` the priorities, `best2` the ties; indexed by global place, zero between settlings), one launch each, each
// request staying open only where its key is its place's maximum. `won` (written for the requests only, not for -1)
// holds whether each is still open until the last launch. Every launch over the requests, none over the places: the
// grouping's histogram, scan and grant each go over every place. The ties are unique (ids; a child's number), so one
// request is a place's first.
extern "C" __global__ void colony_best_open(const jlong* __restrict__ requests, jlong n,
        const jint* __restrict__ occupancy, bool* __restrict__ won, const julong* __restrict__ rank,
        julong* __restrict__ best0) {
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        const jlong r = requests[i];
        if (r < 0) continue;
        const bool open = occupancy[r] < 1;
        won[i] = open;
        if (open && rank) atomicMax((unsigned long long*) &best0[r], rank[i]);
    }
}

// The second launch: a request whose rank is below its place's maximum closes; the others offer their priority.
extern "C" __global__ void colony_best_priority(const jlong* __restrict__ requests, jlong n, bool* __restrict__ won,
        const julong* __restrict__ rank, const julong* __restrict__ best0, const julong* __restrict__ priority,
        julong* __restrict__ best1) {
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        const jlong r = requests[i];
        if (r < 0 || !won[i]) continue;
        if (rank && rank[i] != best0[r]) {
            won[i] = false;
            continue;
        }
        atomicMax((unsigned long long*) &best1[r], priority[i]);
    }
}

// The third: a request whose priority is below its place's maximum closes; the others offer their tie (the lower
// tie, the higher key). The ranks' entries, which no launch reads any more, go back to zero.
extern "C" __global__ void colony_best_tie(const jlong* __restrict__ requests, jlong n, bool* __restrict__ won,
        julong* __restrict__ best0, const julong* __restrict__ priority, const julong* __restrict__ best1,
        const jlong* __restrict__ tie, julong* __restrict__ best2) {
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        const jlong r = requests[i];
        if (r < 0) continue;
        best0[r] = 0;
        if (!won[i]) continue;
        if (priority[i] != best1[r]) {
            won[i] = false;
            continue;
        }
        atomicMax((unsigned long long*) &best2[r], tieKey(tie[i]));
    }
}

// The fourth: the request with its place's maximum tie wins; the priorities' entries go back to zero.
extern "C" __global__ void colony_best_won(const jlong* __restrict__ requests, jlong n, bool* __restrict__ won,
        julong* __restrict__ best1, const jlong* __restrict__ tie, const julong* __restrict__ best2) {
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        const jlong r = requests[i];
        if (r < 0) continue;
        best1[r] = 0;
        if (won[i]) won[i] = tieKey(tie[i]) == best2[r];
    }
}

// The last: the ties' entries go back to zero.
extern "C" __global__ void colony_best_clear(const jlong* __restrict__ requests, jlong n, julong* __restrict__ best2) {
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        const jlong r = requests[i];
        if (r >= 0) best2[r] = 0;
    }
}

// Winners move; losers are counted; where `targets` is not null, every agent's move target is cleared. Where `limit`
// is not negative, a manageAll that launched its moves before reading
// its requests' counts refuses on the device what the host would have refused before them: an agent that asked for a
// negative number of children (stats[7]) or more agents than `limit` after it (survivors and children asked for);
// nothing moves then, and the host throws when it reads the counts.
extern "C" __global__ void colony_apply_moves(jlong n, const jlong* __restrict__ requests, const bool* __restrict__ won,
        jlong* __restrict__ locations, julong* __restrict__ stats, jlong limit, jlong* __restrict__ targets) {
    if (limit >= 0 && (stats[7] != 0 || n - (jlong) stats[0] + (jlong) stats[6] > limit)) return;
    julong moved = 0, refused = 0;
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        if (targets) targets[i] = -1; // (where not null: the moves asked for are settled)
        if (requests[i] < 0) continue;
        if (won[i]) { locations[i] = requests[i]; moved++; }
        else refused++;
    }
    addToCounter(&stats[1], moved);
    addToCounter(&stats[2], refused);
}

// Living agents per place after the moves.
extern "C" __global__ void colony_occupancy(jlong n, const bool* __restrict__ killed, const jlong* __restrict__ locations,
        jint* __restrict__ occupancy) {
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        if (!killed[i]) atomicAdd(&occupancy[locations[i]], 1);
    }
}

// Child c (of `total`) belongs to parent p, the last parent whose offset is <= c; it asks for room on
// its parent's place with its parent's rank (where the model has one) and the priority of the parent's draws
// 2 + 2k and 3 + 2k.
__device__ __forceinline__ jint parentOf(const jint* offsets, jint parents, jint c) {
    jint lo = 0, hi = parents - 1;
    while (lo < hi) {
        const jint mid = (lo + hi + 1) / 2;
        if (offsets[mid] <= c) lo = mid; else hi = mid - 1;
    }
    return lo;
}

// The place try `round` of child k of a parent names (-1: none): round 0 of a child without a spread, its parent's
// place after the moves (-1 named) or the place named (-2: off the grid, none); for a spawnNear (spread = radius << 16 |
// tries), an offset in [-radius, radius] per dimension around the place named, from the parent's stream at draw
// 2 + 2 spawns + 4 (k tries + round), as org.colony.runtime.migration.BirthPlaces.near.
__device__ jlong childTry(colony::Random& rng, jlong id, jint spawns, jint k, jint round, jlong location, jlong named,
        jint spread, jint size0, jint size1, jint size2, jint dims, bool wrap) {
    if (spread == 0) return round > 0 ? -1 : named == -1 ? location : named < 0 ? -1 : named;
    const jint tries = spread & 0xFFFF;
    const jint radius = spread >> 16;
    if (round >= tries) return -1;
    rng.reset(id);
    rng.skip((juint) (2 + 2 * (julong) (juint) spawns + 4 * ((julong) (juint) k * (julong) tries + (julong) round)));
    const colony::Frame none{};
    const jint side = 2 * radius + 1;
    const jint dx = rng.uniformInt(side, none, 0) - radius;
    const jint dy = dims >= 2 ? rng.uniformInt(side, none, 0) - radius : 0;
    const jint dz = dims >= 3 ? rng.uniformInt(side, none, 0) - radius : 0;
    const jlong w = size0, h = size1;
    const jlong nx = colony::coordinate(named % w + dx, size0, wrap);
    const jlong ny = dims >= 2 ? colony::coordinate(named / w % h + dy, size1, wrap) : 0;
    const jlong nz = dims >= 3 ? colony::coordinate(named / w / h + dz, size2, wrap) : 0;
    if (nx < 0 || ny < 0 || nz < 0) return -1;
    return nx + w * (ny + h * nz);
}

// Every child asked for: its parent, its priority and rank, and the place it tries in round 0 (requests; -1 for
// none, which the grouping skips).
extern "C" __global__ void colony_child_requests(jint total, jint parents, const jint* __restrict__ offsets,
        const jint* __restrict__ spawns, const jlong* __restrict__ locations, const jlong* __restrict__ birthPlaces,
        const jint* __restrict__ birthSpreads, const jlong* __restrict__ ids, julong seed, julong epoch,
        jint* __restrict__ parentOfChild, jlong* __restrict__ requests, julong* __restrict__ priority,
        jlong* __restrict__ tie, const julong* __restrict__ parentRank, julong* __restrict__ rank,
        bool* __restrict__ won, jint size0, jint size1, jint size2, jint dims, bool wrap) {
    for (jlong c = (jlong) blockIdx.x * blockDim.x + threadIdx.x; c < total; c += (jlong) gridDim.x * blockDim.x) {
        jint p = parentOf(offsets, parents, (jint) c);
        while (spawns[p] == 0) p--;   // parents with no children share the next parent's offset
        const jint k = (jint) c - offsets[p];
        parentOfChild[c] = p;
        colony::Random rng(seed, epoch);
        requests[c] = childTry(rng, ids[p], spawns[p], k, 0, locations[p], birthPlaces[p], birthSpreads[p], size0,
                size1, size2, dims, wrap);
        won[c] = false;
        tie[c] = c;
        if (rank) rank[c] = parentRank[p];
        if (priority) {
            rng.reset(ids[p]);
            rng.skip(2 + 2 * (juint) k);
            const julong hi = rng.nextInt();
            const julong lo = rng.nextInt();
            priority[c] = (hi << 32) | lo;
        }
    }
}

// After birth round `round - 1`: the children it placed are born there (won, place, and one more agent on the place);
// the others try their place for `round` (requests; -1 for none). On partitions (local not null: the requests of the
// round to this partition's own places, -1 for the others) only the children born here count on its places.
extern "C" __global__ void colony_child_round(jint total, jint round, const jint* __restrict__ parentOfChild,
        const jint* __restrict__ offsets, const jint* __restrict__ spawns, const jlong* __restrict__ locations,
        const jlong* __restrict__ birthPlaces, const jint* __restrict__ birthSpreads, const jlong* __restrict__ ids,
        julong seed, julong epoch, jlong* __restrict__ requests, const bool* __restrict__ roundWon,
        bool* __restrict__ won, jlong* __restrict__ place, jint* __restrict__ occupancy, jint size0, jint size1,
        jint size2, jint dims, bool wrap, const jlong* __restrict__ local) {
    for (jlong c = (jlong) blockIdx.x * blockDim.x + threadIdx.x; c < total; c += (jlong) gridDim.x * blockDim.x) {
        const jlong r = requests[c];
        if (r >= 0 && roundWon[c]) {
            won[c] = true;
            place[c] = r;
            // (a child born on another partition's place takes room there: its owner counted it, colony_child_admit)
            if (occupancy && (!local || local[c] >= 0)) atomicAdd(&occupancy[r], 1);
        }
        if (won[c] || round < 0) {
            requests[c] = -1;
            continue;
        }
        const jint p = parentOfChild[c];
        colony::Random rng(seed, epoch);
        requests[c] = childTry(rng, ids[p], spawns[p], (jint) c - offsets[p], round, locations[p], birthPlaces[p],
                birthSpreads[p], size0, size1, size2, dims, wrap);
    }
}

// The place of every born child, where it was born (locations[survivors + rank among the born] = its request), and
// its ordinal among its parent's born children (its rank less that of its parent's first child; the children of a
// parent are consecutive from offsets[parent]).
extern "C" __global__ void colony_children_places(jint total, const bool* __restrict__ won,
        const jint* __restrict__ wonRank, const jlong* __restrict__ requests, jint survivors,
        jlong* __restrict__ locations, const jint* __restrict__ parentOfChild, const jint* __restrict__ offsets,
        jint* __restrict__ ordinals) {
    for (jlong c = (jlong) blockIdx.x * blockDim.x + threadIdx.x; c < total; c += (jlong) gridDim.x * blockDim.x) {
        if (won[c]) {
            locations[survivors + wonRank[c]] = requests[c];
            ordinals[survivors + wonRank[c]] = wonRank[c] - wonRank[offsets[parentOfChild[c]]];
        }
    }
}

// The parent's id of every born child, in the order of their slots after the compaction (out[rank among the born]).
extern "C" __global__ void colony_born_parents(jint total, const bool* __restrict__ won,
        const jint* __restrict__ wonRank, const jint* __restrict__ parentOfChild, const jlong* __restrict__ ids,
        jlong* __restrict__ out) {
    for (jlong c = (jlong) blockIdx.x * blockDim.x + threadIdx.x; c < total; c += (jlong) gridDim.x * blockDim.x) {
        if (won[c]) out[wonRank[c]] = ids[parentOfChild[c]];
    }
}

// The new slot of every survivor and born child: map[new] = old slot (children map to their parent).
extern "C" __global__ void colony_compaction_map(jlong n, const bool* __restrict__ killed, const jint* __restrict__ aliveRank,
        jint* __restrict__ map) {
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        if (!killed[i]) map[aliveRank[i]] = (jint) i;
    }
}

extern "C" __global__ void colony_children_map(jint total, const bool* __restrict__ won, const jint* __restrict__ wonRank,
        const jint* __restrict__ parentOfChild, jint survivors, jint* __restrict__ map) {
    for (jlong c = (jlong) blockIdx.x * blockDim.x + threadIdx.x; c < total; c += (jlong) gridDim.x * blockDim.x) {
        if (won[c]) map[survivors + wonRank[c]] = parentOfChild[c];
    }
}

// Flags to ints, for scanning.
extern "C" __global__ void colony_flags(jlong n, const bool* __restrict__ flags, bool negate, jint* __restrict__ out) {
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        out[i] = (flags[i] != negate) ? 1 : 0;
    }
}

// Copies element columns through a map: dst[c * dstPitch + j] = src[c * srcPitch + map[j]] (map[j] = j where map is
// null).
template <typename T>
__device__ void gather(const T* __restrict__ src, T* __restrict__ dst, const jint* __restrict__ map, jlong n,
        jlong srcPitch, jlong dstPitch, jint columns) {
    for (jlong j = (jlong) blockIdx.x * blockDim.x + threadIdx.x; j < n; j += (jlong) gridDim.x * blockDim.x) {
        const jlong from = map != nullptr ? (jlong) map[j] : j;
        for (jint c = 0; c < columns; c++) dst[c * dstPitch + j] = src[c * srcPitch + from];
    }
}
extern "C" __global__ void colony_gather_1(const unsigned char* s, unsigned char* d, const jint* m, jlong n, jlong sp,
        jlong dp, jint c) { gather(s, d, m, n, sp, dp, c); }
extern "C" __global__ void colony_gather_2(const unsigned short* s, unsigned short* d, const jint* m, jlong n, jlong sp,
        jlong dp, jint c) { gather(s, d, m, n, sp, dp, c); }
extern "C" __global__ void colony_gather_4(const unsigned int* s, unsigned int* d, const jint* m, jlong n, jlong sp,
        jlong dp, jint c) { gather(s, d, m, n, sp, dp, c); }
extern "C" __global__ void colony_gather_8(const unsigned long long* s, unsigned long long* d, const jint* m, jlong n,
        jlong sp, jlong dp, jint c) { gather(s, d, m, n, sp, dp, c); }

// Up to eight columns gathered in one launch (a compaction's columns), column blockIdx.y from s<y> into d<y>: byte y
// of `sizes` its element size (1, 2, 4 or 8), byte y of `elements` its element columns, all `pitch` elements apart.
template <typename T>
__device__ void gatherColumn(const void* s, void* d, const jint* __restrict__ map, jlong n, jlong pitch, jint columns) {
    gather((const T*) s, (T*) d, map, n, pitch, pitch, columns);
}
extern "C" __global__ void colony_gather_columns(const jint* __restrict__ map, jlong n, jlong pitch, julong sizes,
        julong elements, const void* s0, void* d0, const void* s1, void* d1, const void* s2, void* d2, const void* s3,
        void* d3, const void* s4, void* d4, const void* s5, void* d5, const void* s6, void* d6, const void* s7,
        void* d7) {
    const unsigned y = blockIdx.y;
    const void* s = y == 0 ? s0 : y == 1 ? s1 : y == 2 ? s2 : y == 3 ? s3 : y == 4 ? s4 : y == 5 ? s5 : y == 6 ? s6 : s7;
    void* d = y == 0 ? d0 : y == 1 ? d1 : y == 2 ? d2 : y == 3 ? d3 : y == 4 ? d4 : y == 5 ? d5 : y == 6 ? d6 : d7;
    const jint columns = (jint) (elements >> (8 * y) & 0xFF);
    switch (sizes >> (8 * y) & 0xFF) {
        case 1: gatherColumn<unsigned char>(s, d, map, n, pitch, columns); break;
        case 2: gatherColumn<unsigned short>(s, d, map, n, pitch, columns); break;
        case 4: gatherColumn<unsigned int>(s, d, map, n, pitch, columns); break;
        default: gatherColumn<unsigned long long>(s, d, map, n, pitch, columns); break;
    }
}

// A batch of column copies in one launch, one entry of the table per blockIdx.y: entry {src, dst, map, n, srcPitch,
// dstPitch, columns, size} copies n rows of `columns` elements of `size` bytes (1, 2, 4 or 8), row j from source row
// map[j] (j where map is null): dst[c * dstPitch + j] = src[c * srcPitch + map[j]], pitches in elements.
template <typename T>
__device__ void copyRows(const jlong* __restrict__ e) {
    gather((const T*) e[0], (T*) e[1], (const jint*) e[2], e[3], e[4], e[5], (jint) e[6]);
}
__device__ void copyRowsOf(const jlong* e) {
    switch (e[7]) {
        case 1: copyRows<unsigned char>(e); break;
        case 2: copyRows<unsigned short>(e); break;
        case 4: copyRows<unsigned int>(e); break;
        default: copyRows<unsigned long long>(e); break;
    }
}
extern "C" __global__ void colony_copy_rows(const jlong* __restrict__ table) {
    copyRowsOf(table + 8 * (jlong) blockIdx.y);
}

// A table of longs passed by value (AgentDevice.TABLE_LONGS): a launch that takes it needs no upload before it.
// __grid_constant__ (sm_70 on) reads it where the parameters lie; before sm_70 each thread reads a copy of it.
struct ParamTable {
    jlong words[128];
};
#if __CUDA_ARCH__ >= 700
#define COLONY_GRID_CONSTANT __grid_constant__
#else
#define COLONY_GRID_CONSTANT
#endif

// As colony_copy_rows, with the table (16 entries at most) in the parameters.
extern "C" __global__ void colony_copy_rows_inline(const COLONY_GRID_CONSTANT ParamTable table) {
    copyRowsOf(table.words + 8 * (jlong) blockIdx.y);
}

// Children's ids follow the survivors: ids[survivors + r] = next + r.
extern "C" __global__ void colony_child_ids(jlong* __restrict__ ids, jint survivors, jint births, jlong next) {
    for (jlong r = (jlong) blockIdx.x * blockDim.x + threadIdx.x; r < births; r += (jlong) gridDim.x * blockDim.x) {
        ids[survivors + r] = next + r;
    }
}

// The number of the `count` ids of `list` (increasing) below `id`.
__device__ __forceinline__ jlong countBelow(const jlong* __restrict__ list, jlong count, jlong id) {
    jlong lo = 0, hi = count;
    while (lo < hi) {
        const jlong mid = (lo + hi) >> 1;
        if (list[mid] < id) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

// The ids of a partition's `n` children born, numbered by (parent id, ordinal) over every partition of one device
// from `next` on: child i (its parent's id parents[i]; a partition's children in their slots' order, so their parents'
// ids do not decrease and a parent's children follow one another) gets next + i, its place among this partition's
// children, plus, for each of the `lists` other partitions (`table`: the address of its children's parents' ids, in
// the same order, then their number), how many of its children have parents of lower ids (a binary search). Parents
// are agents of one partition each, so no id is in two lists. As ChildIds numbers them on the host.
extern "C" __global__ void colony_number_children(const COLONY_GRID_CONSTANT ParamTable table, jint lists, jlong n,
        const jlong* __restrict__ parents, jlong next, jlong* __restrict__ ids) {
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        const jlong parent = parents[i];
        jlong id = next + i;
        for (jint l = 0; l < lists; l++) {
            id += countBelow((const jlong*) table.words[2 * l], table.words[2 * l + 1], parent);
        }
        ids[i] = id;
    }
}

// As colony_number_children for at most three other partitions, their lists in the parameters (a null list for
// none): 96 bytes of parameters rather than a table of 1 KiB, which a CUDA graph's node copies whenever they change.
extern "C" __global__ void colony_number_children_few(jlong n, const jlong* __restrict__ parents, jlong next,
        jlong* __restrict__ ids, const jlong* __restrict__ list0, jlong count0, const jlong* __restrict__ list1,
        jlong count1, const jlong* __restrict__ list2, jlong count2) {
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        const jlong parent = parents[i];
        ids[i] = next + i + countBelow(list0, count0, parent) + countBelow(list1, count1, parent)
                + countBelow(list2, count2, parent);
    }
}

extern "C" __global__ void colony_fill_long(jlong* __restrict__ out, jlong n, jlong value) {
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        out[i] = value;
    }
}

extern "C" __global__ void colony_fill_int(jint* __restrict__ out, jlong n, jint value) {
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        out[i] = value;
    }
}

// Clears what the steps asked of manageAll in slots [from, slots): no death, no children, no move (one launch for the
// three columns).
extern "C" __global__ void colony_clear_requests(bool* __restrict__ killed, jint* __restrict__ spawns,
        jlong* __restrict__ targets, jlong from, jlong slots) {
    for (jlong i = from + (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < slots; i += (jlong) gridDim.x * blockDim.x) {
        killed[i] = false;
        spawns[i] = 0;
        targets[i] = -1;
    }
}

// A memset as a kernel: it stays in a run of launches that a CUDA graph replays (a memset would end the run).
extern "C" __global__ void colony_fill_bytes(unsigned char* __restrict__ out, jlong n, jint value) {
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        out[i] = (unsigned char) value;
    }
}

// A copy on the device as a kernel, for the same reason.
extern "C" __global__ void colony_copy_bytes(const unsigned char* __restrict__ in, unsigned char* __restrict__ out,
        jlong n) {
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        out[i] = in[i];
    }
}

// A message between partitions of one GPU: `n` bytes from `in` to `out`, eight at a time where both are 8-byte
// aligned (the transport's buffers are), else one at a time.
extern "C" __global__ void colony_copy_message(const unsigned char* __restrict__ in, unsigned char* __restrict__ out,
        jlong n) {
    const jlong stride = (jlong) gridDim.x * blockDim.x;
    const jlong first = (jlong) blockIdx.x * blockDim.x + threadIdx.x;
    if ((((julong) in | (julong) out) & 7) == 0) {
        const jlong words = n / 8;
        for (jlong i = first; i < words; i += stride) ((julong*) out)[i] = ((const julong*) in)[i];
        for (jlong i = words * 8 + first; i < n; i += stride) out[i] = in[i];
    } else {
        for (jlong i = first; i < n; i += stride) out[i] = in[i];
    }
}

// ---- other agents' writes, applied as the step ends: column = op(column, incoming) (0 sum, 1 min, 2 max) ---------
template <typename T>
__device__ void applyIncoming(T* __restrict__ col, const T* __restrict__ in, jlong n, jint op) {
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        col[i] = op == 0 ? (T) (col[i] + in[i]) : op == 1 ? colony::min(col[i], in[i]) : colony::max(col[i], in[i]);
    }
}
extern "C" __global__ void colony_apply_incoming_i32(jint* c, const jint* in, jlong n, jint op) {
    // (a sum wraps around as Java's int does)
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        c[i] = op == 0 ? colony::add(c[i], in[i]) : op == 1 ? colony::min(c[i], in[i]) : colony::max(c[i], in[i]);
    }
}
extern "C" __global__ void colony_apply_incoming_i64(jlong* c, const jlong* in, jlong n, jint op) {
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        c[i] = op == 0 ? colony::add(c[i], in[i]) : op == 1 ? colony::min(c[i], in[i]) : colony::max(c[i], in[i]);
    }
}
extern "C" __global__ void colony_apply_incoming_f32(float* c, const float* in, jlong n, jint op) {
    applyIncoming(c, in, n, op);
}
extern "C" __global__ void colony_apply_incoming_f64(double* c, const double* in, jlong n, jint op) {
    applyIncoming(c, in, n, op);
}

// ---- agents' writes of their places, combined per place in id order -------------------------------
__device__ __forceinline__ double combineSum(double a, double b) { return a + b; }
__device__ __forceinline__ float combineSum(float a, float b) { return a + b; }
__device__ __forceinline__ jlong combineSum(jlong a, jlong b) { return colony::add(a, b); }
__device__ __forceinline__ jint combineSum(jint a, jint b) { return colony::add(a, b); }
__device__ __forceinline__ jshort combineSum(jshort a, jshort b) { return (jshort) colony::add((jint) a, (jint) b); }
__device__ __forceinline__ jbyte combineSum(jbyte a, jbyte b) { return (jbyte) colony::add((jint) a, (jint) b); }
__device__ __forceinline__ bool combineSum(bool a, bool b) { return a; }
namespace colony {
__device__ __forceinline__ jshort min(jshort a, jshort b) { return a <= b ? a : b; }
__device__ __forceinline__ jshort max(jshort a, jshort b) { return a >= b ? a : b; }
__device__ __forceinline__ jbyte min(jbyte a, jbyte b) { return a <= b ? a : b; }
__device__ __forceinline__ jbyte max(jbyte a, jbyte b) { return a >= b ? a : b; }
__device__ __forceinline__ bool min(bool a, bool b) { return a && b; }
__device__ __forceinline__ bool max(bool a, bool b) { return a || b; }
}
template <typename T, int OP>
__device__ void applyWrites(const colony::Frame f, T* __restrict__ col, const T* __restrict__ contrib,
        const bool* __restrict__ wrote, const jint* __restrict__ start, const jint* __restrict__ order, jlong buckets,
        jlong keyBase, jint line) {
    // Bucket k holds the agents on global place keyBase + k.
    for (jlong k = (jlong) blockIdx.x * blockDim.x + threadIdx.x; k < buckets; k += (jlong) gridDim.x * blockDim.x) {
        const jint a = start[k], b = start[k + 1];
        const jlong g = keyBase + k;
        // No agents, or other partitions' agents on a halo place (slots past the live ones): nothing to apply.
        if (a == b || order[a] >= f.rows) continue;
        const jint x = (jint) (g % f.size0), y = (jint) (g / f.size0 % f.size1), z = (jint) (g / f.size0 / f.size1);
        const jlong s = f.base + (x - f.origin0) + (jlong) (y - f.origin1) * f.strideY + (jlong) (z - f.origin2) * f.strideZ;
        if (OP == 0) {
            jint writer = -1;
            for (jint k = a; k < b; k++) {
                const jint i = order[k];
                if (wrote[i]) {
                    if (writer >= 0) { colony::fail(f, colony::TWO_WRITERS, line, (jint) g); }
                    writer = i;
                }
            }
            if (writer >= 0) col[s] = contrib[writer];
        } else {
            T r = col[s];
            for (jint k = a; k < b; k++) {
                const jint i = order[k];
                if (OP == 1) r = combineSum(r, contrib[i]);
                else if (wrote[i]) r = OP == 2 ? colony::min(r, contrib[i]) : colony::max(r, contrib[i]);
            }
            col[s] = r;
        }
    }
}

// The same writes for a collection of capacity 1: at most one agent per place, so each agent applies its own
// contribution to its place directly (one thread per agent, no grouping by place needed) with the same result.
template <typename T, int OP>
__device__ void applyOwn(const colony::Frame f, T* __restrict__ col, const T* __restrict__ contrib,
        const bool* __restrict__ wrote, const jlong* __restrict__ locations, jlong n) {
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        const jlong g = locations[i];
        if (g < 0) continue; // a slot whose agent left (see colony_mark_left)
        const jint x = (jint) (g % f.size0), y = (jint) (g / f.size0 % f.size1), z = (jint) (g / f.size0 / f.size1);
        const jlong s = f.base + (x - f.origin0) + (jlong) (y - f.origin1) * f.strideY + (jlong) (z - f.origin2) * f.strideZ;
        if (OP == 0) {
            if (wrote[i]) col[s] = contrib[i];
        } else if (OP == 1) {
            col[s] = combineSum(col[s], contrib[i]);
        } else if (wrote[i]) {
            col[s] = OP == 2 ? colony::min(col[s], contrib[i]) : colony::max(col[s], contrib[i]);
        }
    }
}

#define COLONY_APPLY_OWN(NAME, T) \
extern "C" __global__ void colony_apply_own_set_##NAME(const colony::Frame f, T* c, const T* v, const bool* w, \
        const jlong* l, jlong n) { applyOwn<T, 0>(f, c, v, w, l, n); } \
extern "C" __global__ void colony_apply_own_sum_##NAME(const colony::Frame f, T* c, const T* v, const bool* w, \
        const jlong* l, jlong n) { applyOwn<T, 1>(f, c, v, w, l, n); } \
extern "C" __global__ void colony_apply_own_min_##NAME(const colony::Frame f, T* c, const T* v, const bool* w, \
        const jlong* l, jlong n) { applyOwn<T, 2>(f, c, v, w, l, n); } \
extern "C" __global__ void colony_apply_own_max_##NAME(const colony::Frame f, T* c, const T* v, const bool* w, \
        const jlong* l, jlong n) { applyOwn<T, 3>(f, c, v, w, l, n); }

#define COLONY_APPLY(NAME, T) \
extern "C" __global__ void colony_apply_set_##NAME(const colony::Frame f, T* c, const T* v, const bool* w, const jint* s, \
        const jint* o, jlong n, jlong base, jint line) { applyWrites<T, 0>(f, c, v, w, s, o, n, base, line); } \
extern "C" __global__ void colony_apply_sum_##NAME(const colony::Frame f, T* c, const T* v, const bool* w, const jint* s, \
        const jint* o, jlong n, jlong base, jint line) { applyWrites<T, 1>(f, c, v, w, s, o, n, base, line); } \
extern "C" __global__ void colony_apply_min_##NAME(const colony::Frame f, T* c, const T* v, const bool* w, const jint* s, \
        const jint* o, jlong n, jlong base, jint line) { applyWrites<T, 2>(f, c, v, w, s, o, n, base, line); } \
extern "C" __global__ void colony_apply_max_##NAME(const colony::Frame f, T* c, const T* v, const bool* w, const jint* s, \
        const jint* o, jlong n, jlong base, jint line) { applyWrites<T, 3>(f, c, v, w, s, o, n, base, line); }

COLONY_APPLY(double, double)
COLONY_APPLY(float, float)
COLONY_APPLY(long, jlong)
COLONY_APPLY(int, jint)
COLONY_APPLY(short, jshort)
COLONY_APPLY(byte, jbyte)
COLONY_APPLY(boolean, bool)

COLONY_APPLY_OWN(double, double)
COLONY_APPLY_OWN(float, float)
COLONY_APPLY_OWN(long, jlong)
COLONY_APPLY_OWN(int, jint)
COLONY_APPLY_OWN(short, jshort)
COLONY_APPLY_OWN(byte, jbyte)
COLONY_APPLY_OWN(boolean, bool)

// ---- the manageAll of one partition of a partitioned grid: moves to other partitions' places ---------------
// Requests, verdicts and movers stay in device memory: the requests to another partition carry the movers' rows,
// its owner settles them with its own and takes the winners in; the verdicts go back so the senders drop them.

// The partition owning global place g: table holds, per coordinate, its block's share of the partition number
// (x: size0 entries, then y: size1, then z).
__device__ __forceinline__ jint ownerOf(jlong g, const jint* __restrict__ table, jint size0, jint size1) {
    const jlong row = g / size0;
    return table[g - row * size0] + table[size0 + row % size1] + table[size0 + size1 + row / size1];
}

// colony_move_requests for a partition, in the same pass: requests to places of other partitions are left out of
// the local requests (-1 there), flagged in `remote`, and counted per owning partition (perOwner, 64-bit).
// Parents whose children may be born on another partition's places (a spawnNear, or a place named there) are
// counted in stats[3]: where there are none, and no agent moves to another partition, the births are this
// partition's own; stats[1] is the birth rounds its children need (as colony_move_requests' stats[3]), stats[8] the
// parents whose children may not all be born though places have room (as colony_move_requests counts them).
extern "C" __global__ void colony_partition_requests(jlong n, const bool* __restrict__ killed,
        const jlong* __restrict__ targets, const jlong* __restrict__ locations, jlong* __restrict__ requests,
        jint* __restrict__ occupancy, const jint* __restrict__ spawns, julong* __restrict__ stats,
        jint* __restrict__ remote, const jint* __restrict__ table, jint size0, jint size1, jint self,
        julong* __restrict__ perOwner, const jlong* __restrict__ birthPlaces, const jint* __restrict__ birthSpreads) {
    julong deaths = 0, outside = 0, movers = 0, children = 0, elsewhere = 0, unsure = 0;
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        childrenAsked(i, n, spawns, children, stats); // (0 in a slot without an agent)
        unsure += mayBeUnborn(i, spawns, birthPlaces, birthSpreads);
        if (spawns[i] > 0 && (birthSpreads[i] != 0
                || birthPlaces[i] >= 0 && ownerOf(birthPlaces[i], table, size0, size1) != self)) {
            elsewhere++;
        }
        if (spawns[i] > 0) atomicMax(&stats[1], (julong) (birthSpreads[i] == 0 ? 1 : birthSpreads[i] & 0xFFFF));
        // (a slot whose agent left in a round that left its compaction to this one: no agent, nothing asked)
        jlong r = locations[i] < 0 ? -1 : moveRequest(i, killed, targets, locations, occupancy, deaths, outside, movers);
        jint away = 0;
        if (r >= 0) {
            const jint owner = ownerOf(r, table, size0, size1);
            if (owner != self) {
                away = 1;
                r = -1;
                atomicAdd(&perOwner[owner], 1ULL);
            }
        }
        requests[i] = r;
        remote[i] = away;
    }
    addToCounter(&stats[0], deaths);
    addToCounter(&stats[3], elsewhere);
    addToCounter(&stats[4], outside);
    addToCounter(&stats[5], movers);
    addToCounter(&stats[6], children);
    addToCounter(&stats[8], unsure);
}

// The flagged slots, in slot (= id) order.
extern "C" __global__ void colony_pack_slots(jlong n, const jint* __restrict__ flags, const jint* __restrict__ rank,
        jint* __restrict__ out) {
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        if (flags[i]) out[rank[i]] = (jint) i;
    }
}

// Flags the slots of `list` whose move target partition `q` owns.
extern "C" __global__ void colony_owner_flags(jlong r, const jint* __restrict__ list, const jlong* __restrict__ targets,
        const jint* __restrict__ table, jint size0, jint size1, jint q, jint* __restrict__ flags) {
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < r; i += (jlong) gridDim.x * blockDim.x) {
        flags[i] = ownerOf(targets[list[i]], table, size0, size1) == q ? 1 : 0;
    }
}

// The flagged entries of `in`, in order.
extern "C" __global__ void colony_pick(jlong r, const jint* __restrict__ flags, const jint* __restrict__ rank,
        const jint* __restrict__ in, jint* __restrict__ out) {
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < r; i += (jlong) gridDim.x * blockDim.x) {
        if (flags[i]) out[rank[i]] = in[i];
    }
}

// ---- births across partitions: each birth round's requests for other partitions' places go to their owners -------

// One request of a child for a place of another partition, as colony_child_split writes it and colony_child_unpack
// reads it: the place (-1: none for that partition), the child's random priority, its tie (parent id, k) and its
// parent's rank.
struct ChildRequest {
    jlong place;
    julong priority;
    jlong tie;
    julong rank;
};

// Ties among children contending for a place of a partition, comparable across partitions: (parent id, k), as the
// host's rounds break them (parent ids below 2^43, k below 2^20).
extern "C" __global__ void colony_child_ties(jint total, const jint* __restrict__ parentOfChild,
        const jint* __restrict__ offsets, const jlong* __restrict__ ids, jlong* __restrict__ tie) {
    for (jlong c = (jlong) blockIdx.x * blockDim.x + threadIdx.x; c < total; c += (jlong) gridDim.x * blockDim.x) {
        const jint p = parentOfChild[c];
        tie[c] = (ids[p] << 20) | (jlong) min((jint) c - offsets[p], (1 << 20) - 1);
    }
}

// Splits a birth round's requests by owner: `local` gets those for this partition's places (-1 for the others), and
// the requests for partition q go to the address outTable[q] (this partition's buffer for q, or q's own room for them
// where the partitions share one memory), child c's at [c] (place -1 where it asks for none there).
extern "C" __global__ void colony_child_split(jint total, const jlong* __restrict__ requests, jlong* __restrict__ local,
        const jlong* __restrict__ outTable, jint partitions, const jint* __restrict__ table, jint size0, jint size1,
        jint self, const julong* __restrict__ priority, const jlong* __restrict__ tie,
        const julong* __restrict__ rank) {
    for (jlong c = (jlong) blockIdx.x * blockDim.x + threadIdx.x; c < total; c += (jlong) gridDim.x * blockDim.x) {
        const jlong r = requests[c];
        const jint owner = r >= 0 ? ownerOf(r, table, size0, size1) : self;
        local[c] = owner == self ? r : -1;
        for (jint q = 0; q < partitions; q++) {
            if (q == self) continue;
            ChildRequest& e = ((ChildRequest*) outTable[q])[c];
            e.place = owner == q ? r : -1;
            e.priority = priority ? priority[c] : 0;
            e.tie = tie[c];
            e.rank = rank ? rank[c] : 0;
        }
    }
}

// The requests received (every other partition's, sender after sender) after this one's own (each array already at
// where they go): their places, priorities, ties and ranks, none won yet.
extern "C" __global__ void colony_child_unpack(jint count, const ChildRequest* __restrict__ in,
        jlong* __restrict__ requests, julong* __restrict__ priority, jlong* __restrict__ tie, julong* __restrict__ rank,
        bool* __restrict__ won) {
    for (jlong j = (jlong) blockIdx.x * blockDim.x + threadIdx.x; j < count; j += (jlong) gridDim.x * blockDim.x) {
        const ChildRequest e = in[j];
        requests[j] = e.place;
        if (priority) priority[j] = e.priority;
        tie[j] = e.tie;
        if (rank) rank[j] = e.rank;
        won[j] = false;
    }
}

// The requests received that won take their room on this partition's places (one more agent each).
extern "C" __global__ void colony_child_admit(jint count, const jlong* __restrict__ requests,
        const bool* __restrict__ won, jint* __restrict__ occupancy) {
    for (jlong j = (jlong) blockIdx.x * blockDim.x + threadIdx.x; j < count; j += (jlong) gridDim.x * blockDim.x) {
        if (requests[j] >= 0 && won[j]) atomicAdd(&occupancy[requests[j]], 1);
    }
}

// The verdicts on this partition's requests for other partitions' places: child c asked partition q where
// requests[c] >= 0 and local[c] < 0, and byte [c] at the address verdictTable[q] says whether it won (0 from the
// partitions not asked; the verdicts received from q, or q's own where the partitions share one memory).
extern "C" __global__ void colony_child_verdicts(jint total, const jlong* __restrict__ requests,
        const jlong* __restrict__ local, const jlong* __restrict__ verdictTable, jint partitions, jint self,
        bool* __restrict__ roundWon) {
    for (jlong c = (jlong) blockIdx.x * blockDim.x + threadIdx.x; c < total; c += (jlong) gridDim.x * blockDim.x) {
        if (requests[c] < 0 || local[c] >= 0) continue;
        bool w = false;
        for (jint q = 0; q < partitions; q++) {
            if (q != self) w |= ((const bool*) verdictTable[q])[c];
        }
        roundWon[c] = w;
    }
}

// Per partition, the children born here (won) on its places where it is not this one (`self`), counted over the
// children asked for before the compaction (64-bit), so that the counts come back with the children born.
extern "C" __global__ void colony_child_owners(jlong wanted, const bool* __restrict__ won,
        const jlong* __restrict__ places, const jint* __restrict__ table, jint size0, jint size1, jint self,
        julong* __restrict__ perOwner) {
    for (jlong c = (jlong) blockIdx.x * blockDim.x + threadIdx.x; c < wanted; c += (jlong) gridDim.x * blockDim.x) {
        if (won[c]) {
            const jint owner = ownerOf(places[c], table, size0, size1);
            if (owner != self) atomicAdd(&perOwner[owner], 1ULL);
        }
    }
}

// The children born on another partition's places (slots [0, births) of `locations`, after the survivors): flagged,
// and their place made their move target (as a mover's). colony_child_owners counted them.
extern "C" __global__ void colony_emigrants(jlong births, const jlong* __restrict__ locations,
        jlong* __restrict__ targets, const jint* __restrict__ table, jint size0, jint size1, jint self,
        jint* __restrict__ flags) {
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < births; i += (jlong) gridDim.x * blockDim.x) {
        const jint owner = ownerOf(locations[i], table, size0, size1);
        flags[i] = owner != self ? 1 : 0;
        if (owner != self) targets[i] = locations[i];
    }
}

// The number of set flags, added into *out. Every thread of the block takes part (addToCounter).
extern "C" __global__ void colony_count_set(jlong n, const bool* __restrict__ flags, julong* __restrict__ out) {
    julong c = 0;
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        c += flags[i] ? 1 : 0;
    }
    addToCounter(out, c);
}

// Agents that left for other partitions: killed here (the compaction drops them), not counted as deaths; with
// verdicts, only those whose move won. Where the compaction waits for a later round, their slots also lose their
// place (locations, when given, set to -1): steps, place writes, counts and the index pass over them.
extern "C" __global__ void colony_mark_left(const jint* __restrict__ slots, jlong n, const bool* __restrict__ won,
        bool* __restrict__ killed, jlong* __restrict__ locations) {
    for (jlong k = (jlong) blockIdx.x * blockDim.x + threadIdx.x; k < n; k += (jlong) gridDim.x * blockDim.x) {
        if (!won || won[k]) {
            killed[slots[k]] = true;
            if (locations) locations[slots[k]] = -1;
        }
    }
}

// Arrivals whose move lost are dropped by the compaction: killed[i] = !won[i] (and, when given, no place).
extern "C" __global__ void colony_lost(jlong n, const bool* __restrict__ won, bool* __restrict__ killed,
        jlong* __restrict__ locations) {
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        killed[i] = !won[i];
        if (locations && !won[i]) locations[i] = -1;
    }
}

// Flags the slots that hold an agent (a place), for a compaction that keeps the deaths asked for.
extern "C" __global__ void colony_placed(jlong n, const jlong* __restrict__ locations, jint* __restrict__ out) {
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        out[i] = locations[i] >= 0 ? 1 : 0;
    }
}

// The first index of sorted[0 .. n) not below v.
__device__ __forceinline__ jlong lowerBound(const jlong* __restrict__ sorted, jlong n, jlong v) {
    jlong lo = 0, hi = n;
    while (lo < hi) {
        const jlong mid = (lo + hi) >> 1;
        if (sorted[mid] < v) lo = mid + 1; else hi = mid;
    }
    return lo;
}

// The compaction into id order of slots [0, total), which hold `runs` runs each in id order (run u: slots
// bounds[u] .. bounds[u + 1]); killed slots are dropped (without `killed`: the slots with no place). rank: the
// exclusive scan of the living flags, with rank[total] their number. map[new slot] = old slot. Ids are distinct, so
// each lands where the merge puts it.
__device__ void mergeRuns(jlong total, const bool* __restrict__ killed, const jlong* __restrict__ locations,
        const jint* __restrict__ rank, const jlong* __restrict__ ids, const jint* __restrict__ bounds, jint runs,
        jint* __restrict__ map) {
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < total; i += (jlong) gridDim.x * blockDim.x) {
        if (killed ? killed[i] : locations[i] < 0) continue;
        jint s = 0;
        while (i >= bounds[s + 1]) s++;
        const jlong id = ids[i];
        jlong at = rank[i] - rank[bounds[s]];
        for (jint u = 0; u < runs; u++) {
            if (u == s) continue;
            const jint b = bounds[u];
            at += rank[b + lowerBound(ids + b, bounds[u + 1] - b, id)] - rank[b];
        }
        map[at] = (jint) i;
    }
}
extern "C" __global__ void colony_merge_runs(jlong total, const bool* __restrict__ killed,
        const jlong* __restrict__ locations, const jint* __restrict__ rank, const jlong* __restrict__ ids,
        const jint* __restrict__ bounds, jint runs, jint* __restrict__ map) {
    mergeRuns(total, killed, locations, rank, ids, bounds, runs, map);
}
// As colony_merge_runs, with the bounds (256 ints at most) in the parameters.
extern "C" __global__ void colony_merge_runs_inline(const COLONY_GRID_CONSTANT ParamTable bounds, jlong total,
        const bool* __restrict__ killed, const jlong* __restrict__ locations, const jint* __restrict__ rank,
        const jlong* __restrict__ ids, jint runs, jint* __restrict__ map) {
    mergeRuns(total, killed, locations, rank, ids, (const jint*) bounds.words, runs, map);
}

// The number of agents (slots [0, n)) on each cell of a box of owned places (local coordinates lo .. lo + n of a
// block at origin o), in row order, added into `out` (zero before): one pass over the agents, no index needed.
extern "C" __global__ void colony_box_counts(const jlong* __restrict__ locations, jlong n, jint size0, jint size1,
        jint o0, jint o1, jint o2, jint lo0, jint lo1, jint lo2, jint n0, jint n1, jint n2, jint* __restrict__ out) {
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        const jlong g = locations[i];
        if (g < 0) continue; // a slot whose agent left
        const jlong row = g / size0;
        const jlong x = g - row * size0 - o0 - lo0, y = row % size1 - o1 - lo1, z = row / size1 - o2 - lo2;
        if (x >= 0 && x < n0 && y >= 0 && y < n1 && z >= 0 && z < n2) atomicAdd(&out[x + n0 * (y + (jlong) n1 * z)], 1);
    }
}

__device__ __forceinline__ jint wrapCoordinate(jint c, jint size, bool wrap) {
    if (c >= 0 && c < size) return c;
    if (!wrap) return -1;
    c %= size;
    return c < 0 ? c + size : c;
}

// The agents of other partitions on a box of halo cells (local coordinates lo .. lo + n of a block at origin o
// with extent e, in a grid size0 x size1 x size2), counted only: `ghost` holds their numbers in row order. With
// `set`, before the scan of an agents-by-place grouping, each place such a cell holds gets its number as its
// count (no live agent is on it); otherwise, after the scatter, its count goes back to zero and its entries of
// `order` get a slot no agent has (0x7fffffff), which place writes skip. Cells off a grid that does not wrap, and
// the block's own places seen across a wrapping edge, are left alone; two cells holding one place write alike.
extern "C" __global__ void colony_ghost_counts(jint* __restrict__ counts, const jint* __restrict__ start,
        jint* __restrict__ order, const jint* __restrict__ ghost, jint lo0, jint lo1, jint lo2, jint n0, jint n1,
        jint n2, jint o0, jint o1, jint o2, jint e0, jint e1, jint e2, jint size0, jint size1, jint size2, bool wrap,
        bool set) {
    const jlong total = (jlong) n0 * n1 * n2;
    for (jlong k = (jlong) blockIdx.x * blockDim.x + threadIdx.x; k < total; k += (jlong) gridDim.x * blockDim.x) {
        const jint x = wrapCoordinate(o0 + lo0 + (jint) (k % n0), size0, wrap);
        const jint y = wrapCoordinate(o1 + lo1 + (jint) (k / n0 % n1), size1, wrap);
        const jint z = wrapCoordinate(o2 + lo2 + (jint) (k / n0 / n1), size2, wrap);
        if (x < 0 || y < 0 || z < 0) continue;
        if (x >= o0 && x < o0 + e0 && y >= o1 && y < o1 + e1 && z >= o2 && z < o2 + e2) continue;
        const jlong g = x + (jlong) size0 * (y + (jlong) size1 * z);
        if (set) {
            counts[g] = ghost[k];
        } else {
            counts[g] = 0;
            for (jint j = start[g]; j < start[g + 1]; j++) order[j] = 0x7fffffff;
        }
    }
}

// ---- histograms of a column (reduce/Bins, record/Histogram) -------------------------------------------------------
// The bins are counted by exactly the host's IEEE operations in the host's order: every double operation is an
// intrinsic rounded to nearest, which no fused multiply-add or fast-math option changes.

// The double value of a float's bits, subnormals included (a plain conversion may flush them to zero under
// --use_fast_math).
__device__ __forceinline__ double binFloatToDouble(juint bits) {
    const juint magnitude = bits & 0x7FFFFFFFu;
    if (magnitude != 0u && magnitude < 0x00800000u) {
        const double d = __dmul_rn((double) magnitude, 0x1p-149); // exact: a subnormal float is magnitude * 2^-149
        return (bits >> 31) ? -d : d;
    }
    return (double) __uint_as_float(bits);
}

// Element i of a column of ScalarType ordinal `type` (BOOLEAN 0 .. DOUBLE 6) as a double, as Java converts it:
// booleans as 0 and 1, longs rounded to nearest.
__device__ __forceinline__ double binValue(const void* column, jint type, jlong i) {
    switch (type) {
        case 0: return ((const unsigned char*) column)[i] != 0 ? 1.0 : 0.0;
        case 1: return (double) ((const jbyte*) column)[i];
        case 2: return (double) ((const jshort*) column)[i];
        case 3: return (double) ((const jint*) column)[i];
        case 4: return __ll2double_rn(((const jlong*) column)[i]);
        case 5: return binFloatToDouble(((const juint*) column)[i]);
        default: return ((const double*) column)[i];
    }
}

// Bins.edge: lo + (hi - lo) * i / bins, hi for i = bins.
__device__ __forceinline__ double binEdge(double lo, double hi, jint bins, jint i) {
    return i == bins ? hi : __dadd_rn(lo, __ddiv_rn(__dmul_rn(__dsub_rn(hi, lo), (double) i), (double) bins));
}

// Bins.bin: the bin of v, 0 to bins - 1; bins for below lo, bins + 1 from hi up, bins + 2 for NaN.
__device__ __forceinline__ jint binOf(double v, double lo, double hi, jint bins) {
    if (isnan(v)) return bins + 2;
    if (v < lo) return bins;
    if (v >= hi) return bins + 1;
    const double q = floor(__dmul_rn(__ddiv_rn(__dsub_rn(v, lo), __dsub_rn(hi, lo)), (double) bins));
    jint i = (jint) fmin((double) (bins - 1), fmax(0.0, q));
    while (i > 0 && v < binEdge(lo, hi, bins, i)) i--; // the edges decide, not the rounding of the division
    while (i < bins - 1 && v >= binEdge(lo, hi, bins, i + 1)) i++;
    return i;
}

// The most counts a block gathers in shared memory before adding them to counts[].
#define COLONY_SHARED_BINS 1024

// Adds the values of `rows` rows of `length` elements of a column to counts[bins + 3] (the bins, below, above, NaN):
// row r starts at element base + (r % extent1) * strideY + (r / extent1) * strideZ (the owned cells of a place
// block; an agent column's first slots are one row from 0), leaving out the element at `at` where skip (null: none)
// has skip[at] set (for an agent column, the slots of the agents a manageAll is about to remove). The lanes of a warp
// that found the same bin add their number once (values crowd into few bins, and same-address atomics serialize; a
// device before sm_70, without __match_any_sync, adds one a lane); where the counts fit, a block counts in shared
// memory, in 32 bits (of at most 2^20 blocks, a block counts at most n / 2^20 + 256 values: under 2^32 for any column
// a device holds), and adds its counts once. The loop runs alike in every lane of a block (whole passes of the grid),
// so each warp's lanes all reach the match.
extern "C" __global__ void colony_bin_counts(const void* __restrict__ column, jint type, jlong rows, jlong length,
        jint extent1, jlong base, jlong strideY, jlong strideZ, double lo, double hi, jint bins,
        julong* __restrict__ counts, const bool* __restrict__ skip) {
    __shared__ unsigned int local[COLONY_SHARED_BINS];
    const jint slots = bins + 3;
    const bool inShared = slots <= COLONY_SHARED_BINS; // the same for every thread of the block
    if (inShared) {
        for (jint b = threadIdx.x; b < slots; b += blockDim.x) local[b] = 0u;
        __syncthreads();
    }
    const jlong n = rows * length;
    const jlong pass = (jlong) gridDim.x * blockDim.x;
    for (jlong first = (jlong) blockIdx.x * blockDim.x; first < n; first += pass) {
        const jlong i = first + threadIdx.x;
        jint b = -1;
        if (i < n) {
            const jlong r = i / length;
            const jlong x = i - r * length;
            const jlong at = base + x + (r % extent1) * strideY + (r / extent1) * strideZ;
            if (skip == nullptr || !skip[at]) b = binOf(binValue(column, type, at), lo, hi, bins);
        }
#if __CUDA_ARCH__ >= 700
        const unsigned int peers = __match_any_sync(0xFFFFFFFFu, b);
        const bool adds = b >= 0 && (int) (threadIdx.x & 31) == __ffs(peers) - 1;
        const unsigned int here = (unsigned int) __popc(peers);
#else
        const bool adds = b >= 0;
        const unsigned int here = 1u;
#endif
        if (adds) {
            if (inShared) {
                atomicAdd(&local[b], here);
            } else {
                atomicAdd(&counts[b], (julong) here);
            }
        }
    }
    if (inShared) {
        __syncthreads();
        for (jint b = threadIdx.x; b < slots; b += blockDim.x) {
            if (local[b] != 0u) atomicAdd(&counts[b], (julong) local[b]);
        }
    }
}

// ---- least and greatest values of a column (reduce/Extremes) ------------------------------------------------------
// Order-free: every value becomes a key whose unsigned order is its numeric order, and the keys are combined with
// max alone, so any split of the work gives the same result. Floating point: Math.min/Math.max's order, -0.0 below
// 0.0, NaN noted apart (it wins on the host). Integral: signed order. All four words start at 0: out[0] holds the
// greatest ~key (the least key), out[1] the greatest key, out[2] 1 where a NaN was seen.

// The unsigned key of a double's bits (not NaN): the IEEE total order, -0.0 below 0.0.
__device__ __forceinline__ julong extremeKey(julong bits) {
    return (bits >> 63) ? ~bits : bits | 0x8000000000000000ULL;
}

// Element i of an integral column of ScalarType ordinal `type` (BOOLEAN 0 .. LONG 4), booleans as 0 and 1.
__device__ __forceinline__ jlong extremeIntegral(const void* column, jint type, jlong i) {
    switch (type) {
        case 0: return ((const unsigned char*) column)[i] != 0 ? 1 : 0;
        case 1: return ((const jbyte*) column)[i];
        case 2: return ((const jshort*) column)[i];
        case 3: return ((const jint*) column)[i];
        default: return ((const jlong*) column)[i];
    }
}

__device__ __forceinline__ julong warpMax(julong v) {
    for (int o = 16; o > 0; o >>= 1) {
        const julong other = __shfl_down_sync(0xFFFFFFFFu, v, o);
        v = other > v ? other : v;
    }
    return v;
}

// The extremes of `rows` rows of `length` elements of a column, laid out as colony_bin_counts reads them, combined
// into out[0..2] (see above). Every thread reaches the warp's shuffles: the loop ends for all before them.
extern "C" __global__ void colony_extremes(const void* __restrict__ column, jint type, jlong rows, jlong length,
        jint extent1, jlong base, jlong strideY, jlong strideZ, julong* __restrict__ out) {
    julong least = 0ULL; // the greatest ~key
    julong greatest = 0ULL;
    julong nan = 0ULL;
    const jlong n = rows * length;
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        const jlong r = i / length;
        const jlong x = i - r * length;
        const jlong at = base + x + (r % extent1) * strideY + (r / extent1) * strideZ;
        julong key;
        if (type == 5) {
            const juint bits = ((const juint*) column)[at];
            if ((bits & 0x7FFFFFFFu) > 0x7F800000u) {
                nan = 1ULL;
                continue;
            }
            key = extremeKey((julong) __double_as_longlong(binFloatToDouble(bits)));
        } else if (type == 6) {
            const julong bits = ((const julong*) column)[at];
            if ((bits & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL) {
                nan = 1ULL;
                continue;
            }
            key = extremeKey(bits);
        } else {
            key = (julong) extremeIntegral(column, type, at) ^ 0x8000000000000000ULL;
        }
        least = ~key > least ? ~key : least;
        greatest = key > greatest ? key : greatest;
    }
    least = warpMax(least);
    greatest = warpMax(greatest);
    nan = warpMax(nan);
    if ((threadIdx.x & 31) == 0) {
        if (least != 0ULL) atomicMax(&out[0], least);
        if (greatest != 0ULL) atomicMax(&out[1], greatest);
        if (nan != 0ULL) atomicMax(&out[2], nan);
    }
}

// ---- exact sums of a column with their extremes (reduce/ColumnAccumulator) ----------------------------------------
// Order-free like the extremes: every finite double is a whole number of units of 2^-1074, and the sum is kept as
// ExactSum keeps it, in COLONY_SUM_DIGITS digits of 32 bits (digit i counts units of 2^(32 i - 1074)), each a signed
// 64-bit word whose carries the host propagates (ExactSum.ofDigits). A value adds the three 32-bit pieces of its
// mantissa, shifted into place, to three digits; integer addition then gives the same words in any order and any split
// of the work. A float is first its double (as Java widens it). An integral value v adds its low 32 bits, unsigned, to
// digit 0 and v >> 32 to digit 1. Fewer than 2^31 values keep every word within 64 bits. The words are
// out[0 .. COLONY_SUM_DIGITS - 1], zero to start with; then, as colony_extremes keeps them, the greatest ~key
// (out[COLONY_SUM_DIGITS]) and the greatest key (out[COLONY_SUM_DIGITS + 1]), and ExactSum's flags, or-ed
// (out[COLONY_SUM_DIGITS + 2]: 1 NaN, 2 positive infinity, 4 negative infinity, 8 a floating value other than -0.0).
#define COLONY_SUM_DIGITS 70

// Adds a thread's running digits at index, index + 1 and index + 2 to its block's.
__device__ __forceinline__ void sumFlush(julong* digits, jint index, jlong d0, jlong d1, jlong d2) {
    if (d0 != 0) atomicAdd(&digits[index], (julong) d0);
    if (d1 != 0) atomicAdd(&digits[index + 1], (julong) d1);
    if (d2 != 0) atomicAdd(&digits[index + 2], (julong) d2);
}

__device__ __forceinline__ julong warpOr(julong v) {
    for (int o = 16; o > 0; o >>= 1) v |= __shfl_down_sync(0xFFFFFFFFu, v, o);
    return v;
}

// The exact sum, extremes and flags of `rows` rows of `length` elements of a column, laid out as colony_bin_counts
// reads them, added into out[0 .. COLONY_SUM_DIGITS + 2] (see above). A thread keeps the three digits its last value
// touched in registers and adds them to the block's digits in shared memory when a value lands elsewhere; the block
// adds its digits to out[] once. Every thread reaches the barriers and the warp's shuffles.
extern "C" __global__ void colony_reduce(const void* __restrict__ column, jint type, jlong rows, jlong length,
        jint extent1, jlong base, jlong strideY, jlong strideZ, julong* __restrict__ out) {
    __shared__ julong digits[COLONY_SUM_DIGITS];
    for (jint d = threadIdx.x; d < COLONY_SUM_DIGITS; d += blockDim.x) digits[d] = 0ULL;
    __syncthreads();
    julong least = 0ULL; // the greatest ~key
    julong greatest = 0ULL;
    julong flags = 0ULL;
    jint at = 0; // the digit where a0 goes, a1 and a2 the next two
    jlong a0 = 0;
    jlong a1 = 0;
    jlong a2 = 0;
    const jlong n = rows * length;
    for (jlong i = (jlong) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (jlong) gridDim.x * blockDim.x) {
        const jlong r = i / length;
        const jlong x = i - r * length;
        const jlong el = base + x + (r % extent1) * strideY + (r / extent1) * strideZ;
        if (type < 5) {
            const jlong v = extremeIntegral(column, type, el);
            const julong key = (julong) v ^ 0x8000000000000000ULL;
            least = ~key > least ? ~key : least;
            greatest = key > greatest ? key : greatest;
            a0 += (jlong) ((julong) v & 0xFFFFFFFFULL);
            a1 += v >> 32;
            continue;
        }
        const julong bits = type == 5
                ? (julong) __double_as_longlong(binFloatToDouble(((const juint*) column)[el]))
                : ((const julong*) column)[el];
        const julong magnitude = bits & 0x7FFFFFFFFFFFFFFFULL;
        if (magnitude > 0x7FF0000000000000ULL) {
            flags |= 1ULL;
            continue;
        }
        const julong key = extremeKey(bits);
        least = ~key > least ? ~key : least;
        greatest = key > greatest ? key : greatest;
        if (magnitude == 0x7FF0000000000000ULL) {
            flags |= (bits >> 63) ? 4ULL : 2ULL;
            continue;
        }
        if (bits != 0x8000000000000000ULL) flags |= 8ULL;
        if (magnitude == 0ULL) continue;
        const jint exponent = (jint) (magnitude >> 52);
        julong mantissa = magnitude & 0x000FFFFFFFFFFFFFULL;
        jint shift = 0;
        if (exponent != 0) {
            mantissa |= 1ULL << 52;
            shift = exponent - 1;
        }
        const jint index = shift >> 5;
        const jint offset = shift & 31;
        // mantissa << offset spans at most 84 bits: three 32-bit digits (ExactSum.add).
        const jlong low = (jlong) ((mantissa << offset) & 0xFFFFFFFFULL);
        const jlong mid = (jlong) ((mantissa >> (32 - offset)) & 0xFFFFFFFFULL);
        const jlong high = offset == 0 ? 0 : (jlong) (mantissa >> (64 - offset));
        if (index != at) {
            sumFlush(digits, at, a0, a1, a2);
            at = index;
            a0 = 0;
            a1 = 0;
            a2 = 0;
        }
        if (bits >> 63) {
            a0 -= low;
            a1 -= mid;
            a2 -= high;
        } else {
            a0 += low;
            a1 += mid;
            a2 += high;
        }
    }
    sumFlush(digits, at, a0, a1, a2);
    least = warpMax(least);
    greatest = warpMax(greatest);
    flags = warpOr(flags);
    if ((threadIdx.x & 31) == 0) {
        if (least != 0ULL) atomicMax(&out[COLONY_SUM_DIGITS], least);
        if (greatest != 0ULL) atomicMax(&out[COLONY_SUM_DIGITS + 1], greatest);
        if (flags != 0ULL) atomicOr(&out[COLONY_SUM_DIGITS + 2], flags);
    }
    __syncthreads();
    for (jint d = threadIdx.x; d < COLONY_SUM_DIGITS; d += blockDim.x) {
        if (digits[d] != 0ULL) atomicAdd(&out[d], digits[d]);
    }
}
