package org.colony.examples.braingrid;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;
import org.colony.examples.TestBackend;
import org.colony.runtime.Agents;
import org.colony.runtime.Config;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BrainGridTest {

    @ParameterizedTest(name = "{0}x{0} somas={1}% steps={2} threads={3} seed={4}")
    @CsvSource({
        "24, 10, 60, 1, 42",
        "24, 10, 60, 2, 42",
        "24, 10, 60, 3, 42",
        "24, 10, 60, 1, 7",
        "24, 10, 60, 2, 7",
        "24, 10, 60, 3, 7",
        "32, 3, 80, 2, 11",
    })
    void brainGrid_matchesSequentialReferenceBitForBit(int size, int percent, int steps, int threads, long seed) {
        BrainGrid.Parameters d = BrainGrid.Parameters.defaults();
        double share = percent / 100.0;
        BrainGrid.Parameters params = new BrainGrid.Parameters(share, share, share, d.activation(), d.modulation(),
                d.growing(), d.maxBranches(), d.branch(), d.afterBranch(), d.stop(), d.threshold(), d.window());
        BrainGridReference ref = new BrainGridReference(size, seed, params);
        try (Simulation sim = Simulation.create(Config.defaults().withBackend(TestBackend.name()).withThreads(threads)
                .withSeed(seed))) {
            BrainGrid model = new BrainGrid(sim, size, params);
            assertEquals(ref.epoch, sim.epoch(), "epoch after the setup");
            same(ref, model, "at the start");
            long signals = 0;
            long synapses = 0;
            for (int t = 0; t < steps; t++) {
                model.tick();
                ref.tick();
                String when = "after tick " + t;
                assertEquals(ref.epoch, sim.epoch(), "epoch " + when);
                same(ref, model, when);
                BrainGrid.Stats stats = model.stats();
                signals += stats.signals();
                synapses = stats.synapses();
            }
            // Not vacuous: ends grew as axons, terminals and dendrites and branched; contests for a cell were lost;
            // ends stopped at random, after their last branch and where no cell was open; synapses formed and their
            // dendrites stopped; somas activated and forwarded signals, which were delivered.
            String counts = "started " + ref.started + ", never grew " + ref.neverGrew + ", cells grown as axon "
                    + ref.grewAs[GrowingEnd.AXON] + ", as terminal " + ref.grewAs[GrowingEnd.TERMINAL]
                    + ", as dendrite " + ref.grewAs[GrowingEnd.DENDRITE] + ", switched " + ref.switched
                    + ", branches " + ref.branchesOf + " (of terminals " + ref.branchesOfTerminals
                    + "), stopped at random " + ref.stoppedAtRandom + ", after branches " + ref.stoppedAfterBranches
                    + ", blocked " + ref.blocked + ", lost a cell " + ref.lostCell + ", synapses " + ref.synapsesFormed
                    + ", dendrites met " + ref.dendritesMet + ", activated " + ref.activated + ", forwarded "
                    + ref.forwarded + ", signals sent " + ref.signalsSent + ", delivered " + ref.signalsDelivered;
            assertTrue(ref.started > 0 && ref.neverGrew > 0, "ends started, some could not: " + counts);
            assertTrue(ref.grewAs[GrowingEnd.AXON] > 0 && ref.grewAs[GrowingEnd.TERMINAL] > 0
                    && ref.grewAs[GrowingEnd.DENDRITE] > 0 && ref.switched > 0,
                    "axons, terminals and dendrites grew: " + counts);
            assertTrue(ref.branchesOf > 0, "terminals and dendrites branched: " + counts);
            assertTrue(ref.lostCell > 0, "ends lost a contested cell: " + counts);
            assertTrue(ref.stoppedAtRandom > 0 && ref.stoppedAfterBranches > 0 && ref.blocked > 0,
                    "ends stopped at random, after their last branch and where no cell was open: " + counts);
            assertTrue(ref.synapsesFormed > 0 && ref.dendritesMet > 0, "synapses formed: " + counts);
            assertEquals(ref.synapsesFormed, synapses, "synapses at the end");
            assertTrue(ref.activated > 0 && ref.forwarded > 0, "somas activated and forwarded signals: " + counts);
            assertTrue(ref.signalsDelivered > 0 && ref.signalsDelivered == ref.signalsSent,
                    "every signal sent was delivered: " + counts);
            assertEquals(ref.signalsDelivered, signals, "signals delivered, summed over the ticks");
            if (percent <= 3) {
                assertTrue(ref.branchesOfTerminals > 0, "terminals branched: " + counts);
            }
        }
    }

    /** Asserts that the model holds exactly the reference's ends and cells. */
    private static void same(BrainGridReference ref, BrainGrid model, String when) {
        Agents<GrowingEnd> ends = model.ends();
        List<BrainGridReference.End> expected = ref.ends;
        assertArrayEquals(expected.stream().mapToLong(e -> e.id).toArray(), ends.ids(), "end ids " + when);
        assertArrayEquals(expected.stream().mapToLong(e -> e.place).toArray(), ends.locations(), "end places " + when);
        ints(ends, expected, "kind", e -> e.kind, when);
        ints(ends, expected, "slot", e -> e.slot, when);
        ints(ends, expected, "dir", e -> e.dir, when);
        ints(ends, expected, "childDir", e -> e.childDir, when);
        ints(ends, expected, "start", e -> e.start, when);
        ints(ends, expected, "grown", e -> e.grown, when);
        ints(ends, expected, "branches", e -> e.branches, when);
        ints(ends, expected, "sinceBranch", e -> e.sinceBranch, when);
        ints(ends, expected, "somaX", e -> e.somaX, when);
        ints(ends, expected, "somaY", e -> e.somaY, when);
        ints(ends, expected, "targetX", e -> e.targetX, when);
        ints(ends, expected, "targetY", e -> e.targetY, when);
        longs(ends, expected, "origin", e -> e.origin, when);
        doubles(ends, expected, "value", e -> e.value, when);
        Places<Neuron> cells = model.cells();
        assertArrayEquals(ref.type, cells.getInt("type"), "type " + when);
        assertArrayEquals(ref.axonDir, cells.getInt("axonDir"), "axonDir " + when);
        assertArrayEquals(ref.synapses, cells.getInt("synapses"), "synapses " + when);
        assertArrayEquals(ref.input, cells.getDouble("input"), "input " + when);
        assertArrayEquals(ref.output, cells.getDouble("output"), "output " + when);
        assertArrayEquals(ref.received, cells.getInt("received"), "received " + when);
    }

    private static void ints(Agents<GrowingEnd> ends, List<BrainGridReference.End> expected, String attribute,
            ToIntFunction<BrainGridReference.End> value, String when) {
        assertArrayEquals(expected.stream().mapToInt(value).toArray(), ends.getInt(attribute), attribute + " " + when);
    }

    private static void longs(Agents<GrowingEnd> ends, List<BrainGridReference.End> expected, String attribute,
            ToLongFunction<BrainGridReference.End> value, String when) {
        assertArrayEquals(expected.stream().mapToLong(value).toArray(), ends.getLong(attribute),
                attribute + " " + when);
    }

    private static void doubles(Agents<GrowingEnd> ends, List<BrainGridReference.End> expected, String attribute,
            ToDoubleFunction<BrainGridReference.End> value, String when) {
        assertArrayEquals(expected.stream().mapToDouble(value).toArray(), ends.getDouble(attribute),
                attribute + " " + when);
    }
}
