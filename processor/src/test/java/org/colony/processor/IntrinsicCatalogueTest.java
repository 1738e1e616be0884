package org.colony.processor;

import static com.google.common.truth.Truth.assertThat;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.colony.Agent;
import org.colony.Place;
import org.colony.Vertex;
import org.colony.kernel.AgentAction;
import org.colony.processor.model.IntrinsicMethod;
import org.junit.jupiter.api.Test;

/** The catalogue of intrinsics against the methods {@code Place}, {@code Vertex} and {@code Agent} declare for steps. */
class IntrinsicCatalogueTest {

    @Test
    void placeIntrinsics_areTheFinalMethodsOfPlace() {
        assertThat(catalogue(IntrinsicMethod.Owner.PLACE)).isEqualTo(declared(Place.class));
    }

    @Test
    void agentIntrinsics_areTheFinalMethodsOfAgent() {
        assertThat(catalogue(IntrinsicMethod.Owner.AGENT)).isEqualTo(declared(Agent.class));
    }

    @Test
    void vertexIntrinsics_areTheFinalMethodsOfVertex() {
        Map<String, Set<Integer>> vertex = new TreeMap<>();
        for (IntrinsicMethod m : IntrinsicMethod.values()) {
            if (m.owner() == IntrinsicMethod.Owner.VERTEX || m.owner() == IntrinsicMethod.Owner.GRAPH) {
                Set<Integer> counts = vertex.computeIfAbsent(m.spelling(), k -> new TreeSet<>());
                for (int n = m.minArgs(); n <= m.maxArgs(); n++) {
                    counts.add(n);
                }
            }
        }
        assertThat(vertex).isEqualTo(declared(Vertex.class));
    }

    @Test
    void everyAgentAction_hasTheIntrinsicThatRecordsIt() {
        for (AgentAction action : AgentAction.values()) {
            assertThat(IntrinsicMethod.of(action).action()).isEqualTo(action);
        }
    }

    /** Name -> argument counts of the catalogue's intrinsics that a step of {@code owner}'s kind may call. */
    private static Map<String, Set<Integer>> catalogue(IntrinsicMethod.Owner owner) {
        Map<String, Set<Integer>> arities = new TreeMap<>();
        for (IntrinsicMethod m : IntrinsicMethod.values()) {
            if (m.owner() == owner || m.owner() == IntrinsicMethod.Owner.BOTH
                    || owner == IntrinsicMethod.Owner.AGENT && m.owner() == IntrinsicMethod.Owner.GRAPH) {
                Set<Integer> counts = arities.computeIfAbsent(m.spelling(), k -> new TreeSet<>());
                for (int n = m.minArgs(); n <= m.maxArgs(); n++) {
                    counts.add(n);
                }
            }
        }
        return arities;
    }

    /** Name -> argument counts of the final instance methods a model class inherits from {@code type}. */
    private static Map<String, Set<Integer>> declared(Class<?> type) {
        Map<String, Set<Integer>> arities = new TreeMap<>();
        for (Method m : type.getDeclaredMethods()) {
            int modifiers = m.getModifiers();
            if (Modifier.isFinal(modifiers) && !Modifier.isStatic(modifiers)
                    && (Modifier.isProtected(modifiers) || Modifier.isPublic(modifiers))) {
                arities.computeIfAbsent(m.getName(), k -> new TreeSet<>()).add(m.getParameterCount());
            }
        }
        return arities;
    }
}
