package org.colony.cuda.internal.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import org.colony.cuda.internal.bind.Probe;
import org.colony.cuda.internal.device.CudaDevice;
import org.colony.cuda.internal.device.CudaModule;
import org.colony.cuda.internal.device.DeviceBuffer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * On the device, under the backend's deterministic NVRTC options, every {@link StrictMathFunction} gives
 * {@code StrictMath}'s bits: on its hard cases and on random arguments, 10^8 per function (the property
 * {@code colony.strictmath.count} changes that), compared with Java in chunks of 2^24. Runs where a GPU is present;
 * elsewhere it is skipped with the reason.
 */
@Tag("gpu")
class StrictMathGpuTest {

    private static final long COUNT = Long.getLong("colony.strictmath.count", 100_000_000L);
    private static final int CHUNK = 1 << 24;
    private static final int BLOCK = 1 << 20; // arguments one random generator fills

    @ParameterizedTest
    @EnumSource(StrictMathFunction.class)
    void onTheDevice_everyArgumentGivesStrictMathsBits(StrictMathFunction f) {
        String driver = Probe.driver();
        assumeTrue(driver == null, () -> "no GPU to run on: " + driver);
        try (CudaDevice device = CudaDevice.open(0)) {
            device.makeCurrent();
            KernelCompiler compiler = new KernelCompiler(device.architecture(), false);
            long start = System.nanoTime();
            long done = 0;
            long differ = 0;
            List<String> first = new ArrayList<>();
            try (CudaModule module = new CudaModule(compiler.compile(StrictMathKernels.source(), "strictmath.cu",
                    "StrictMath's functions"));
                    DeviceBuffer xs = DeviceBuffer.zeroed(8L * CHUNK);
                    DeviceBuffer ys = DeviceBuffer.zeroed(8L * CHUNK);
                    DeviceBuffer results = DeviceBuffer.zeroed(8L * CHUNK);
                    Arena arena = Arena.ofConfined()) {
                MemorySegment x = StrictMathKernels.doubles(arena, CHUNK);
                MemorySegment y = StrictMathKernels.doubles(arena, CHUNK);
                MemorySegment out = StrictMathKernels.doubles(arena, CHUNK);
                double[] xa = new double[CHUNK];
                double[] ya = new double[CHUNK];
                double[] oa = new double[CHUNK];
                List<double[]> hard = StrictMathInputs.hard(f);
                for (int chunk = 0; done < COUNT; chunk++) {
                    int from = 0;
                    if (chunk == 0) {
                        for (; from < hard.size(); from++) {
                            xa[from] = hard.get(from)[0];
                            ya[from] = hard.get(from)[1];
                        }
                    }
                    int c = chunk;
                    int skip = from;
                    IntStream.range(0, CHUNK / BLOCK).parallel().forEach(b -> StrictMathInputs.fillRandom(f, xa, ya,
                            Math.max(skip, b * BLOCK), (b + 1) * BLOCK, (long) f.ordinal() << 40 | (long) c << 20 | b));
                    MemorySegment.copy(xa, 0, x, ValueLayout.JAVA_DOUBLE, 0, CHUNK);
                    MemorySegment.copy(ya, 0, y, ValueLayout.JAVA_DOUBLE, 0, CHUNK);
                    StrictMathKernels.run(module, "strict_" + f.cppName(), x, y, out, CHUNK, xs, ys, results);
                    MemorySegment.copy(out, ValueLayout.JAVA_DOUBLE, 0, oa, 0, CHUNK);
                    List<String> wrong = StrictMathHostTest.differences(f, xa, ya, oa);
                    differ += wrong.size();
                    first.addAll(wrong.subList(0, Math.min(10 - Math.min(10, first.size()), wrong.size())));
                    done += CHUNK;
                }
            }
            System.out.printf(Locale.ROOT, "strictmath on %s: %s, %d arguments, %d differ from StrictMath (%.1f s)%n",
                    device, f.cppName(), done, differ, (System.nanoTime() - start) / 1e9);
            assertEquals(List.of(), first, differ + " of " + done + " arguments differ");
        }
    }
}
