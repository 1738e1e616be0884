package org.colony.processor;

import com.google.testing.compile.JavaFileObjects;
import java.util.List;
import javax.tools.JavaFileObject;

/**
 * Minimal stand-ins for the runtime types that generated kernels and descriptors reference, so that
 * processor tests can compile the generated code.
 *
 * <p>Why stubs rather than a test dependency on {@code colony-runtime}: the processor is built and
 * tested on its own ({@code -pl annotations,processor}), so a runtime dependency would be resolved
 * from the local repository, which may hold a stale copy or none at all. The stubs declare exactly
 * the members generated code uses, with the real signatures; the examples module compiles the same
 * generated code against the real runtime.
 */
final class RuntimeStubs {

    private RuntimeStubs() {
    }

    /** Every stub, to add to a compilation. */
    static List<JavaFileObject> all() {
        return STUBS;
    }

    private static final List<JavaFileObject> STUBS = List.of(
            JavaFileObjects.forSourceString("org.colony.runtime.spi.CpuBlock", """
                    package org.colony.runtime.spi;
                    public interface CpuBlock {
                        Layout layout();
                        Object column(int attribute);
                        Object next(int attribute);
                        Object shared(int index);
                        long seed();
                        long epoch();
                        long time();
                    }
                    """),
            JavaFileObjects.forSourceString("org.colony.runtime.spi.Layout", """
                    package org.colony.runtime.spi;
                    public record Layout(int dims, int size0, int size1, int size2, int origin0, int origin1,
                            int origin2, int extent0, int extent1, int extent2, int pad, boolean wrap) {
                        public int strideY() { return 0; }
                        public int strideZ() { return 0; }
                        public int base() { return 0; }
                    }
                    """),
            JavaFileObjects.forSourceString("org.colony.runtime.spi.KernelSupport", """
                    package org.colony.runtime.spi;
                    public final class KernelSupport {
                        private KernelSupport() {}
                        public static int checkOffset(int offset, int reach, String site) { return offset; }
                        public static boolean inside(int c, int d, int n) { return true; }
                    }
                    """),
            JavaFileObjects.forSourceString("org.colony.runtime.spi.ScalarType", """
                    package org.colony.runtime.spi;
                    public enum ScalarType { BOOLEAN, BYTE, SHORT, INT, LONG, FLOAT, DOUBLE }
                    """),
            JavaFileObjects.forSourceString("org.colony.runtime.spi.AttributeInfo", """
                    package org.colony.runtime.spi;
                    public record AttributeInfo(String name, ScalarType type, int length, boolean doubleBuffered) {}
                    """),
            JavaFileObjects.forSourceString("org.colony.runtime.spi.SharedInfo", """
                    package org.colony.runtime.spi;
                    public record SharedInfo(String name, ScalarType type, int length) {}
                    """),
            JavaFileObjects.forSourceString("org.colony.runtime.spi.ParamInfo", """
                    package org.colony.runtime.spi;
                    public record ParamInfo(String name, ScalarType type) {}
                    """),
            JavaFileObjects.forSourceString("org.colony.runtime.spi.StepInfo", """
                    package org.colony.runtime.spi;
                    import java.util.List;
                    import java.util.Set;
                    public record StepInfo(String name, List<ParamInfo> params, boolean predicate, Set<Integer> writes,
                            Set<Integer> remoteReads, int reach, boolean usesRandom, String source) {}
                    """),
            JavaFileObjects.forSourceString("org.colony.runtime.spi.ModelInfo", """
                    package org.colony.runtime.spi;
                    import java.util.List;
                    public record ModelInfo(Class<?> modelClass, int dimensions, int minDimensions,
                            List<AttributeInfo> attributes, List<SharedInfo> shared, List<StepInfo> steps) {}
                    """),
            JavaFileObjects.forSourceString("org.colony.runtime.spi.ModelDescriptor", """
                    package org.colony.runtime.spi;
                    public interface ModelDescriptor {
                        ModelInfo info();
                        void run(int step, CpuBlock block, int row0, int row1, int x0, int x1, Object[] args);
                        long count(int step, CpuBlock block, int row0, int row1, int x0, int x1, Object[] args);
                    }
                    """),
            JavaFileObjects.forSourceString("org.colony.runtime.random.RandomStream", """
                    package org.colony.runtime.random;
                    public final class RandomStream {
                        public RandomStream(long seed, long epoch) {}
                        public void reset(long id) {}
                        public double uniform() { return 0; }
                        public int uniformInt(int bound) { return 0; }
                        public double normal() { return 0; }
                    }
                    """));
}
