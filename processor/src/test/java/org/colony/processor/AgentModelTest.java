package org.colony.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.colony.processor.Compilations.agent;
import static org.colony.processor.Compilations.ant;
import static org.colony.processor.Compilations.assertRejected;
import static org.colony.processor.Compilations.compile;
import static org.colony.processor.Compilations.land;
import static org.colony.processor.Compilations.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;

/** Agent models: what they extend, how they write places and other agents, iterate agents, and which intrinsics. */
class AgentModelTest {

    // ---- the place type -----------------------------------------------------------------------

    @Test
    void rawAgent_isRejectedOnTheClass() {
        assertRejected(agent("Ant", """
                @SuppressWarnings("rawtypes")
                public class Ant extends Agent {
                    @Attribute int sugar;
                }
                """), Messages.agentPlaceType("test.Ant", "org.colony.Agent"), "public class Ant");
    }

    @Test
    void agentOfPlaceItself_isRejected() {
        assertRejected(agent("Ant", """
                public class Ant extends Agent<Place> {
                    @Attribute int sugar;
                }
                """), Messages.agentPlaceType("test.Ant", "org.colony.Agent<org.colony.Place>"), "public class Ant");
    }

    @Test
    void agentOfAnAbstractPlace_isRejected() {
        JavaFileObject ground = source("Ground", """
                public abstract class Ground extends Place {
                }
                """);
        assertRejected(agent("Ant", """
                public class Ant extends Agent<Ground> {
                    @Attribute int sugar;
                }
                """), Messages.agentPlaceType("test.Ant", "org.colony.Agent<test.Ground>"), "public class Ant", ground);
    }

    // ---- place writes ---------------------------------------------------------------------------

    @Test
    void writeOfANeighbouringPlace_isRejected() {
        assertRejected(ant("""
                @Step void s() {
                    Land east = neighborPlace(1, 0);
                    east.grass += 1;
                }
                """), Messages.placeWriteNotOwn("grass"), "east.grass += 1", land());
    }

    @Test
    void writeOfANeighbouringPlaceDirectly_isRejected() {
        assertRejected(ant("""
                @Step void s() {
                    neighborPlace(0, 1).height = 2;
                }
                """), Messages.placeWriteNotOwn("height"), "neighborPlace(0, 1).height = 2", land());
    }

    @Test
    void twoKindsOfWriteOfOnePlaceAttribute_areRejectedOnTheSecond() {
        assertRejected(ant("""
                @Step void s() {
                    place().grass += sugar;
                    place().height = Math.max(place().height, 1.0);
                    place().grass = 0;
                }
                """), Messages.placeWriteMixed("grass"), "place().grass = 0", land());
    }

    @Test
    void minAfterSumOfOnePlaceAttribute_isRejected() {
        assertRejected(ant("""
                @Step void s() {
                    place().rain[0]++;
                    place().rain[1] = Math.min(place().rain[1], sugar);
                }
                """), Messages.placeWriteMixed("rain"), "Math.min(place().rain[1], sugar)", land());
    }

    @Test
    void multiplyingAPlaceAttribute_isRejected() {
        assertRejected(ant("""
                @Step void s() {
                    place().grass *= 2;
                }
                """), Messages.placeWriteOp("grass"), "place().grass *= 2", land());
    }

    @Test
    void dividingAPlaceAttributeThroughALocal_isRejected() {
        assertRejected(ant("""
                @Step void s() {
                    Land here = place();
                    here.height /= 2;
                }
                """), Messages.placeWriteOp("height"), "here.height /= 2", land());
    }

    @Test
    void predicateStepWritingItsPlace_isRejected() {
        assertRejected(ant("""
                @Step boolean full() {
                    place().grass++;
                    return sugar > 0;
                }
                """), Messages.predicateWrites("full", "place().grass"), "boolean full()", land());
    }

    @Test
    void predicateStepRecordingAnIntent_isRejected() {
        assertRejected(ant("""
                @Step boolean starving() {
                    if (sugar < 0) {
                        kill();
                    }
                    return sugar < 0;
                }
                """), Messages.predicateActs("starving", "kill(...)"), "boolean starving()", land());
    }

