// Hand-written reference kernels for the GPU benchmarks: the plain one-cell-per-thread versions a CUDA
// programmer writes first. Flat row-major arrays of n x n cells, no halo. ref_tick_* is Heat2D's whole tick
// (interior diffuses, edges copy their inner neighbour, corners their diagonal one, the heater overrides
// while heating); ref_heat_* is its interior update alone, boundaries left unchanged.

// One cell per thread, in T (float or double): the constants are T's, as a programmer writes 2.0f or 2.0.
template <typename T>
__device__ __forceinline__ void tick(const T* __restrict__ in, T* __restrict__ out, int n, T r, T heat, int heating) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= n || y >= n) return;
    const long long i = (long long) y * n + x;
    if (x > 0 && y > 0 && x < n - 1 && y < n - 1) {
        const T c = in[i];
        out[i] = c + r * (in[i + 1] - T(2) * c + in[i - 1]) + r * (in[i + n] - T(2) * c + in[i - n]);
    } else if (heating && y == 0 && x >= n / 3 && x < 2 * n / 3) {
        out[i] = heat;
    } else {
        const int dx = x == 0 ? 1 : (x == n - 1 ? -1 : 0);
        const int dy = y == 0 ? 1 : (y == n - 1 ? -1 : 0);
        out[i] = in[i + dx + (long long) dy * n];
    }
}

template <typename T>
__device__ __forceinline__ void interior(const T* __restrict__ in, T* __restrict__ out, int n, T r) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x <= 0 || y <= 0 || x >= n - 1 || y >= n - 1) return;
    const long long i = (long long) y * n + x;
    const T c = in[i];
    out[i] = c + r * (in[i + 1] - T(2) * c + in[i - 1]) + r * (in[i + n] - T(2) * c + in[i - n]);
}

extern "C" __global__ void ref_tick_f32(const float* __restrict__ in, float* __restrict__ out, int n, float r,
        float heat, int heating) {
    tick(in, out, n, r, heat, heating);
}

extern "C" __global__ void ref_tick_f64(const double* __restrict__ in, double* __restrict__ out, int n, double r,
        double heat, int heating) {
    tick(in, out, n, r, heat, heating);
}

extern "C" __global__ void ref_heat_f32(const float* __restrict__ in, float* __restrict__ out, int n, float r) {
    interior(in, out, n, r);
}

extern "C" __global__ void ref_heat_f64(const double* __restrict__ in, double* __restrict__ out, int n, double r) {
    interior(in, out, n, r);
}

extern "C" __global__ void ref_life(const unsigned char* __restrict__ in, unsigned char* __restrict__ out, int n) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= n || y >= n) return;
    int count = 0;
    for (int dy = -1; dy <= 1; dy++) {
        for (int dx = -1; dx <= 1; dx++) {
            const int nx = x + dx, ny = y + dy;
            if ((dx != 0 || dy != 0) && nx >= 0 && ny >= 0 && nx < n && ny < n) count += in[(long long) ny * n + nx];
        }
    }
    const long long i = (long long) y * n + x;
    out[i] = (count == 3 || (in[i] && count == 2)) ? 1 : 0;
}
