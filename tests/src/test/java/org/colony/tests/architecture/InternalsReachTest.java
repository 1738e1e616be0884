package org.colony.tests.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Code that uses Colony as a library reaches only what the modules export to everyone. The examples, the benchmarks
 * and these tests run on the class path, as a modeller's project does, where module boundaries are not enforced; so
 * this test enforces them: the examples reach no internal package at all, and the benchmarks and the tests reach
 * exactly the internals listed here (a new reach is a decision, made by changing this list).
 */
class InternalsReachTest {

    private static final Map<String, String> MODULES = Map.of("annotations", "org.colony.annotations", "kernel",
            "org.colony.kernel", "runtime", "org.colony.runtime", "cuda-backend", "org.colony.cuda");

    @Test
    void theExamples_reachNoInternalPackage() throws IOException {
        assertEquals(Map.of(), reach(Path.of("..", "examples", "target", "classes")));
        assertEquals(Map.of(), reach(Path.of("..", "examples", "target", "test-classes")));
    }

    @Test
    void thePlots_reachNoInternalPackage() throws IOException {
        assertEquals(Map.of(), reach(Path.of("..", "plot", "target", "classes")));
    }

    @Test
    void theBenchmarks_reachTheInternalsOfTheirHandWrittenCudaAndTheLaneLatencyOnly() throws IOException {
        Map<String, Set<String>> expected = new TreeMap<>();
        // The hand-written CUDA comparators compile and launch their own kernels with the backend's own tools;
        // HeldStepsBenchmark reports how its held passes kept booleans as bits (BitColumns' counts).
        expected.put("org.colony.benchmarks.cuda", Set.of("org.colony.cuda.internal.device",
                "org.colony.cuda.internal.launch", "org.colony.cuda.internal.store"));
        // SideBySideLatency times the runtime's lanes of partitions against threads that block.
        expected.put("org.colony.benchmarks.partition", Set.of("org.colony.runtime.partition"));
        assertEquals(expected, reach(Path.of("..", "benchmarks", "target", "classes")));
    }

    @Test
    void theFunctionalTests_reachTheInternalsTheyTest() throws IOException {
        Map<String, Set<String>> expected = new TreeMap<>();
        // Agents: the memory a device collection holds, the host columns and the priorities of manageAll.
        expected.put("org.colony.tests.agents", Set.of("org.colony.cuda.internal.store",
                "org.colony.runtime.migration", "org.colony.runtime.storage"));
        // The GPU tests: the compiler's refusal of a bad source, and its loads of CUBINs made ahead of time; the
        // kernels of held steps (their source, compiled with nvcc, and the count of passes that ran).
        expected.put("org.colony.tests.cuda", Set.of("org.colony.cuda.internal.device",
                "org.colony.cuda.internal.launch", "org.colony.cuda.internal.store"));
        // The language's bit-sliced steps: how many calls ran on the booleans a CPU block keeps as bits (BlockBits).
        expected.put("org.colony.tests.lang", Set.of("org.colony.runtime.storage"));
        // Partitions: the priorities that settle moves across partitions.
        expected.put("org.colony.tests.partition", Set.of("org.colony.runtime.migration"));
        assertEquals(expected, reach(Path.of("target", "test-classes")));
    }

    /** Per package of the classes under {@code classes}, the internal packages of Colony's modules they name. */
    private static Map<String, Set<String>> reach(Path classes) throws IOException {
        assertTrue(Files.isDirectory(classes), classes + " is missing: build it first");
        Set<String> internal = internalPackages();
        Map<String, Set<String>> graph = PackageCyclesTest.referencedPackages(classes);
        Map<String, Set<String>> out = new TreeMap<>();
        for (Map.Entry<String, Set<String>> e : graph.entrySet()) {
            Set<String> reached = new TreeSet<>(e.getValue());
            reached.retainAll(internal);
            if (!reached.isEmpty()) {
                out.put(e.getKey(), reached);
            }
        }
        return out;
    }

    /** The packages of Colony's library modules that their descriptors do not export to everyone. */
    private static Set<String> internalPackages() throws IOException {
        Set<String> internal = new TreeSet<>();
        for (Map.Entry<String, String> m : MODULES.entrySet()) {
            Path classes = Path.of("..", m.getKey(), "target", "classes");
            ModuleDescriptor module = ModuleFinder.of(classes).find(m.getValue()).orElseThrow().descriptor();
            Set<String> open = new TreeSet<>();
            for (ModuleDescriptor.Exports e : module.exports()) {
                if (!e.isQualified()) {
                    open.add(e.source());
                }
            }
            for (String p : module.packages()) {
                if (!open.contains(p)) {
                    internal.add(p);
                }
            }
        }
        assertTrue(internal.contains("org.colony.cuda.internal.store") && internal.contains("org.colony.runtime.cpu"),
                "internal packages: " + internal);
        return internal;
    }
}