    // ---- other agents ---------------------------------------------------------------------------

    @Test
    void writeOfAnotherAgentsAttribute_isRejected() {
        assertRejected(ant("""
                @Step void s() {
                    for (Ant other : agentsHere(Ant.class)) {
                        other.sugar = sugar;
                    }
                }
                """), Messages.agentWrite("sugar"), "other.sugar = sugar", land());
    }

    @Test
    void incrementOfAnotherAgentsArrayElement_isRejected() {
        assertRejected(ant("""
                @Step void s() {
                    for (Ant other : agentsAt(Ant.class, 1, 0)) {
                        other.memory[0]++;
                    }
                }
                """), Messages.agentWriteArray("memory"), "other.memory[0]++", land());
    }

    @Test
    void intrinsicCalledOnAnotherAgent_isRejected() {
        assertRejected(ant("""
                @Step void s() {
                    for (Ant other : agentsHere(Ant.class)) {
                        other.migrate(1, 0);
                    }
                }
                """), Messages.neighborMethodCall("migrate(...)"), "other.migrate(1, 0)", land());
    }

    @Test
    void combinedWritesAndKillsOfAgentsNextDoor_compile_andTheStepSaysItWritesAcrossPlaces() {
        Compilation compilation = compile(ant("""
                @Attribute long seen;
                @Attribute float high;
                @Attribute boolean doomed;
                @Step(reach = 2) void s() {
                    for (int d = -2; d <= 2; d += 4) {
                        for (Ant other : agentsAt(Ant.class, d, 1)) {
                            other.sugar += 2;
                            other.sugar--;
                            other.seen = Math.max(other.seen, id());
                            other.high = Math.min(other.high, 0.5f);
                            if (other.doomed) {
                                other.kill();
                            }
                        }
                    }
                }
                @Step void here() {
                    for (Ant other : agentsHere(Ant.class)) {
                        other.sugar -= 1;
                    }
                }
                """), land());
        assertThat(compilation).succeededWithoutWarnings();
        // slots: Ant 0; attributes: sugar 0, memory 1, seen 2, high 3, doomed 4. The last set of a StepInfo: the
        // slots whose agents the step writes on neighbouring places.
        assertThat(compilation).generatedSourceFile("test.Ant_Model").contentsAsUtf8String()
                .containsMatch("new StepInfo\\(\"s\", [^\\n]*, \"Ant.java:\\d+\", Map.ofEntries\\(Map.entry\\(0, "
                        + "Map.ofEntries\\(Map.entry\\(0, Combine.SUM\\), Map.entry\\(2, Combine.MAX\\), "
                        + "Map.entry\\(3, Combine.MIN\\)\\)\\)\\), Set.of\\(0\\), Set.of\\(\\), Set.of\\(0\\), false\\)");
        assertThat(compilation).generatedSourceFile("test.Ant_Model").contentsAsUtf8String()
                .containsMatch("new StepInfo\\(\"here\", [^\\n]*, Set.of\\(\\), Set.of\\(\\), Set.of\\(\\), false\\)");
    }

    @Test
    void killThroughAnotherVariable_isRejected() {
        assertRejected(ant("""
                @Step void s() {
                    for (Ant other : agentsAt(Ant.class, 1, 0)) {
                        Ant same = other;
                        same.kill();
                    }
                }
                """), Messages.agentWriteVariable("kill()"), "same.kill()", land());
    }

    @Test
    void writeOfAnAgentNextDoorThroughAnotherVariable_isRejected() {
        assertRejected(ant("""
                @Step void s() {
                    for (Ant other : agentsAt(Ant.class, 1, 0)) {
                        Ant same = other;
                        same.sugar += 1;
                    }
                }
                """), Messages.agentWriteVariable("sugar"), "same.sugar += 1", land());
    }

    @Test
    void plainWriteOfAnAgentNextDoor_isRejected() {
        assertRejected(ant("""
                @Step void s() {
                    for (Ant other : agentsAt(Ant.class, 0, -1)) {
                        other.sugar = 3;
                    }
                }
                """), Messages.agentWrite("sugar"), "other.sugar = 3", land());
    }

