package org.colony.tests.cuda;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.function.Supplier;
import org.colony.cuda.CudaBackendProvider;
import org.colony.runtime.Config;
import org.colony.runtime.Simulation;

/** What GPU tests share: skipping with the reason where no GPU can run, and simulations on each backend. */
final class Gpu {

    private Gpu() {
    }

    /** Skips the calling test, saying why, when the CUDA backend cannot run here. */
    static void require() {
        String why = new CudaBackendProvider().unavailableReason();
        assumeTrue(why == null, () -> "no GPU to run on: " + why);
    }

    /**
     * {@return the class path for a JVM a test starts: {@code colony.test.classpath} where set (a runner whose own
     * class path is not the tests', like the JUnit console launcher's {@code --class-path}), else this JVM's}
     */
    static String classPath() {
        return System.getProperty("colony.test.classpath", System.getProperty("java.class.path"));
    }

    /**
     * {@return what {@code run} gives with system property {@code property} set to {@code value} (a switch read when a
     * simulation is made), the property as it was again afterwards}
     */
    static <T> T withProperty(String property, String value, Supplier<T> run) {
        String before = System.getProperty(property);
        System.setProperty(property, value);
        try {
            return run.get();
        } finally {
            if (before == null) {
                System.clearProperty(property);
            } else {
                System.setProperty(property, before);
            }
        }
    }

    static Simulation cuda(long seed) {
        return Simulation.create(Config.defaults().withBackend("cuda").withSeed(seed));
    }

    static Simulation cpu(long seed) {
        return Simulation.create(Config.defaults().withBackend("cpu").withThreads(2).withSeed(seed));
    }
}
