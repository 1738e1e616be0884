package org.colony.cuda.internal.launch;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.colony.cuda.internal.device.CudaDevice;
import org.colony.cuda.internal.device.CudaModule;
import org.colony.cuda.internal.device.DeviceBuffer;

/**
 * Throughput of {@code fdlibm.cuh}'s functions on the device against CUDA's own double-precision functions on the
 * same arguments (of ordinary size, made on the device), both compiled with the deterministic NVRTC options, and
 * CUDA's compiled as fast mode compiles them; then how far CUDA's functions are from {@code StrictMath} (the
 * largest difference in ulps and the share of arguments not bit-exact, over 2^24 arguments of ordinary size).
 * Prints one line per function and a table at the end.
 *
 * <pre>java -cp ... org.colony.cuda.internal.launch.StrictMathBenchmark</pre>
 */
public final class StrictMathBenchmark {

    private static final int THREADS = 1 << 20;
    private static final int ROUNDS = 64;
    private static final int REPS = 20;

    private StrictMathBenchmark() {
    }

    /** The arguments' ranges: x from lo to hi, y from lo2 to hi2. */
    static double[] range(StrictMathFunction f) {
        return switch (f) {
            case EXP -> new double[] {-50, 50, 0, 0};
            case EXPM1 -> new double[] {-5, 5, 0, 0};
            case LOG, LOG10 -> new double[] {1e-3, 1e3, 0, 0};
            case LOG1P -> new double[] {-0.5, 1e3, 0, 0};
            case POW -> new double[] {0.1, 10, -10, 10};
            case SIN, COS, TAN, ATAN -> new double[] {-100, 100, 0, 0};
            case ASIN, ACOS -> new double[] {-1, 1, 0, 0};
            case ATAN2, HYPOT -> new double[] {-100, 100, -100, 100};
            case SINH, COSH, TANH -> new double[] {-20, 20, 0, 0};
            case CBRT -> new double[] {-1e6, 1e6, 0, 0};
            case BOX_MULLER -> new double[] {0, 1, 0, 1};
        };
    }

    /** Runs the benchmark on GPU 0. */
    public static void main(String[] args) {
        StringBuilder table = new StringBuilder(String.format(Locale.ROOT,
                "%-10s %12s %12s %8s %12s %10s %10s%n", "function", "strict G/s", "CUDA G/s", "ratio", "fast G/s",
                "CUDA ulps", "CUDA !="));
        try (CudaDevice device = CudaDevice.open(0); Arena arena = Arena.ofConfined();
                DeviceBuffer sink = DeviceBuffer.zeroed(8L * THREADS)) {
            device.makeCurrent();
            System.out.println("device: " + device);
            String source = StrictMathKernels.source();
            try (CudaModule strict = new CudaModule(new KernelCompiler(device.architecture(), false)
                    .compile(source, "strictmath.cu", "StrictMath's functions"));
                    CudaModule fast = new CudaModule(new KernelCompiler(device.architecture(), true)
                            .compile(source, "strictmath.cu", "StrictMath's functions, fast mode"))) {
                double overhead = evaluations(strict, "bench_none", new double[] {0, 1, 0, 1}, sink, arena);
                System.out.printf(Locale.ROOT, "argument making alone: %.1f G/s%n", overhead / 1e9);
                for (StrictMathFunction f : StrictMathFunction.values()) {
                    double[] r = range(f);
                    double s = evaluations(strict, "bench_strict_" + f.cppName(), r, sink, arena);
                    double c = evaluations(strict, "bench_cuda_" + f.cppName(), r, sink, arena);
                    double q = evaluations(fast, "bench_strict_" + f.cppName(), r, sink, arena);
                    double[] accuracy = accuracy(strict, f, arena);
                    String line = String.format(Locale.ROOT, "%-10s %12.2f %12.2f %8.2f %12.2f %10.0f %9.2f%%%n",
                            f.cppName(), s / 1e9, c / 1e9, c / s, q / 1e9, accuracy[0], 100 * accuracy[1]);
                    System.out.print(line);
                    table.append(line);
                }
            }
        }
        System.out.println();
        System.out.println("strictmath table (G/s: 10^9 evaluations per second; ratio: CUDA's over fdlibm.cuh's; "
                + "CUDA ulps, CUDA !=: CUDA's own functions against StrictMath)");
        System.out.print(table);
    }

    /** Evaluations per second of a bench kernel. */
    private static double evaluations(CudaModule module, String kernel, double[] r, DeviceBuffer sink, Arena arena) {
        KernelParams p = new KernelParams(arena, 8, 8);
        p.begin();
        for (double v : r) {
            p.add(Double.doubleToRawLongBits(v));
        }
        p.add(sink.pointer()).addInt(ROUNDS);
        long function = module.function(kernel);
        GpuTimer.kernel(function, THREADS / 256, 1, 256, 1, p.pointersWithoutFrame(), 2);
        double ms = GpuTimer.kernel(function, THREADS / 256, 1, 256, 1, p.pointersWithoutFrame(), REPS);
        return (double) THREADS * ROUNDS / (ms * 1e-3);
    }

    /** CUDA's function against StrictMath: the largest difference in ulps, and the share not bit-exact. */
    private static double[] accuracy(CudaModule module, StrictMathFunction f, Arena arena) {
        int n = 1 << 24;
        double[] r = range(f);
        SplittableRandom random = new SplittableRandom(f.ordinal());
        double[] xa = new double[n];
        double[] ya = new double[n];
        for (int i = 0; i < n; i++) {
            xa[i] = random.nextDouble(r[0], r[1]);
            ya[i] = r[2] == r[3] ? 0 : random.nextDouble(r[2], r[3]);
        }
        try (Arena chunk = Arena.ofConfined(); DeviceBuffer xs = DeviceBuffer.zeroed(8L * n);
                DeviceBuffer ys = DeviceBuffer.zeroed(8L * n); DeviceBuffer results = DeviceBuffer.zeroed(8L * n)) {
            MemorySegment x = chunk.allocateFrom(ValueLayout.JAVA_DOUBLE, xa);
            MemorySegment y = chunk.allocateFrom(ValueLayout.JAVA_DOUBLE, ya);
            MemorySegment out = StrictMathKernels.doubles(chunk, n);
            StrictMathKernels.run(module, "cuda_" + f.cppName(), x, y, out, n, xs, ys, results);
            double[] got = out.toArray(ValueLayout.JAVA_DOUBLE);
            double worst = IntStream.range(0, n).parallel()
                    .mapToDouble(i -> ulps(f.java(xa[i], ya[i]), got[i])).max().orElse(0);
            long differ = IntStream.range(0, n).parallel()
                    .filter(i -> !StrictMathFunction.same(f.java(xa[i], ya[i]), got[i])).count();
            return new double[] {worst, differ / (double) n};
        }
    }

    /** |a - b| in units of the last place of a (NaN against NaN: 0). */
    private static double ulps(double expected, double actual) {
        if (expected == actual) {
            return 0;
        }
        if (Double.isNaN(expected) || Double.isNaN(actual)) {
            return Double.isNaN(expected) == Double.isNaN(actual) ? 0 : Double.POSITIVE_INFINITY;
        }
        return Math.abs(expected - actual) / Math.ulp(expected);
    }
}
