package org.colony.cuda.internal.launch;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.device.CudaModule;
import org.colony.cuda.internal.device.DeviceBuffer;

/**
 * Kernels over {@link StrictMathFunction}s, compiled by NVRTC with {@code colony.cuh} as a model's kernels are:
 * {@code strict_<name>} computes {@code colony::math::<name>} (fdlibm.cuh in deterministic mode) element by element,
 * {@code cuda_<name>} CUDA's own function; {@code bench_strict_<name>} and {@code bench_cuda_<name>} evaluate them
 * on arguments they make themselves (a hash of thread and round, scaled to a range), for throughput without memory
 * traffic; {@code bench_none} makes the same arguments and sums them, the overhead of that.
 */
final class StrictMathKernels {

    private StrictMathKernels() {
    }

    /** The source. */
    static String source() {
        StringBuilder s = new StringBuilder("#include \"colony.cuh\"\n\n");
        s.append("""
                __device__ __forceinline__ double colonyArgument(long long i, int k, double lo, double hi) {
                    unsigned long long z = (unsigned long long) i * 0x9E3779B97F4A7C15ull + (unsigned long long) k * 0xBF58476D1CE4E5B9ull;
                    z ^= z >> 31;
                    z *= 0x94D049BB133111EBull;
                    z ^= z >> 29;
                    return lo + (hi - lo) * ((double) (z >> 11) * 0x1.0p-53);
                }

                extern "C" __global__ void bench_none(double lo, double hi, double lo2, double hi2, double* sink, int rounds) {
                    long long i = (long long) blockIdx.x * blockDim.x + threadIdx.x;
                    double acc = 0;
                    for (int k = 0; k < rounds; k++) acc += colonyArgument(i, k, lo, hi) + colonyArgument(i, k + rounds, lo2, hi2);
                    sink[i] = acc;
                }

                """);
        for (StrictMathFunction f : StrictMathFunction.values()) {
            String strict = "colony::math::" + f.cppName();
            String cuda = f == StrictMathFunction.BOX_MULLER ? "cudaBoxMuller" : "::" + f.cppName();
            if (f == StrictMathFunction.BOX_MULLER) {
                s.append("__device__ __forceinline__ double cudaBoxMuller(double u, double v) {\n"
                        + "    return sqrt(-2.0 * ::log(1.0 - u)) * ::cos(6.283185307179586 * v);\n}\n");
            }
            for (String[] variant : new String[][] {{"strict", strict}, {"cuda", cuda}}) {
                String call = variant[1] + (f.arity() == 1 ? "(x[i])" : "(x[i], y[i])");
                s.append("extern \"C\" __global__ void ").append(variant[0]).append('_').append(f.cppName())
                        .append("(const double* x, const double* y, double* out, long long n) {\n")
                        .append("    long long i = (long long) blockIdx.x * blockDim.x + threadIdx.x;\n")
                        .append("    if (i < n) out[i] = ").append(call).append(";\n}\n");
                String args = f.arity() == 1 ? "(colonyArgument(i, k, lo, hi))"
                        : "(colonyArgument(i, k, lo, hi), colonyArgument(i, k + rounds, lo2, hi2))";
                s.append("extern \"C\" __global__ void bench_").append(variant[0]).append('_').append(f.cppName())
                        .append("(double lo, double hi, double lo2, double hi2, double* sink, int rounds) {\n")
                        .append("    long long i = (long long) blockIdx.x * blockDim.x + threadIdx.x;\n")
                        .append("    double acc = 0;\n")
                        .append("    for (int k = 0; k < rounds; k++) acc += ").append(variant[1]).append(args)
                        .append(";\n    sink[i] = acc;\n}\n");
            }
        }
        return s.toString();
    }

    /**
     * Runs {@code kernel} ({@code strict_exp}, {@code cuda_exp}) on {@code n} arguments in host memory and leaves
     * the results in {@code out}: through the device buffers {@code xs}, {@code ys}, {@code results}.
     */
    static void run(CudaModule module, String kernel, MemorySegment x, MemorySegment y, MemorySegment out, int n,
            DeviceBuffer xs, DeviceBuffer ys, DeviceBuffer results) {
        long bytes = 8L * n;
        xs.upload(x.asSlice(0, bytes), 0);
        ys.upload(y.asSlice(0, bytes), 0);
        try (Arena arena = Arena.ofConfined()) {
            KernelParams p = new KernelParams(arena, 8, 4);
            p.begin().add(xs.pointer()).add(ys.pointer()).add(results.pointer()).add(n);
            Driver.launch(module.function(kernel), (n + 255) / 256, 1, 1, 256, 1, 1, 0, 0L, p.pointersWithoutFrame(),
                    kernel);
        }
        results.download(out, 0, bytes);
    }

    /** A host segment of n doubles. */
    static MemorySegment doubles(Arena arena, int n) {
        return arena.allocate(ValueLayout.JAVA_DOUBLE, n);
    }
}
