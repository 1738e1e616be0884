package org.colony.tests.checkpoint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.CRC32C;
import org.colony.ColonyException;
import org.colony.runtime.Agents;
import org.colony.runtime.Checkpoint;
import org.colony.runtime.Config;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.colony.tests.agents.Field;
import org.colony.tests.agents.Walker;
import org.colony.tests.lang.SharedCell;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a checkpoint holds besides the collections' attributes (shared values, agents' ids, next id and last report,
 * the driver's values), and every bad file refused in one line with nothing changed.
 */
class CheckpointFileTest {

    @TempDir
    Path dir;

    private static Simulation sim(long seed) {
        return Simulation.create(Config.fromArgs("--backend=cpu", "--threads=1", "--seed=" + seed));
    }

    /** A small world of shared values and walkers, some steps in. */
    private record World(Simulation sim, Places<SharedCell> cells, Places<Field> field, Agents<Walker> walkers) {

        static World create(Simulation sim) {
            Places<SharedCell> cells = sim.places(SharedCell.class, Grid.of(7, 5));
            Places<Field> field = sim.places(Field.class, Grid.of(9, 8).wrap());
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.random(30));
            return new World(sim, cells, field, walkers);
        }

        void advance(int ticks) {
            for (int t = 0; t < ticks; t++) {
                cells.callAll("apply");
                int[] kids = new int[(int) walkers.size()];
                kids[0] = 2;
                walkers.set("children", kids);
                walkers.callAll("breed");
                walkers.manageAll();
                sim.step();
            }
        }

