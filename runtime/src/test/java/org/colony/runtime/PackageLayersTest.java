package org.colony.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.constantpool.ClassEntry;
import java.lang.classfile.constantpool.PoolEntry;
import java.lang.classfile.constantpool.Utf8Entry;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The runtime's packages form layers, each using only those below it: no package cycle, and the backend SPI
 * imports nothing above it. Read from the compiled classes (every class a class file names: its constant pool's
 * classes, and the types in its descriptors and generic signatures), as {@code jdeps} reads them. And the module
 * exports what it means to: the driver API and the backend SPI to everyone, its host machinery to the CUDA backend.
 */
class PackageLayersTest {

    private static final String RUNTIME = "org.colony.runtime";

    /** The runtime's packages by layer, lowest first; a package may use packages of lower layers only. */
    private static final List<Set<String>> LAYERS = List.of(
            Set.of("grid", "step", "agents", "transport", "tuning", "files"),
            Set.of("reduce", "cluster", "checkpoint", "graph"),
            Set.of("spi"),
            Set.of("storage", "halo", "migration"),
            Set.of("cpu", "partition", "profile"),
            Set.of(""),
            Set.of("io", "record"),
            Set.of("cli"));

    private static final Pattern NAMED = Pattern.compile("L(org/colony/runtime[\\w/$]*)[;<]");

    @Test
    void everyPackageUsesOnlyLowerLayers() throws IOException, URISyntaxException {
        Map<String, Set<String>> uses = packageGraph();
        List<String> wrong = new ArrayList<>();
        for (Map.Entry<String, Set<String>> e : uses.entrySet()) {
            int from = layer(e.getKey());
            for (String to : e.getValue()) {
                if (!to.equals(e.getKey()) && layer(to) >= from) {
                    wrong.add(name(e.getKey()) + " -> " + name(to));
                }
            }
        }
        assertEquals(List.of(), wrong, "packages that use a package of their own layer or above");
    }

    @Test
    void theModuleExportsTheApiAndTheSpi_andSharesItsHostMachineryWithTheCudaBackendOnly() throws Exception {
        ModuleDescriptor module = ModuleFinder.of(classes()).find("org.colony.runtime").orElseThrow().descriptor();
        Map<String, Set<String>> exports = new TreeMap<>();
        for (ModuleDescriptor.Exports e : module.exports()) {
            exports.put(e.source(), e.isQualified() ? new TreeSet<>(e.targets()) : Set.of("everyone"));
        }
        Map<String, Set<String>> expected = new TreeMap<>();
        for (String api : List.of("", ".agents", ".cli", ".graph", ".grid", ".io", ".profile", ".record", ".reduce", ".step",
                ".tuning", ".spi", ".transport", ".cluster")) {
            expected.put(RUNTIME + api, Set.of("everyone"));
        }
        expected.put(RUNTIME + ".cpu", Set.of("org.colony.cuda"));
        expected.put(RUNTIME + ".storage", Set.of("org.colony.cuda"));
        assertEquals(expected, exports);
    }

    @Test
    void everyPackageHasALayer() throws IOException, URISyntaxException {
        for (String p : packageGraph().keySet()) {
            assertTrue(layer(p) >= 0, name(p) + " is in no layer of this test: give it one");
        }
    }

    private static String name(String relative) {
        return relative.isEmpty() ? RUNTIME : RUNTIME + "." + relative;
    }

    private static int layer(String relative) {
        for (int i = 0; i < LAYERS.size(); i++) {
            if (LAYERS.get(i).contains(relative)) {
                return i;
            }
        }
        return -1;
    }

    /** The runtime's compiled classes (a folder while the tests run). */
    private static Path classes() throws URISyntaxException {
        return Path.of(Simulation.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    /** Per runtime package (relative to org.colony.runtime), the runtime packages its classes name. */
    private static Map<String, Set<String>> packageGraph() throws IOException, URISyntaxException {
        Path classes = classes();
        Map<String, Set<String>> uses = new TreeMap<>();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(classes)) {
            files = walk.filter(f -> f.toString().endsWith(".class") && !f.endsWith("module-info.class")).toList();
        }
        for (Path f : files) {
            ClassModel cm = ClassFile.of().parse(f);
            String self = relativePackage(cm.thisClass().asInternalName());
            Set<String> named = uses.computeIfAbsent(self, k -> new TreeSet<>());
            for (PoolEntry entry : cm.constantPool()) {
                if (entry instanceof ClassEntry c) {
                    add(named, c.asInternalName());
                } else if (entry instanceof Utf8Entry u) {
                    Matcher m = NAMED.matcher(u.stringValue());
                    while (m.find()) {
                        add(named, m.group(1));
                    }
                }
            }
        }
        return uses;
    }

    private static void add(Set<String> named, String internalName) {
        String n = internalName.replaceAll("^\\[+L?|;$", ""); // an array class names its element class
        if (n.startsWith("org/colony/runtime/")) {
            named.add(relativePackage(n));
        }
    }

    private static String relativePackage(String internalName) {
        String pkg = internalName.substring(0, internalName.lastIndexOf('/')).replace('/', '.');
        return pkg.equals(RUNTIME) ? "" : pkg.substring(RUNTIME.length() + 1);
    }
}
