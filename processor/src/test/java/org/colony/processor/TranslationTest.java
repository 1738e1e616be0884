package org.colony.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.colony.processor.Compilations.source;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** Models that use the supported language translate, and the generated kernels and descriptors compile. */
class TranslationTest {

    /** A model that uses every construct the model language supports. */
    private static final JavaFileObject EVERYTHING = source("Everything", """
            import static java.lang.Math.PI;
            import static java.lang.Math.abs;

            public class Everything extends Place {
                static final int LIMIT = 3;
                static final double HALF = 0.5;

                @Attribute boolean flag;
                @Attribute byte small;
                @Attribute short medium;
                @Attribute int count;
                @Attribute long big;
                @Attribute float ratio;
                @Attribute double value;
                @Attribute(length = 4) int[] hist;
                @Attribute(length = 3) double[] weights;
                @Shared double rate;
                @Shared(length = 4) double[] coeffs;

                @Step
                void arithmetic(int n, double scale, long offset, float gain, byte step, short span, boolean on) {
                    byte b = (byte) (small + step);
                    short s = (short) (medium * span);
                    int k = (int) (value * scale);
                    long wide = (long) k << 3;
                    float g = ratio / 2f * gain;
                    double x = (double) g + k % 7 - (wide >>> 1) + ((~k & 0xff) ^ (k | 1)) + offset;
                    count += n;
                    count -= 1;
                    count *= 2;
                    count /= 3;
                    count %= 5;
                    count <<= 1;
                    count >>= 1;
                    count >>>= 1;
                    count &= 0xff;
                    count |= 1;
                    count ^= 2;
                    big++;
                    big--;
                    ++count;
                    --count;
                    small = b;
                    medium = s;
                    value = x > 0 ? x : -x;
                    ratio = g;
                    var half = HALF * PI;
                    value += half + Math.PI + Integer.MAX_VALUE + Everything.LIMIT + abs(x) + Math.sqrt(Math.abs(value))
                            + Math.max(k, 2) + Math.floor(x) + Math.exp(-x * x) + Math.pow(x, 2) + Math.sin(x)
                            + Math.min(g, 1f) + Math.round(x) + Math.hypot(x, 1) + Long.bitCount(wide);
                    flag = on && (!flag && k > 0 || (flag ^ true)) && !Double.isNaN(value);
                    big = index() + time() + x() + size(0) + coord(0);
                    this.value = this.value * 2;
                }

                @Step
                void random(double p) {
                    boolean a = flag && uniform() < p;
                    boolean c = flag || normal() > 0;
                    count = a || c ? uniformInt(LIMIT) : 0;
                    value = flag ? uniform() : normal();
                }

                @Step
                void loops() {
                    int sum = 0;
                    for (int v : hist) {
                        if (v < 0) {
                            continue;
                        }
                        sum += v;
                        if (sum > 100) {
                            break;
                        }
                    }
                    int k = 0;
                    while (k < hist.length) {
                        hist[k] = hist[k] + 1;
                        k++;
                    }
                    do {
                        k--;
                    } while (k > 0);
                    for (int j = 0, m = 2; j < LIMIT; j++, m--) {
                        weights[j % weights.length] = coeffs[j] * m;
                    }
                    for (double w : coeffs) {
                        sum += (int) w;
                    }
                    while (belowLimit(k)) {
                        bump(k);
                        k++;
                    }
                    count = sum + k;
                }

                @Step
                void helpers() {
                    value = clamp(value * 2, 0, 100) + square(rate) * 0.5;
                    for (int k = 0; k < LIMIT && belowLimit(k); k++) {
                        bump(k);
                    }
                }

                @Step(reach = 2)
                void neighbours(int dx) {
                    if (onBoundary()) {
                        return;
                    }
                    Everything east = neighbor(1, 0), west = neighbor(-1, 0);
                    Everything far = neighbor(dx, 0);
                    double mean = (east.value + west.value) / 2;
                    if (hasNeighbor(0, 1)) {
                        Everything south = neighbor(0, 1);
                        mean += south.value;
                    }
                    Everything pick = flag ? east : west;
                    value = clamp(mean + far.value + east.hist[2] + pick.value + y(), 0, 100);
                    for (int k = 0; k < hist.length; k++) {
                        hist[k] = west.hist[k];
                    }
                }

                @Step
                boolean hot() {
                    for (int k = 0; k < hist.length; k++) {
                        if (hist[k] > LIMIT) {
                            return true;
                        }
                    }
                    return value > rate && coeffs[0] < HALF;
                }

                double clamp(double v, double lo, double hi) {
                    if (v < lo) {
                        return lo;
                    }
                    if (v > hi) {
                        return hi;
                    }
                    return v;
                }

                boolean belowLimit(int k) {
                    return k < LIMIT * 2;
                }

                void bump(int k) {
                    if (k < 0) {
                        return;
                    }
                    hist[k % 4] += 1;
                }

                static double square(double v) {
                    return v * v;
                }
            }
            """);

