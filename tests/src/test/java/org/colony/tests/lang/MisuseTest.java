package org.colony.tests.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.concurrent.CountDownLatch;
import org.colony.ColonyException;
import org.colony.Place;
import org.colony.examples.heat.HeatCell;
import org.colony.runtime.Config;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.step.StepRef0;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Run-time misuse of the API ends in one ColonyException whose one-line message says what is wrong. */
class MisuseTest {

    private static String message(Executable misuse) {
        ColonyException e = assertThrows(ColonyException.class, misuse);
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        return e.getMessage();
    }

    @Test
    void nonPositiveGridSize() {
        assertEquals("grid size 0 along dimension 1 is not positive; sizes are 1 to 2147483647",
                message(() -> Grid.of(5, 0)));
    }

    @Test
    void gridDimensionalityOtherThanTheModels() {
        try (Simulation sim = Lang.sim(1)) {
            assertEquals("HeatCell is written for 2-dimensional grids (its neighbor calls take 2 offsets), but the "
                    + "grid 10 has 1", message(() -> sim.places(HeatCell.class, Grid.of(10))));
            assertEquals("Cube is written for 3-dimensional grids (its neighbor calls take 3 offsets), but the "
                    + "grid 4x4 has 2", message(() -> sim.places(Cube.class, Grid.of(4, 4))));
            assertEquals("WhereCell is written for 2-dimensional grids (its neighbor calls take 2 offsets), but the "
                    + "grid 4x4x4 has 3", message(() -> sim.places(WhereCell.class, Grid.of(4, 4, 4))));
        }
    }

    @Test
    void gridWithFewerDimensionsThanTheCoordinatesUsed() {
        try (Simulation sim = Lang.sim(1)) {
            assertEquals("DepthCell needs a grid of at least 3 dimensions (it reads coordinates up to z), but the grid "
                    + "4x4 has 2", message(() -> sim.places(DepthCell.class, Grid.of(4, 4))));
            Places<DepthCell> p = sim.places(DepthCell.class, Grid.of(2, 3, 4));
            p.callAll(DepthCell::measure);
            assertEquals(321, p.get(1, 2, 3).get("depth"));
        }
    }

    @Test
    void unknownAttribute() {
        try (Simulation sim = Lang.sim(1)) {
            Places<HeatCell> plate = sim.places(HeatCell.class, Grid.of(3, 3));
            assertEquals("HeatCell has no attribute 'heat'; attributes: [temp]", message(() -> plate.getDouble("heat")));
            assertEquals("HeatCell has no attribute 'heat'; attributes: [temp]",
                    message(() -> plate.set("heat", new double[9])));
            assertEquals("HeatCell has no attribute 'heat'; attributes: [temp]", message(() -> plate.sum("heat")));
        }
    }

    @Test
    void accessorOfAnotherType() {
        try (Simulation sim = Lang.sim(1)) {
            Places<HeatCell> plate = sim.places(HeatCell.class, Grid.of(3, 3));
            assertEquals("attribute HeatCell.temp is double, not int; use the double accessor",
                    message(() -> plate.getInt("temp")));
            assertEquals("attribute HeatCell.temp is double, not float; use the double accessor",
                    message(() -> plate.set("temp", new float[9])));
        }
    }

    @Test
    void wrongNumberOfStepArguments() {
        try (Simulation sim = Lang.sim(1)) {
            Places<HeatCell> plate = sim.places(HeatCell.class, Grid.of(3, 3));
            assertEquals("step HeatCell.tick(double r, double heat, boolean heating) takes 3 arguments, not 0",
                    message(() -> plate.callAll("tick")));
            assertEquals("step HeatCell.tick(double r, double heat, boolean heating) takes 3 arguments, not 2",
                    message(() -> plate.callAll("tick", 0.25, 0.5)));
            Places<HistoryCell> h = sim.places(HistoryCell.class, Grid.of(3, 3));
            assertEquals("step HistoryCell.push(int v) takes 1 argument, not 0", message(() -> h.callAll("push")));
            Places<RimCell> rim = sim.places(RimCell.class, Grid.of(3, 3));
            assertEquals("step RimCell.turn() takes 0 arguments, not 1", message(() -> rim.callAll("turn", 1)));
        }
    }