    @Test
    void floatingPointSumIntoAgentsNextDoor_isRejected_forItsOrder() {
        assertRejected(ant("""
                @Attribute float wealth;
                @Step void s() {
                    for (Ant other : agentsAt(Ant.class, 1, 1)) {
                        other.wealth -= 0.5f;
                    }
                }
                """), Messages.agentWriteType("wealth", "float", true), "other.wealth -= 0.5f", land());
    }

    @Test
    void agentNextDoorsAttributeWrittenTwoWays_isRejected() {
        assertRejected(ant("""
                @Step void s() {
                    for (Ant other : agentsAt(Ant.class, 1, 0)) {
                        other.sugar = Math.max(other.sugar, 3);
                    }
                    for (Ant other : agentsHere(Ant.class)) {
                        other.sugar += 1;
                    }
                }
                """), Messages.agentWriteMixed("sugar"), "other.sugar += 1", land());
    }

    @Test
    void floatingPointSumIntoAgentsHere_compiles_andTheStepRunsPlaceByPlace() {
        Compilation compilation = compile(ant("""
                @Attribute double wealth;
                @Attribute float gift;
                @Step void s() {
                    for (Ant other : agentsHere(Ant.class)) {
                        other.wealth += 0.5;
                        other.gift -= 0.25f;
                    }
                }
                @Step void t() {
                    for (Ant other : agentsHere(Ant.class)) {
                        other.sugar += 1;
                    }
                }
                """), land());
        assertThat(compilation).succeededWithoutWarnings();
        // The last value of a StepInfo: whether the step runs place by place (a float or double sum into agents here).
        assertThat(compilation).generatedSourceFile("test.Ant_Model").contentsAsUtf8String()
                .containsMatch("new StepInfo\\(\"s\", [^\\n]*, true\\)");
        assertThat(compilation).generatedSourceFile("test.Ant_Model").contentsAsUtf8String()
                .containsMatch("new StepInfo\\(\"t\", [^\\n]*, false\\)");
        // CPU: the owned places from$..to$, each place's agents in id order, plain additions into the incoming column.
        assertThat(compilation).generatedSourceFile("test.Ant_Kernels").contentsAsUtf8String()
                .contains("for (int place$ = from$; place$ < to$; )");
        assertThat(compilation).generatedSourceFile("test.Ant_Kernels").contentsAsUtf8String()
                .contains("final int a$ = own$order[k$];");
        // CUDA: a thread a place, its agents from the collection's own index.
        assertThat(compilation).generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/colony/cuda/test.Ant.cu")
                .contentsAsUtf8String().contains("for (jint own = ownStart[at]; own < ownStart[at + 1]; own++) {");
    }

    @Test
    void floatingPointSumOfAPlaceIntoItsAgents_isAllowed() {
        assertThat(compile(ant("""
                @Attribute double wealth;
                """), source("Land", """
                public class Land extends Place {
                    @Attribute int grass;
                    @Attribute double stock;
                    @Step void share() {
                        for (Ant a : agents(Ant.class)) {
                            a.wealth += stock / agentCount(Ant.class);
                        }
                    }
                }
                """))).succeededWithoutWarnings();
    }

    @Test
    void otherAgentsAttributeWrittenTwoWays_isRejected() {
        assertRejected(ant("""
                @Step void s() {
                    for (Ant other : agentsHere(Ant.class)) {
                        other.sugar += 1;
                        other.sugar = Math.min(other.sugar, 3);
                    }
                }
                """), Messages.agentWriteMixed("sugar"), "other.sugar = Math.min(other.sugar, 3)", land());
    }

    @Test
    void agentsHereOutsideAForEach_isRejected() {
        assertRejected(ant("""
                @Step void s() {
                    var all = agentsHere(Ant.class);
                }
                """), Messages.agentIteration("agentsHere(...)"), "var all = agentsHere(Ant.class)", land());
    }