        String state() {
            return cells.checksum() + " " + field.checksum() + " " + walkers.checksum() + " "
                    + Arrays.toString(walkers.ids()) + " " + walkers.lastReport() + " " + sim.time() + " "
                    + sim.epoch();
        }
    }

    @Test
    void sharedValues_agentIds_nextIds_reportsAndTheDriversValues_comeBack() {
        Path file = dir.resolve("w.colony");
        String expected;
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("round", 7);
        values.put("rate", 0.25f);
        values.put("label", "ünï");
        values.put("on", true);
        values.put("history", new long[] {1, 2, 3});
        values.put("weights", new double[] {0.5});
        values.put("counts", new int[] {4, 5});
        try (Simulation sim = sim(3)) {
            World w = World.create(sim);
            w.cells().setShared("scale", 1.5);
            w.cells().setShared("weights", new int[] {2, 3, 4});
            w.cells().setShared("offset", 9L);
            w.cells().setShared("enabled", true);
            w.advance(4);
            sim.checkpoint(file, values);
            w.advance(3);
            expected = w.state();
        }
        try (Simulation sim = sim(3)) {
            World w = World.create(sim); // shared values all zero: the checkpoint's come back
            Map<String, Object> back = sim.resume(file);
            assertEquals(4, sim.time());
            w.advance(3);
            assertEquals(expected, w.state());
            assertEquals(7L, back.get("round"));
            assertEquals(0.25, back.get("rate"));
            assertEquals("ünï", back.get("label"));
            assertEquals(true, back.get("on"));
            assertArrayEquals(new long[] {1, 2, 3}, (long[]) back.get("history"));
            assertArrayEquals(new double[] {0.5}, (double[]) back.get("weights"));
            assertArrayEquals(new int[] {4, 5}, (int[]) back.get("counts"));
        }
        Checkpoint read = Checkpoint.read(file);
        assertEquals(3, read.seed());
        assertEquals(4, read.time());
        assertEquals(3, read.collections().size());
        assertTrue(read.collections().get(2).contains("Walker agents"), read.collections().toString());
    }

    /** A checkpoint of a fresh world, 2 ticks in, and the state a resume must leave alone where it refuses. */
    private Path saved(long seed) {
        Path file = dir.resolve("saved-" + seed + ".colony");
        try (Simulation sim = sim(seed)) {
            World w = World.create(sim);
            w.advance(2);
            sim.checkpoint(file);
        }
        return file;
    }

    private static String refusal(Path file) {
        try (Simulation sim = sim(3)) {
            World w = World.create(sim);
            w.advance(1);
            String before = w.state();
            ColonyException e = assertThrows(ColonyException.class, () -> sim.resume(file));
            assertEquals(before, w.state(), "a refused resume changed the simulation");
            w.advance(1); // and it goes on
            return e.getMessage();
        }
    }

    @Test
    void missing_directory_foreign_truncated_corrupt_andOtherVersions_areRefused_withNothingChanged()
            throws IOException {
        Path good = saved(3);
        byte[] bytes = Files.readAllBytes(good);

        assertTrue(refusal(dir.resolve("none.colony")).contains("does not exist"));
        assertTrue(refusal(dir).contains("is a directory"));

        Path foreign = dir.resolve("foreign.colony");
        Files.write(foreign, "PK\u0003\u0004 some zip, not a checkpoint at all".getBytes());
        assertTrue(refusal(foreign).contains("is not a Colony checkpoint"), refusal(foreign));
        Files.write(foreign, new byte[3]);
        assertTrue(refusal(foreign).contains("is not a Colony checkpoint"), refusal(foreign));

        Path truncated = dir.resolve("truncated.colony");
        Files.write(truncated, Arrays.copyOf(bytes, bytes.length / 2));
        assertTrue(refusal(truncated).contains("is truncated"), refusal(truncated));

        Path corrupt = dir.resolve("corrupt.colony");
        byte[] flipped = bytes.clone();
        flipped[flipped.length / 2] ^= 0x10;
        Files.write(corrupt, flipped);
        assertTrue(refusal(corrupt).contains("checksum does not match"), refusal(corrupt));

        Path future = dir.resolve("future.colony");
        byte[] later = bytes.clone();
        later[8] = 2; // the version after the magic number
        Files.write(future, later);
        assertTrue(refusal(future).contains("format version 2"), refusal(future));
    }

    @Test
    void aHostileFile_withAValidChecksum_isRefusedBeforeItAllocatesWhatItDeclares() throws IOException {
        byte[] bytes = Files.readAllBytes(saved(3));
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int versionLength = b.getInt(12);
        int values = 12 + 4 + versionLength + 24; // magic, version, Colony's version, seed, epoch, time
        b.putInt(values, Integer.MAX_VALUE - 9);
        Path hostile = dir.resolve("hostile.colony");
        Files.write(hostile, resealed(bytes));
        assertTrue(refusal(hostile).contains("is corrupt: driver values: 2147483638 values, more than the file holds"),
                refusal(hostile));
        b.putInt(values, 1);
        b.putInt(values + 4, 1 << 30); // the first value's name: a string of a gigabyte
        Files.write(hostile, resealed(bytes));
        assertTrue(refusal(hostile).contains("is corrupt: a string of 1073741824 bytes"), refusal(hostile));
    }

    /** The bytes with their trailer's checksum made to match them again, as a hostile writer would. */
    private static byte[] resealed(byte[] bytes) {
        int content = bytes.length - 20;
        CRC32C crc = new CRC32C();
        crc.update(bytes, 0, content);
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(bytes.length - 4, (int) crc.getValue());
        return bytes;
    }

    @Test
    void anotherModel_size_capacity_orSeed_isRefused_naming_theDifference() {
        Path file = saved(3);
        assertTrue(refusal(saved(4)).contains("was taken with seed 4, this simulation has seed 3; create it with "
                + "--seed=4"), refusal(saved(4)));
        try (Simulation sim = sim(3)) {
            sim.places(SharedCell.class, Grid.of(7, 5));
            Places<Field> field = sim.places(Field.class, Grid.of(9, 9).wrap());
            sim.agents(Walker.class, field, Placement.random(30));
            String m = assertThrows(ColonyException.class, () -> sim.resume(file)).getMessage();
            assertTrue(m.contains("holds SharedCell places on 7x5, Field places on 9x8 (wrapping), ")
                    && m.contains("this simulation has SharedCell places on 7x5, Field places on 9x9 (wrapping), "
                    + "Walker agents"), m);
        }
        try (Simulation sim = sim(3)) {
            sim.places(SharedCell.class, Grid.of(7, 5));
            Places<Field> field = sim.places(Field.class, Grid.of(9, 8).wrap());
            sim.agents(Walker.class, field, Placement.random(30), 4);
            String m = assertThrows(ColonyException.class, () -> sim.resume(file)).getMessage();
            assertTrue(m.contains("this simulation's Walker agents have capacity 4"), m);
        }
        try (Simulation sim = sim(3)) {
            sim.places(Field.class, Grid.of(9, 8).wrap());
            String m = assertThrows(ColonyException.class, () -> sim.resume(file)).getMessage();
            assertTrue(m.contains("this simulation has Field places on 9x8 (wrapping): resume it with the same model"),
                    m);
        }
    }

    @Test
    void aCheckpoint_withMovesAskedAndNotCarriedOut_isRefused_andAFailedWrite_leavesTheOldFile() throws IOException {
        Path file = saved(3);
        byte[] before = Files.readAllBytes(file);
        try (Simulation sim = sim(3)) {
            World w = World.create(sim);
            w.walkers().set("dx", new int[(int) w.walkers().size()]);
            w.walkers().callAll("go");
            String m = assertThrows(ColonyException.class, () -> sim.checkpoint(file)).getMessage();
            assertTrue(m.contains("a step asked Walker agents for deaths, moves or children that no manageAll carried "
                    + "out yet"), m);
            w.walkers().manageAll();
            assertThrows(ColonyException.class, () -> sim.checkpoint(file, Map.of("bad", new Object())));
            assertThrows(ColonyException.class, () -> sim.checkpoint(dir.resolve("missing/x.colony")));
        }
        assertArrayEquals(before, Files.readAllBytes(file));
        try (var files = Files.list(dir)) {
            assertFalse(files.anyMatch(f -> f.getFileName().toString().endsWith(".tmp")));
        }
    }
}