    @Test
    void argumentOfTheWrongType() {
        try (Simulation sim = Lang.sim(1)) {
            Places<HeatCell> plate = sim.places(HeatCell.class, Grid.of(3, 3));
            assertEquals("step HeatCell.tick(double r, double heat, boolean heating) takes a double for r, not the "
                    + "String \"hot\"", message(() -> plate.callAll("tick", "hot", 19.0, true)));
            assertEquals("step HeatCell.tick(double r, double heat, boolean heating) takes a double for r, not null",
                    message(() -> plate.callAll("tick", null, 19.0, true)));
            assertEquals("step HeatCell.tick(double r, double heat, boolean heating) takes a boolean for heating, not "
                    + "the Integer 1", message(() -> plate.callAll("tick", 0.25, 19.0, 1)));
            Places<HistoryCell> h = sim.places(HistoryCell.class, Grid.of(3, 3));
            assertEquals("step HistoryCell.push(int v) takes a int for v, not the Double 2.5",
                    message(() -> h.callAll("push", 2.5)));
            assertEquals("step HistoryCell.push(int v) takes a int for v, not the Long 2",
                    message(() -> h.callAll("push", 2L)));
            assertEquals(0, sim.epoch(), "a refused call uses no random stream");
            h.callAll("push", (byte) 3); // widened to int as Java would
            assertEquals(3, h.getInt("h", 0)[0]);
            assertEquals(0, sim.epoch(), "a step that draws nothing leaves the random streams alone");
        }
    }

    @Test
    void methodReferenceOfAnotherModel() {
        try (Simulation sim = Lang.sim(1)) {
            Places<Rod> rod = sim.places(Rod.class, Grid.of(3));
            @SuppressWarnings("unchecked")
            Places<ShiftCell> wrong = (Places<ShiftCell>) (Places<?>) rod;
            assertEquals("ShiftCell::shift is a method of ShiftCell, but these places hold Rod; steps: [diffuse]",
                    message(() -> wrong.callAll(ShiftCell::shift)));
        }
    }

    @Test
    void methodThatIsNotAStep() {
        try (Simulation sim = Lang.sim(1)) {
            Places<HelperCell> p = sim.places(HelperCell.class, Grid.of(3, 3));
            assertEquals("HelperCell.bump is not a @Step of HelperCell; steps: [compute, sideEffects]",
                    message(() -> p.callAll(HelperCell::bump)));
            assertEquals("HelperCell.clamp is not a @Step of HelperCell; steps: [compute, sideEffects]",
                    message(() -> p.callAll("clamp", 1, 2)));
        }
    }

    @Test
    void lambdaInsteadOfMethodReference() {
        try (Simulation sim = Lang.sim(1)) {
            Places<HeatCell> plate = sim.places(HeatCell.class, Grid.of(3, 3));
            assertEquals("a step must be named by a method reference such as HeatCell::diffuse, not by a lambda "
                    + "expression", message(() -> plate.callAll(cell -> {
                    })));
            StepRef0<HeatCell> none = null;
            assertEquals("the step reference is null; pass a method reference such as HeatCell::diffuse",
                    message(() -> plate.callAll(none)));
        }
    }

    @Test
    void callAllOnAPredicateStep() {
        try (Simulation sim = Lang.sim(1)) {
            Places<RandomCell> p = sim.places(RandomCell.class, Grid.of(3, 3));
            assertEquals("RandomCell.coin is a predicate step (it returns boolean): count the places where it holds "
                    + "with count(RandomCell::coin)", message(() -> p.callAll(RandomCell::coin, 0.5)));
            assertEquals("RandomCell.coin is a predicate step (it returns boolean): count the places where it holds "
                    + "with count(RandomCell::coin)", message(() -> p.callAll("coin", 0.5)));
        }
    }

    @Test
    void countOnANonPredicateStep() {
        try (Simulation sim = Lang.sim(1)) {
            Places<RandomCell> p = sim.places(RandomCell.class, Grid.of(3, 3));
            assertEquals("RandomCell.draw is not a predicate step: count needs a @Step method that returns boolean",
                    message(() -> p.count("draw", 3)));
        }
    }