    @Test
    void agentsAtAsAStatement_isRejected() {
        assertRejected(ant("""
                @Step void s() {
                    agentsAt(Ant.class, 0, 1);
                }
                """), Messages.agentIteration("agentsAt(...)"), "agentsAt(Ant.class, 0, 1);", land());
    }

    @Test
    void placeAgentsOutsideAForEach_isRejected() {
        JavaFileObject land = source("Land", """
                public class Land extends Place {
                    @Attribute int grass;

                    @Step void s() {
                        var ants = agents(Ant.class);
                    }
                }
                """);
        assertRejected(land, Messages.agentIteration("agents(...)"), "var ants = agents(Ant.class)", ant(""));
    }

    @Test
    void agentClassOfAnotherPlaceModel_isRejected() {
        JavaFileObject burrow = source("Burrow", """
                public class Burrow extends Place {
                    @Attribute int depth;
                }
                """);
        JavaFileObject mole = agent("Mole", """
                public class Mole extends Agent<Burrow> {
                    @Attribute int size;
                }
                """);
        assertRejected(ant("""
                @Step void s() {
                    sugar = agentCountHere(Mole.class);
                }
                """), Messages.agentClass("agentCountHere(...)", "Land"), "Mole.class", land(), burrow, mole);
    }

    @Test
    void iterationOverAnAgentClassOfAnotherPlaceModel_isRejected() {
        JavaFileObject burrow = source("Burrow", """
                public class Burrow extends Place {
                    @Attribute int depth;
                }
                """);
        JavaFileObject mole = agent("Mole", """
                public class Mole extends Agent<Burrow> {
                    @Attribute int size;
                }
                """);
        assertRejected(ant("""
                @Step void s() {
                    for (Mole m : agentsHere(Mole.class)) {
                        sugar += m.size;
                    }
                }
                """), Messages.agentClass("agentsHere(...)", "Land"), "agentsHere(Mole.class)", land(), burrow, mole);
    }

    /**
     * javac would refuse {@code Integer.class} as well, but javac attributes nothing once a processor has reported
     * an error, so Colony's message is the one error.
     */
    @Test
    void agentClassThatIsNotAnAgent_isRejected() {
        assertRejected(ant("""
                @Step void s() {
                    for (Integer i : agentsHere(Integer.class)) {
                        sugar++;
                    }
                }
                """), Messages.agentClass("agentsHere(...)", "Land"), "agentsHere(Integer.class)", land());
    }

    @Test
    void agentClassGivenByAVariable_isRejectedAtTheVariableAndTheCall() {
        JavaFileObject ant = ant("""
                @Step void s() {
                    Class<Ant> type = Ant.class;
                    sugar = agentCountHere(type);
                }
                """);
        Compilation compilation = Compilations.compile(ant, land());
        assertThat(compilation).hadErrorCount(2);
        assertThat(compilation).hadErrorContaining(Messages.unsupportedType("Class<Ant>")).inFile(ant)
                .onLineContaining("Class<Ant> type");
        assertThat(compilation).hadErrorContaining(Messages.agentClass("agentCountHere(...)", "Land")).inFile(ant)
                .onLineContaining("agentCountHere(type)");
    }

    // ---- intrinsics of the other kind --------------------------------------------------------
    // Agent has no index() and Place no kill(): javac would say "cannot find symbol", but it attributes nothing
    // once the processor has reported an error, so Colony's message is the one error.

    @Test
    void placeIntrinsicInAnAgentStep_isRejected() {
        assertRejected(ant("""
                @Step void s() {
                    sugar = (int) index();
                }
                """), Messages.placeOnly("index(...)"), "sugar = (int) index()", land());
    }

    @Test
    void agentIntrinsicInAPlaceStep_isRejected() {
        assertRejected(source("Land", """
                public class Land extends Place {
                    @Attribute int grass;

                    @Step void s() {
                        if (grass < 0) {
                            kill();
                        }
                    }
                }
                """), Messages.agentOnly("kill(...)"), "kill();");
    }