    @Test
    void modelUsingEverySupportedConstruct_compilesWithGeneratedCode() {
        Compilation compilation = Compilations.compile(EVERYTHING);
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).generatedSourceFile("test.Everything_Kernels");
        assertThat(compilation).generatedSourceFile("test.Everything_Model");
    }

    @Test
    void heatDiffusion_keepsSelfValueOfDoubleBufferedAttributeInALocal() {
        Compilation compilation = Compilations.compile(source("HeatCell", """
                public class HeatCell extends Place {
                    @Attribute double temp;

                    @Step void diffuse(double r) {
                        if (onBoundary()) {
                            return;
                        }
                        HeatCell e = neighbor(1, 0), w = neighbor(-1, 0), n = neighbor(0, -1), s = neighbor(0, 1);
                        temp = temp + r * (e.temp - 2 * temp + w.temp) + r * (s.temp - 2 * temp + n.temp);
                    }
                }
                """));
        assertThat(compilation).succeededWithoutWarnings();
        var kernels = assertThat(compilation).generatedSourceFile("test.HeatCell_Kernels").contentsAsUtf8String();
        kernels.contains("double temp$self = temp$col[s$];");
        kernels.contains("temp$self = temp$self + r * (temp$col[e] - 2.0 * temp$self + temp$col[w])"
                + " + r * (temp$col[s] - 2.0 * temp$self + temp$col[n]);");
        kernels.contains("temp$next[s$] = temp$self;");
        assertThat(compilation).generatedSourceFile("test.HeatCell_Model").contentsAsUtf8String()
                .contains("new AttributeInfo(\"temp\", ScalarType.DOUBLE, 0, true)");
    }

    @Test
    void stepReadingTime_isMarkedInTheDescriptor_evenThroughAHelper() {
        Compilation compilation = Compilations.compile(source("ClockCell", """
                public class ClockCell extends Place {
                    @Attribute long stamp;
                    @Attribute double value;

                    @Step void stampNow() {
                        stamp = later(2);
                    }

                    @Step void decay(double rate) {
                        value = value * rate;
                    }

                    long later(int ticks) {
                        return time() + ticks;
                    }
                }
                """));
        assertThat(compilation).succeededWithoutWarnings();
        var descriptor = assertThat(compilation).generatedSourceFile("test.ClockCell_Model").contentsAsUtf8String();
        // ..., reach, usesRandom, boundaryOnly, readsTime, source
        descriptor.contains("new StepInfo(\"stampNow\", List.of(), false, Set.of(0), Set.of(), Set.of(), Map.ofEntries(), "
                + "Set.of(), Set.of(), Set.of(), Set.of(), 0, false, false, true, \"ClockCell.java:");
        descriptor.contains("new StepInfo(\"decay\", List.of(new ParamInfo(\"rate\", ScalarType.DOUBLE)), false, Set.of(1), "
                + "Set.of(), Set.of(), Map.ofEntries(), Set.of(), Set.of(), Set.of(), Set.of(), 0, false, false, false, "
                + "\"ClockCell.java:");
    }

    @Test
    void stepActingOnBoundaryPlacesOnly_isMarkedBoundaryOnlyAndSkipsTheInterior() {
        Compilation compilation = Compilations.compile(source("EdgeCell", """
                public class EdgeCell extends Place {
                    @Attribute double temp;

                    @Step void copyEdges() {
                        if (!onBoundary()) {
                            return;
                        }
                        EdgeCell in = neighbor(x() == 0 ? 1 : 0, y() == 0 ? 1 : 0);
                        temp = in.temp;
                    }

                    @Step void top(double v) {
                        if (onBoundary() && y() == 0) {
                            temp = v;
                        }
                    }

                    @Step void diffuse() {
                        if (onBoundary()) {
                            return;
                        }
                        EdgeCell e = neighbor(1, 0), w = neighbor(-1, 0);
                        temp = (e.temp + w.temp) / 2;
                    }

                    @Step void column(double v) {
                        if (onBoundary() || x() == 2) {
                            temp = v;
                        }
                    }
                }
                """));
        assertThat(compilation).succeededWithoutWarnings();
        var descriptor = assertThat(compilation).generatedSourceFile("test.EdgeCell_Model").contentsAsUtf8String();
        descriptor.contains("new StepInfo(\"copyEdges\", List.of(), false, Set.of(0), Set.of(0), Set.of(), Map.ofEntries(), "
                + "Set.of(), Set.of(), Set.of(), Set.of(), 1, false, true, ");
        descriptor.contains("new StepInfo(\"top\", List.of(new ParamInfo(\"v\", ScalarType.DOUBLE)), false, Set.of(0), "
                + "Set.of(), Set.of(), Map.ofEntries(), Set.of(), Set.of(), Set.of(), Set.of(), 0, false, true, ");
        descriptor.contains("new StepInfo(\"diffuse\", List.of(), false, Set.of(0), Set.of(0), Set.of(), Map.ofEntries(), "
                + "Set.of(), Set.of(), Set.of(), Set.of(), 1, false, false, ");
        descriptor.contains("new StepInfo(\"column\", List.of(new ParamInfo(\"v\", ScalarType.DOUBLE)), false, "
                + "Set.of(0), Set.of(), Set.of(), Map.ofEntries(), Set.of(), Set.of(), Set.of(), Set.of(), 0, false, false, ");
        assertThat(compilation).generatedSourceFile("test.EdgeCell_Kernels").contentsAsUtf8String()
                .contains("if (rowEdge$) {");
    }

    @Test
    void intComparisonsUnderEagerLogic_areArithmeticInValuesButNotInBranchConditions() {
        Compilation compilation = Compilations.compile(source("Life", """
                public class Life extends Place {
                    @Attribute boolean alive;
                    @Attribute int age;

                    @Step void update() {
                        Life w = neighbor(-1, 0), e = neighbor(1, 0);
                        int count = (w.alive ? 1 : 0) + (e.alive ? 1 : 0);
                        alive = count == 2 || (alive && count == 1);
                        if (alive && age < 5) {
                            age++;
                        }
                    }
                }
                """));
        assertThat(compilation).succeededWithoutWarnings();
        var kernels = assertThat(compilation).generatedSourceFile("test.Life_Kernels").contentsAsUtf8String();
        kernels.contains("import org.colony.kernel.KernelSupport;");
        kernels.contains("alive$self = (KernelSupport.eq(count, 2) | KernelSupport.bit(alive$self) "
                + "& KernelSupport.eq(count, 1)) != 0;");
        kernels.contains("if (alive$self & age$col[s$] < 5) {");
    }

    @Test
    void constantNeighbours_areIndexedFromTheStartOfTheirRow() {
        Compilation compilation = Compilations.compile(source("Blur", """
                public class Blur extends Place {
                    @Attribute float v;

                    @Step void blur() {
                        Blur nw = neighbor(-1, -1), e = neighbor(1, 0), s = neighbor(0, 2);
                        v = (nw.v + e.v + s.v + v) / 4;
                    }
                }
                """));
        assertThat(compilation).succeededWithoutWarnings();
        var kernels = assertThat(compilation).generatedSourceFile("test.Blur_Kernels").contentsAsUtf8String();
        kernels.contains("final int row$m1 = rowBase$ - strideY$;");
        kernels.contains("final int row$2 = rowBase$ + 2 * strideY$;");
        kernels.contains("for (int x$ = x0$; x$ < x1$; x$++) {");
        kernels.contains("final int s$ = rowBase$ + x$;");
        kernels.contains("int nw = row$m1 + x$ - 1;");
        kernels.contains("int e = s$ + 1;");
        kernels.contains("int s = row$2 + x$;");
    }

    @Test
    void nonConstantOffsetWithinDeclaredReach_isCheckedAtRunTime() {
        Compilation compilation = Compilations.compile(source("Line", """
                public class Line extends Place {
                    @Attribute double v;

                    @Step(reach = 3) void shift(int d) {
                        Line from = neighbor(d);
                        v = hasNeighbor(d) ? from.v : 0;
                    }
                }
                """));
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).generatedSourceFile("test.Line_Kernels").contentsAsUtf8String()
                .contains("int from = s$ + KernelSupport.checkOffset(d, 3, \"Line.java:13\");");
    }

    @Test
    void modelInUnnamedPackage_compilesWithGeneratedCode() {
        Compilation compilation = Compilations.compile(JavaFileObjects.forSourceString("Plain", """
                import org.colony.Attribute;
                import org.colony.Place;
                import org.colony.Step;

                public class Plain extends Place {
                    @Attribute long ticks;

                    @Step void tick() {
                        ticks++;
                    }
                }
                """));
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).generatedSourceFile("Plain_Kernels");
        assertThat(compilation).generatedSourceFile("Plain_Model");
    }
}