    @Test
    void useAfterTheSimulationIsClosed() {
        Simulation sim = Lang.sim(2);
        Places<Rod> plate = sim.places(Rod.class, Grid.of(9));
        sim.close();
        sim.close();
        String closed = "the simulation is closed";
        assertEquals(closed, message(() -> plate.callAll(Rod::diffuse, 0.25)));
        assertEquals(closed, message(() -> plate.getDouble("u")));
        assertEquals(closed, message(() -> plate.set("u", new double[9])));
        assertEquals(closed, message(() -> plate.sum("u")));
        assertEquals(closed, message(plate::checksum));
        assertEquals(closed, message(plate::memoryBytes));
        assertEquals(closed, message(() -> plate.get(0)));
        assertEquals(closed, message(() -> plate.setShared("x", 1)));
        assertEquals(closed, message(sim::step));
        assertEquals(closed, message(() -> sim.places(Rod.class, Grid.of(3))));
    }

    @Test
    void setWithAnArrayOfTheWrongLength() {
        try (Simulation sim = Lang.sim(1)) {
            Places<HeatCell> plate = sim.places(HeatCell.class, Grid.of(3, 3));
            assertEquals("set(\"temp\", values): values has 8 elements, the grid 3x3 has 9 cells",
                    message(() -> plate.set("temp", new double[8])));
            assertEquals("set(\"temp\", null): give an array of 9 values",
                    message(() -> plate.set("temp", (double[]) null)));
        }
    }

    @Test
    void placeIndexOutOfRange() {
        try (Simulation sim = Lang.sim(1)) {
            Places<HeatCell> plate = sim.places(HeatCell.class, Grid.of(3, 3));
            assertEquals("place index 9 is out of range; the grid 3x3 has 9 cells", message(() -> plate.get(9)));
            assertEquals("coordinate 3 along dimension 0 is outside the grid 3x3", message(() -> plate.get(3, 0, 0)));
        }
    }

    @Test
    void failureInsideAStep_namesTheStepAndItsSource() {
        try (Simulation sim = Lang.sim(2)) {
            Places<RandomCell> p = sim.places(RandomCell.class, Grid.of(200, 170));
            // Both name the line of the draw; the CPU backend throws the stream's exception from the call, a GPU
            // reports the failure when the host next waits for it.
            String why = Lang.backend().equals("cpu") ? "RandomCell.java:28: java.lang.IllegalArgumentException"
                    : "RandomCell.java:28";
            assertEquals("step RandomCell.draw (RandomCell.java:26) failed: " + why + ": "
                    + "uniformInt bound must be positive, was 0", message(() -> {
                        p.callAll(RandomCell::draw, 0);
                        p.getInt("k");
                    }));
        }
    }

    @Test
    void useAfterAFailedStep_repeatsTheFirstError_andCloseStillWorks() {
        Simulation sim = Lang.sim(2);
        Places<SpinCell> cells = sim.places(SpinCell.class, Grid.of(64, 64));
        cells.set("k", new int[64 * 64]);
        String first = message(() -> {
            cells.callAll(SpinCell::divide, 0);
            sim.synchronize();
        });
        assertTrue(first.startsWith("step SpinCell.divide (SpinCell.java:"), first);
        assertTrue(first.endsWith(Lang.backend().equals("cpu") ? "java.lang.ArithmeticException: / by zero"
                : "integer division by zero"), first);
        String again = "the simulation failed earlier and can only be closed: " + first;
        assertEquals(again, message(() -> cells.getInt("k")));
        assertEquals(again, message(() -> cells.callAll(SpinCell::divide, 1)));
        assertEquals(again, message(() -> cells.count("divide", 1)));
        assertEquals(again, message(cells::checksum));
        assertEquals(again, message(sim::step));
        assertEquals(again, message(sim::synchronize));
        assertEquals(again, message(() -> sim.places(Rod.class, Grid.of(3))));
        ColonyException repeated = assertThrows(ColonyException.class, () -> cells.sum("k"));
        assertEquals(first, repeated.getCause().getMessage());
        sim.close();
        assertEquals("the simulation is closed", message(() -> cells.getInt("k")));
    }