    @Test
    void agentIterationInAPlaceStep_isRejected() {
        assertRejected(source("Land", """
                public class Land extends Place {
                    @Attribute int grass;

                    @Step void s() {
                        for (Ant a : agentsHere(Ant.class)) {
                            grass++;
                        }
                    }
                }
                """), Messages.agentOnly("agentsHere(...)"), "agentsHere(Ant.class)", ant(""));
    }

    @Test
    void placeIterationInAnAgentStep_isRejected() {
        assertRejected(ant("""
                @Step void s() {
                    for (Ant a : agents(Ant.class)) {
                        sugar++;
                    }
                }
                """), Messages.placeOnly("agents(...)"), "agents(Ant.class)", land());
    }

    // ---- dimensions -----------------------------------------------------------------------------

    @Test
    void migrateWithAnotherNumberOfOffsets_isADimensionConflict() {
        assertRejected(ant("""
                @Step void walk() {
                    migrate(1, 0);
                }

                @Step void jump() {
                    migrate(1);
                }
                """), Messages.dimensionConflict(1, 2), "migrate(1);", land());
    }

    @Test
    void moveToWithThreeCoordinatesAfterNeighbourPlaceWithTwo_isADimensionConflict() {
        assertRejected(ant("""
                @Step void look() {
                    sugar = neighborPlace(0, 1).grass;
                }

                @Step void jump() {
                    moveTo(1, 2, 3);
                }
                """), Messages.dimensionConflict(3, 2), "moveTo(1, 2, 3)", land());
    }

    @Test
    void migrateWithFourOffsets_isRejected() {
        assertRejected(ant("""
                @Step void s() {
                    migrate(1, 0, 0, 0);
                }
                """), Messages.neighborArity(4), "migrate(1, 0, 0, 0)", land());
    }

    // ---- everything at once ----------------------------------------------------------------------

