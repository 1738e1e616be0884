package org.colony.tests.agents;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.colony.ColonyException;
import org.colony.runtime.Agents;
import org.colony.runtime.Config;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.agents.ManageReport;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.step.StepRef0;
import org.colony.tests.lang.Lang;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Run-time misuse of agents ends in one ColonyException whose one-line message says what is wrong. */
class AgentMisuseTest {

    private static String message(Executable misuse) {
        ColonyException e = assertThrows(ColonyException.class, misuse);
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        return e.getMessage();
    }

    @Test
    void useAfterTheSimulationIsClosed() {
        Simulation sim = Lang.sim(2);
        Places<Field> field = sim.places(Field.class, Grid.of(4, 4));
        Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(1, 2, 3));
        sim.close();
        String closed = "the simulation is closed";
        assertEquals(closed, message(walkers::manageAll));
        assertEquals(closed, message(() -> walkers.callAll(Walker::go)));
        assertEquals(closed, message(() -> walkers.callAll("wander", 1)));
        assertEquals(closed, message(() -> walkers.count(Walker::rich, 0)));
        assertEquals(closed, message(walkers::size));
        assertEquals(closed, message(walkers::ids));
        assertEquals(closed, message(walkers::locations));
        assertEquals(closed, message(() -> walkers.getInt("energy")));
        assertEquals(closed, message(() -> walkers.getInt("hist", 0)));
        assertEquals(closed, message(() -> walkers.set("energy", new int[3])));
        assertEquals(closed, message(() -> walkers.sum("value")));
        assertEquals(closed, message(walkers::checksum));
        assertEquals(closed, message(walkers::memoryBytes));
        assertEquals(closed, message(() -> sim.agents(Stone.class, field, Placement.at(0))));
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void agentsOfAModelThatDoesNotLiveOnThesePlaces() {
        try (Simulation sim = Lang.sim(1)) {
            Places<Field> field = sim.places(Field.class, Grid.of(4, 4));
            Places<Patch> patches = sim.places(Patch.class, Grid.of(4, 4));
            assertEquals("Mote is not an agent model living on Field",
                    message(() -> sim.agents((Class) Mote.class, (Places) field, Placement.at(0))));
            assertEquals("Walker is not an agent model living on Patch",
                    message(() -> sim.agents((Class) Walker.class, (Places) patches, Placement.at(0))));
            assertEquals("Field is not an agent model living on Field",
                    message(() -> sim.agents((Class) Field.class, (Places) field, Placement.at(0))));
            assertEquals("agents(model, places, placement) needs all three",
                    message(() -> sim.agents(Walker.class, field, null)));
        }
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void placesOfAnAgentModel() {
        try (Simulation sim = Lang.sim(1)) {
            assertEquals("Walker is an agent model, not a place model; create its agents on places with "
                    + "sim.agents(Walker.class, places, placement)",
                    message(() -> sim.places((Class) Walker.class, Grid.of(4, 4))));
        }
    }

    @Test
    void agentsOnAGridOfOtherDimensionality() {
        try (Simulation sim = Lang.sim(1)) {
            Places<Field> line = sim.places(Field.class, Grid.of(10));
            assertEquals("Walker is written for 2-dimensional grids, but the grid 10 has 1",
                    message(() -> sim.agents(Walker.class, line, Placement.at(0))));
        }
    }

    @Test
    void secondCollectionOfTheSameClassOnTheSamePlaces() {
        try (Simulation sim = Lang.sim(1)) {
            Places<Field> field = sim.places(Field.class, Grid.of(4, 4));
            sim.agents(Walker.class, field, Placement.at(0));
            assertEquals("a collection of Walker agents already lives on these places; one collection per agent class "
                    + "and places", message(() -> sim.agents(Walker.class, field, Placement.at(1), 1)));
            // Other places may have their own.
            Places<Field> other = sim.places(Field.class, Grid.of(4, 4));
            assertEquals(1, sim.agents(Walker.class, other, Placement.at(1)).size());
        }
    }

    @Test
    void placesOfAnotherSimulation_areRefused() {
        try (Simulation sim = Lang.sim(1); Simulation other = Lang.sim(1)) {
            Places<Field> field = sim.places(Field.class, Grid.of(4, 4));
            assertEquals("these Field places belong to another simulation; create the agents with the simulation "
                    + "that created the places (a collection is used only by its own simulation)",
                    message(() -> other.agents(Walker.class, field, Placement.at(0))));
            assertEquals(0, field.residents().size());
            assertEquals(1, sim.agents(Walker.class, field, Placement.at(0)).size());
        }
    }

    @Test
    void capacityBelowOne() {
        try (Simulation sim = Lang.sim(1)) {
            Places<Field> field = sim.places(Field.class, Grid.of(4, 4));
            assertEquals("capacity 0 is not positive; a place holds 1 to 2147483647 agents of a collection",
                    message(() -> sim.agents(Walker.class, field, Placement.at(0), 0)));
            assertEquals("capacity -3 is not positive; a place holds 1 to 2147483647 agents of a collection",
                    message(() -> sim.agents(Walker.class, field, Placement.at(0), -3)));
        }
    }

    @Test
    void stepIteratingAClassWithNoCollectionOnThePlaces() {
        try (Simulation sim = Lang.sim(1)) {
            Places<Field> field = sim.places(Field.class, Grid.of(4, 4));
            assertEquals("step Field.census iterates Walker agents, but no collection of them lives on these places; "
                    + "create it with sim.agents(Walker.class, places, ...)", message(() -> field.callAll(Field::census)));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(0, 5));
            walkers.set("energy", new int[] {4, 5});
            assertEquals("step Field.census iterates Stone agents, but no collection of them lives on these places; "
                    + "create it with sim.agents(Stone.class, places, ...)", message(() -> field.callAll(Field::census)));
            assertEquals("step Walker.look iterates Stone agents, but no collection of them lives on these places; "
                    + "create it with sim.agents(Stone.class, places, ...)", message(() -> walkers.callAll(Walker::look)));
            assertArrayEquals(new int[] {4, 5}, walkers.getInt("energy"), "the refused step did not run");
            // Stones on other places do not count.
            Places<Field> elsewhere = sim.places(Field.class, Grid.of(4, 4));
            sim.agents(Stone.class, elsewhere, Placement.at(0));
            assertEquals("step Walker.look iterates Stone agents, but no collection of them lives on these places; "
                    + "create it with sim.agents(Stone.class, places, ...)", message(() -> walkers.callAll(Walker::look)));
        }
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void stepReferenceOfAnotherModel() {
        try (Simulation sim = Lang.sim(1)) {
            Places<Field> field = sim.places(Field.class, Grid.of(4, 4));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(0));
            Agents<Stone> wrong = (Agents<Stone>) (Agents<?>) walkers;
            assertEquals("Stone::grow is a method of Stone, but these agents are Walker; steps: [go, jump, breed, cull, "
                    + "breedAndCull, mark, add, subtract, addIfPositive, extremes, look, shift, draw, wander, rich, sense, breedAt, breedOnTwoPlaces, breedNear, spread, remember, jostle, plant]",
                    message(() -> wrong.callAll(Stone::grow, 1)));
            StepRef0<Walker> go = Walker::go;
            assertEquals("Walker::go is a method of Walker, but these places hold Field; steps: [census, feed, sow, share]",
                    message(() -> ((Places) field).callAll(go)));
        }
    }