    @Test
    void refusedArguments_doNotFailTheSimulation() {
        try (Simulation sim = Lang.sim(1)) {
            Places<HeatCell> plate = sim.places(HeatCell.class, Grid.of(3, 3));
            message(() -> plate.getInt("temp"));
            message(() -> plate.set("temp", new double[8]));
            plate.callAll(HeatCell::tick, 0.25, 19.0, false);
            assertEquals(0.0, plate.sum("temp"));
        }
    }

    @Test
    void callFromASecondThread_whileOneIsInside_isRefused() throws Exception {
        // On a GPU callAll returns once the work is queued, so no thread stays inside the simulation for long (the
        // guard is the same; this timing needs a call that blocks).
        assumeTrue(Lang.backend().equals("cpu"), "a call on the GPU returns before its work is done");
        try (Simulation sim = Lang.sim(1)) {
            Places<SpinCell> cells = sim.places(SpinCell.class, Grid.of(64));
            CountDownLatch started = new CountDownLatch(1);
            Thread driver = new Thread(() -> {
                started.countDown();
                while (true) {
                    try {
                        cells.callAll(SpinCell::churn, 30_000_000); // seconds on one thread
                        return;
                    } catch (ColonyException e) {
                        // this thread came in while the test's thread was inside (its short get): try again
                        if (!e.getMessage().contains("is inside the simulation")) {
                            throw e;
                        }
                    }
                }
            }, "first-driver");
            driver.start();
            started.await();
            String refused = null;
            while (refused == null && driver.isAlive()) {
                try {
                    cells.getInt("k");
                    Thread.sleep(2);
                } catch (ColonyException e) {
                    refused = e.getMessage();
                }
            }
            driver.join();
            assertEquals("thread '" + Thread.currentThread().getName() + "' called get SpinCell.k while thread "
                    + "'first-driver' is inside the simulation (callAll SpinCell.churn); a simulation is driven from "
                    + "one thread at a time: let one thread make every call, or hand the simulation over between "
                    + "calls", refused);
            cells.getInt("k"); // the refused call changed nothing: the simulation goes on
        }
    }

    @Test
    void simulationHandedOverBetweenCalls_runsOnTheOtherThread() throws Exception {
        try (Simulation sim = Lang.sim(1)) {
            Places<HeatCell> plate = sim.places(HeatCell.class, Grid.of(3, 3));
            Thread other = new Thread(() -> plate.callAll(HeatCell::tick, 0.25, 19.0, true));
            other.start();
            other.join();
            sim.step();
            assertEquals(1, sim.time());
        }
    }

    @Test
    void backendAuto_saysWhyItChoseTheCpu() {
        try (Simulation sim = Simulation.create(Config.defaults().withThreads(1))) {
            assumeTrue(sim.backendName().equals("cpu"), "a GPU is usable here");
            String why = sim.backendChoice();
            assertTrue(why.startsWith("--backend auto runs on the CPU: "), why);
            assertFalse(why.contains("\n"), why);
        }
        try (Simulation sim = Lang.sim(1)) {
            assertEquals(null, sim.backendChoice());
        }
    }

    @Test
    void unknownOrMissingBackend() {
        assertEquals("--backend=opencl is not a backend; use auto, cpu or cuda",
                message(() -> Config.defaults().withBackend("opencl")));
    }

    @Test
    void modelNotProcessedByColony() {
        try (Simulation sim = Lang.sim(1)) {
            assertEquals("no Colony model descriptor for " + Unprocessed.class.getName() + ": compile it with the "
                    + "Colony annotation processor (name org.colony:colony-processor under <annotationProcessorPaths> "
                    + "of maven-compiler-plugin; javac 23 and later ignore processors found only on the class path) "
                    + "and give it @Attribute or @Step members",
                    message(() -> sim.places(Unprocessed.class, Grid.of(3))));
        }
    }

    /** A place class with no Colony members, so the processor generates nothing for it. */
    static final class Unprocessed extends Place {
    }
}
