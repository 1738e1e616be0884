package org.colony.tests.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.constantpool.ClassEntry;
import java.lang.classfile.constantpool.PoolEntry;
import java.lang.classfile.constantpool.Utf8Entry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * No module's packages use each other in a circle: read from the compiled classes of each module (every class a
 * class file names, in its constant pool, descriptors and generic signatures, as {@code jdeps} reads them), the
 * package graph has no strongly connected component of more than one package. The runtime's layers are held by
 * its own {@code PackageLayersTest}.
 */
class PackageCyclesTest {

    private static final Pattern NAMED = Pattern.compile("L([\\w/$]+)[;<]");

    @ParameterizedTest
    @ValueSource(strings = {"annotations", "kernel", "runtime", "processor", "cuda-backend", "plot"})
    void packagesOfAModule_formNoCycle(String module) throws IOException {
        Path classes = Path.of("..", module, "target", "classes");
        assertTrue(Files.isDirectory(classes), classes + " is missing: build the module first");
        Map<String, Set<String>> graph = packageGraph(classes);
        assertTrue(graph.size() > 0, "no classes under " + classes);
        assertEquals(List.of(), cycles(graph), "packages of " + module + " that use each other in a circle");
    }

    /** Per package of the classes under {@code classes}, the packages of the same module its classes name. */
    static Map<String, Set<String>> packageGraph(Path classes) throws IOException {
        Map<String, Set<String>> uses = referencedPackages(classes);
        for (Set<String> named : uses.values()) {
            named.retainAll(uses.keySet()); // this module's packages only
        }
        return uses;
    }

    /** Per package of the classes under {@code classes}, every package its classes name (its own included). */
    static Map<String, Set<String>> referencedPackages(Path classes) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(classes)) {
            files = walk.filter(f -> f.toString().endsWith(".class") && !f.endsWith("module-info.class")).toList();
        }
        Map<String, Set<String>> uses = new TreeMap<>();
        for (Path f : files) {
            ClassModel model = ClassFile.of().parse(f);
            uses.computeIfAbsent(packageOf(model.thisClass().asInternalName()), k -> new TreeSet<>());
        }
        for (Path f : files) {
            ClassModel model = ClassFile.of().parse(f);
            Set<String> named = uses.get(packageOf(model.thisClass().asInternalName()));
            for (PoolEntry entry : model.constantPool()) {
                if (entry instanceof ClassEntry c) {
                    String n = c.asInternalName().replaceAll("^\\[+L?|;$", "");
                    if (n.contains("/")) {
                        named.add(packageOf(n));
                    }
                } else if (entry instanceof Utf8Entry u) {
                    Matcher m = NAMED.matcher(u.stringValue());
                    while (m.find()) {
                        named.add(packageOf(m.group(1)));
                    }
                }
            }
        }
        return uses;
    }

    private static String packageOf(String internalName) {
        return internalName.substring(0, Math.max(0, internalName.lastIndexOf('/'))).replace('/', '.');
    }

    /** The strongly connected components of more than one package (Tarjan), each sorted, in sorted order. */
    static List<String> cycles(Map<String, Set<String>> graph) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new TreeSet<>();
        List<String> out = new ArrayList<>();
        int[] counter = {0};
        for (String v : graph.keySet()) {
            if (!index.containsKey(v)) {
                connect(v, graph, index, low, stack, onStack, out, counter);
            }
        }
        out.sort(null);
        return out;
    }

    private static void connect(String v, Map<String, Set<String>> graph, Map<String, Integer> index,
            Map<String, Integer> low, Deque<String> stack, Set<String> onStack, List<String> out, int[] counter) {
        index.put(v, counter[0]);
        low.put(v, counter[0]++);
        stack.push(v);
        onStack.add(v);
        for (String w : graph.get(v)) {
            if (!index.containsKey(w)) {
                connect(w, graph, index, low, stack, onStack, out, counter);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (onStack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            Set<String> component = new TreeSet<>();
            String w;
            do {
                w = stack.pop();
                onStack.remove(w);
                component.add(w);
            } while (!w.equals(v));
            if (component.size() > 1) {
                out.add(String.join(" <-> ", component));
            }
        }
    }
}
