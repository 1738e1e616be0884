package org.colony.cuda.internal.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.colony.kernel.RandomStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code fdlibm.cuh}, compiled for the host, gives {@code StrictMath}'s bits: on each function's hard cases and on
 * two million random arguments per function, not one bit apart (NaN where Java gives NaN); and its Box-Muller step
 * turns a stream's two uniforms into exactly {@code RandomStream.normal()}. The same source is what NVRTC compiles
 * for the device ({@code StrictMathGpuTest} checks the device's results there).
 */
class StrictMathHostTest {

    private static final int RANDOM = 2_000_000;

    private static HostStrictMath library() {
        HostStrictMath library = HostStrictMath.get();
        assumeTrue(library != null, HostStrictMath::whyNot);
        return library;
    }

    @ParameterizedTest
    @EnumSource(StrictMathFunction.class)
    void everyArgument_givesStrictMathsBits(StrictMathFunction f) {
        HostStrictMath library = library();
        double[][] args = StrictMathInputs.of(f, RANDOM, 19L * f.ordinal() + 7);
        double[] x = args[0];
        double[] y = args[1];
        double[] out = new double[x.length];
        library.compute(f, x, y, out);
        List<String> wrong = differences(f, x, y, out);
        assertEquals(List.of(), wrong.subList(0, Math.min(10, wrong.size())),
                wrong.size() + " of " + x.length + " arguments differ");
        assertTrue(x.length >= RANDOM);
    }

    /** Where {@code out} is not Java's value, as readable lines (all of them). */
    static List<String> differences(StrictMathFunction f, double[] x, double[] y, double[] out) {
        int[] bad = IntStream.range(0, x.length).parallel()
                .filter(i -> !StrictMathFunction.same(f.java(x[i], y[i]), out[i])).toArray();
        List<String> lines = new ArrayList<>();
        for (int i : bad) {
            lines.add(f.cppName() + "(" + hex(x[i]) + (f.arity() == 2 ? ", " + hex(y[i]) : "") + ") = " + hex(out[i])
                    + ", StrictMath: " + hex(f.java(x[i], y[i])));
        }
        return lines;
    }

    static String hex(double d) {
        return Double.toHexString(d) + " (" + d + ")";
    }

    @Test
    void boxMuller_ofAStreamsUniforms_isItsNormal() {
        HostStrictMath library = library();
        int n = 400_000;
        double[] u = new double[n];
        double[] v = new double[n];
        double[] expected = new double[n];
        for (int i = 0; i < n; i++) {
            long seed = i % 7 == 0 ? -1L - i : 42L + i / 1000;
            long epoch = i % 13;
            long id = (long) i * 2_654_435_761L % (1L << 40);
            RandomStream draws = new RandomStream(seed, epoch);
            draws.reset(id);
            draws.skip(i % 5);
            u[i] = draws.uniform();
            v[i] = draws.uniform();
            RandomStream same = new RandomStream(seed, epoch);
            same.reset(id);
            same.skip(i % 5);
            expected[i] = same.normal();
        }
        double[] out = new double[n];
        library.compute(StrictMathFunction.BOX_MULLER, u, v, out);
        for (int i = 0; i < n; i++) {
            int at = i;
            assertEquals(Double.doubleToRawLongBits(expected[i]), Double.doubleToRawLongBits(out[i]),
                    () -> "normal() from u = " + hex(u[at]) + ", v = " + hex(v[at]));
        }
    }
}