    @Test
    void agentStepCalledOnPlaces() {
        try (Simulation sim = Lang.sim(1)) {
            Places<Field> field = sim.places(Field.class, Grid.of(4, 4));
            assertEquals("Field.go is not a @Step of Field; steps: [census, feed, sow, share]", message(() -> field.callAll("go")));
            assertEquals("Field.rich is not a @Step of Field; steps: [census, feed, sow, share]", message(() -> field.count("rich", 1)));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(0));
            assertEquals("Walker.census is not a @Step of Walker; steps: [go, jump, breed, cull, breedAndCull, mark, "
                    + "add, subtract, addIfPositive, extremes, look, shift, draw, wander, rich, sense, breedAt, breedOnTwoPlaces, breedNear, spread, remember, jostle, plant]",
                    message(() -> walkers.callAll("census")));
        }
    }

    @Test
    void agentStepWithWrongArguments() {
        try (Simulation sim = Lang.sim(1)) {
            Places<Field> field = sim.places(Field.class, Grid.of(4, 4));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(0, 5));
            assertEquals("step Walker.wander(int reach) takes 1 argument, not 0", message(() -> walkers.callAll("wander")));
            assertEquals("step Walker.go() takes 0 arguments, not 1", message(() -> walkers.callAll("go", 1)));
            assertEquals("step Walker.wander(int reach) takes a int for reach, not the Double 1.5",
                    message(() -> walkers.callAll("wander", 1.5)));
            assertEquals("step Walker.rich(int threshold) takes 1 argument, not 2",
                    message(() -> walkers.count("rich", 1, 2)));
            assertEquals("Walker.rich is a predicate step (it returns boolean): count the places where it holds "
                    + "with count(Walker::rich)", message(() -> walkers.callAll("rich", 1)));
            assertEquals("Walker.go is not a predicate step: count needs a @Step method that returns boolean",
                    message(() -> walkers.count("go")));
            assertEquals(0, sim.epoch(), "a refused call uses no random stream");
        }
    }

    @Test
    void negativeSpawn_isRefusedBeforeAnythingChanges() {
        try (Simulation sim = Lang.sim(1)) {
            Places<Field> field = sim.places(Field.class, Grid.of(4, 4));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(1, 2, 3));
            walkers.set("children", new int[] {0, -2, 1});
            walkers.set("dx", new int[] {1, 0, 0});
            walkers.set("doomed", new boolean[] {false, false, true});
            walkers.callAll(Walker::go);
            walkers.callAll(Walker::breed);
            walkers.callAll(Walker::cull);
            assertEquals("Walker agent 1 asked for -2 children; spawn(n) needs n >= 0", message(walkers::manageAll));
            assertArrayEquals(new long[] {0, 1, 2}, walkers.ids(), "no one died");
            assertArrayEquals(new long[] {1, 2, 3}, walkers.locations(), "no one moved");
        }
    }

    @Test
    void childrenAskedForOnTwoPlaces_failTheStep() {
        try (Simulation sim = Lang.sim(1)) {
            Places<Field> field = sim.places(Field.class, Grid.of(4, 4));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(1, 2, 3));
            assertEquals("step Walker.breedOnTwoPlaces (Walker.java:192) failed: spawn asks for children at another "
                    + "place than the children asked for before; the children one agent asks for before a manageAll "
                    + "are born on one place (or spread around one by one spawnNear)", message(() -> {
                        walkers.callAll(Walker::breedOnTwoPlaces);
                        walkers.ids(); // a GPU reports the failure when the host next waits for it
                    }));
        }
    }

    @Test
    void spawnNearWithABadRadiusOrTries_failsTheStep() {
        try (Simulation sim = Lang.sim(1)) {
            Places<Field> field = sim.places(Field.class, Grid.of(4, 4));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(1, 2, 3));
            walkers.set("dx", new int[] {1, -1, 2});
            walkers.set("dy", new int[] {1, 1, 0});
            assertEquals("step Walker.breedNear (Walker.java:202) failed: spawnNear(n, -1, 1) needs 0 <= radius <= "
                    + "32767 and 1 <= tries <= 65535", message(() -> {
                        walkers.callAll(Walker::breedNear);
                        walkers.ids();
                    }));
        }
    }

    @Test
    void spawnBeyondTheLimit_isRefusedBeforeAnyAllocation() {
        try (Simulation sim = Lang.sim(1)) {
            Places<Patch> patches = sim.places(Patch.class, Grid.of(4, 4));
            Agents<Mote> motes = sim.agents(Mote.class, patches, Placement.at(0, 1, 2));
            motes.callAll(Mote::breed, Integer.MAX_VALUE);
            assertEquals("Mote agents would number 6442450944 after this manageAll; the " + Lang.backendName()
                    + " backend holds at most 2147483639 per collection", message(motes::manageAll));
            assertEquals(3, motes.size());
            // One agent asking for more than the limit on its own.
            try (Simulation sim2 = Lang.sim(1)) {
                Places<Patch> p2 = sim2.places(Patch.class, Grid.of(4, 4));
                Agents<Mote> one = sim2.agents(Mote.class, p2, Placement.at(5));
                one.callAll(Mote::breed, Integer.MAX_VALUE);
                assertEquals("Mote agents would number 2147483648 after this manageAll; the " + Lang.backendName()
                        + " backend holds at most 2147483639 per collection", message(one::manageAll));
                assertEquals(ManageReport.none(1).population(), one.size());
            }
            // Two calls in one step that together pass int's range: refused in the step, not wrapped around.
            assertEquals("step Mote.breedTwice (Mote.java:29) failed: spawn(2147483647) makes 4294967294 children "
                    + "asked for by one agent; at most 2147483647 per agent and manageAll",
                    message(() -> {
                        motes.callAll(Mote::breedTwice, Integer.MAX_VALUE);
                        motes.ids(); // a GPU reports the failure when the host next waits for it
                    }));
        }
    }

    /**
     * A step that fails is reported by the next {@code manageAll} on one block and on partitions, before anything
     * changes: the CPU throws in the step (which leaves the simulation failed), a GPU when {@code manageAll} first
     * waits for it (the error comes back with the round's counts).
     */
    @Test
    void aFailedStep_isReportedByTheNextManageAll() {
        for (int partitions : new int[] {1, 2}) {
            try (Simulation sim = Simulation.create(Config.defaults()
                    .withBackend(Lang.backend()).withThreads(1).withPartitions(partitions))) {
                Places<Patch> patches = sim.places(Patch.class, Grid.of(8, 8));
                Agents<Mote> motes = sim.agents(Mote.class, patches, Placement.at(0, 9, 62));
                assertEquals("step Mote.breedTwice (Mote.java:29) failed: spawn(2147483647) makes 4294967294 "
                        + "children asked for by one agent; at most 2147483647 per agent and manageAll",
                        message(() -> {
                            motes.callAll(Mote::breedTwice, Integer.MAX_VALUE);
                            motes.manageAll();
                        }), "partitions=" + partitions);
                if (Lang.backend().equals("cpu")) {
                    // The CPU throws in the step, which is left half-done: the simulation is failed.
                    assertEquals("the simulation failed earlier and can only be closed: step Mote.breedTwice "
                            + "(Mote.java:29) failed: spawn(2147483647) makes 4294967294 children asked for by one "
                            + "agent; at most 2147483647 per agent and manageAll", message(motes::ids));
                    continue;
                }
                assertArrayEquals(new long[] {0, 1, 2}, motes.ids(), "partitions=" + partitions + ": no one born");
                assertEquals(ManageReport.none(3).population(), motes.size());
            }
        }
    }
}