    @Test
    void agentModelUsingEveryAgentConstruct_compilesWithGeneratedCode() {
        JavaFileObject field = source("Meadow", """
                public class Meadow extends Place {
                    @Attribute int grass;
                    @Attribute long visits;
                    @Attribute double lowest;
                    @Attribute double highest;
                    @Attribute float rainfall;
                    @Attribute int owner;
                    @Attribute(length = 2) int[] tracks;
                    @Attribute long census;

                    @Step void count() {
                        long ids = 0;
                        for (Sheep s : agents(Sheep.class)) {
                            ids += s.id() * s.wool + s.memory[1];
                        }
                        for (Wolf w : agents(Wolf.class)) {
                            ids -= w.id();
                        }
                        census = ids + agentCount(Sheep.class) + agentCount(Wolf.class);
                    }
                }
                """);
        JavaFileObject wolf = agent("Wolf", """
                public class Wolf extends Agent<Meadow> {
                    @Attribute double energy;

                    @Step void hunt() {
                        for (Sheep s : agentsHere(Sheep.class)) {
                            energy += s.wool;
                        }
                    }
                }
                """);
        JavaFileObject sheep = agent("Sheep", """
                public class Sheep extends Agent<Meadow> {
                    static final int LITTER = 2;

                    @Attribute int wool;
                    @Attribute double energy;
                    @Attribute boolean hungry;
                    @Attribute(length = 3) int[] memory;
                    @Shared double appetite;

                    @Step void init(int wool0) {
                        wool = wool0 + uniformInt(3);
                        energy = uniform() + normal() * 0.1;
                        memory[0] = (int) id();
                    }

                    @Step(reach = 2) void look() {
                        int best = 0;
                        int toX = 0;
                        int toY = 0;
                        for (int dx = -2; dx <= 2; dx++) {
                            for (int dy = -2; dy <= 2; dy++) {
                                if (hasNeighborPlace(dx, dy) && agentCountAt(Sheep.class, dx, dy) == 0) {
                                    Meadow m = neighborPlace(dx, dy);
                                    if (m.grass > best) {
                                        best = m.grass;
                                        toX = dx;
                                        toY = dy;
                                    }
                                }
                            }
                        }
                        if (best > 0) {
                            migrate(toX, toY);
                        } else if (uniform() < 0.1) {
                            moveTo(uniformInt(size(0)), uniformInt(size(1)));
                        }
                    }

                    @Step void graze(double gain) {
                        Meadow here = place();
                        int company = 0;
                        for (Sheep other : agentsHere(Sheep.class)) {
                            if (other.id() != id()) {
                                company += other.wool + other.memory[2];
                            }
                        }
                        for (Sheep other : agentsAt(Sheep.class, 1, 0)) {
                            company -= other.hungry ? 1 : 0;
                        }
                        for (Wolf w : agentsHere(Wolf.class)) {
                            energy -= w.energy;
                        }
                        if (here.grass > 0 && agentCountHere(Wolf.class) == 0) {
                            energy += gain * appetite;
                            place().grass--;
                            place().visits += 1;
                            place().rainfall -= 0.5f;
                            place().tracks[x() % 2]++;
                        }
                        place().lowest = Math.min(place().lowest, energy);
                        place().highest = Math.max(energy, place().highest);
                        hungry = company > wool || time() % 2 == coord(0) % 2;
                        memory[2] = memory[1];
                        memory[1] = company;
                    }

                    @Step void claim() {
                        place().owner = (int) id();
                    }

                    @Step void cycle(double breed) {
                        if (energy < 0) {
                            kill();
                            return;
                        }
                        if (uniform() < breed) {
                            energy /= 2;
                            spawn(litter());
                        }
                    }

                    @Step boolean fat(double threshold) {
                        return energy > threshold && !hungry && y() >= 0;
                    }

                    int litter() {
                        return hungry ? 1 : LITTER;
                    }
                }
                """);
        Compilation compilation = Compilations.compile(field, sheep, wolf);
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).generatedSourceFile("test.Sheep_Kernels");
        // look counts sheep next door (their numbers on a partition's halo), graze iterates them there (rows too)
        // and wolves only here; slots: Sheep 0, Wolf 1.
        assertThat(compilation).generatedSourceFile("test.Sheep_Model").contentsAsUtf8String()
                .contains("new StepInfo(\"look\", List.of(), false, Set.of(), Set.of(), Set.of(0), Map.ofEntries(), "
                        + "Set.of(0), Set.of(0), Set.of(), ");
        assertThat(compilation).generatedSourceFile("test.Sheep_Model").contentsAsUtf8String()
                .containsMatch("new StepInfo\\(\"graze\", [^\\n]*, Set.of\\(0, 1\\), Set.of\\(0\\), Set.of\\(0\\), "
                        + "Set.of\\(\\), ");
        assertThat(compilation).generatedSourceFile("test.Wolf_Kernels");
        assertThat(compilation).generatedSourceFile("test.Meadow_Kernels");
        assertThat(compilation).generatedSourceFile("test.Meadow_Model").contentsAsUtf8String()
                .contains("List.of(Sheep.class, Wolf.class)");
    }

    // ---- @Priority ------------------------------------------------------------------------------

    @Test
    void priorityOnAPlaceModel_isRejected() {
        assertRejected(source("Cell", """
                public class Cell extends Place {
                    @org.colony.Priority @Attribute double temp;
                }
                """), Messages.priorityOnPlace("temp", "Cell"), "double temp");
    }

    @Test
    void priorityWithoutAttribute_isRejected() {
        assertRejected(ant("@org.colony.Priority double weight;"), Messages.priorityNotAttribute("weight"),
                "double weight", land());
    }

    @Test
    void booleanOrArrayPriority_isRejected() {
        assertRejected(ant("@org.colony.Priority @Attribute boolean big;"), Messages.priorityType("big", "boolean"),
                "boolean big", land());
        assertRejected(ant("@org.colony.Priority @Attribute(length = 2) int[] sizes;"),
                Messages.priorityType("sizes", "int[]"), "int[] sizes", land());
    }

    @Test
    void twoPriorities_areRejectedOnTheSecond() {
        assertRejected(ant("""
                @org.colony.Priority @Attribute double size;
                @org.colony.Priority @Attribute int age;
                """), Messages.priorityTwice("age", "size"), "int age", land());
    }
}
