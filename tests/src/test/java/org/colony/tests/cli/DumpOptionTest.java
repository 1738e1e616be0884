package org.colony.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mass run --dump}: state files of the scenario's collections at the end or every few steps, with what they
 * name; a bad name, path or period refused before the setup, a collection or attribute the scenario lacks before
 * the first step.
 */
class DumpOptionTest {

    private static Mass.Result mass(String... args) {
        return Mass.run(args);
    }

    private static List<String> entries(Path file) throws IOException {
        try (ZipFile zip = new ZipFile(file.toFile())) {
            return zip.stream().map(ZipEntry::getName).toList();
        }
    }

    @Test
    void dumps_atTheEndAndEveryFewSteps_holdWhatTheyName(@TempDir Path dir) throws IOException {
        Mass.Result r = mass("run", "stupidmodel", "--steps=4", "--backend=cpu", "--quiet",
                "--dump=" + dir.resolve("all-{step}.npz") + "@2", "--dump=HabitatCell.food,Bug.size=" + dir.resolve("end.npz"));
        assertEquals(0, r.rc(), r.err());
        assertTrue(r.out().contains("state     " + dir.resolve("end.npz")), r.out());
        assertEquals(List.of("metadata.npy", "HabitatCell.food.npy", "Bug.id.npy", "Bug.place.npy", "Bug.size.npy"),
                entries(dir.resolve("end.npz")));
        List<String> all = entries(dir.resolve("all-000004.npz"));
        assertTrue(all.containsAll(List.of("HabitatCell.food.npy", "HabitatCell.production.npy", "Bug.size.npy",
                "Bug.asked.npy", "Predator.id.npy")), all.toString());
        assertTrue(Files.exists(dir.resolve("all-000002.npz")));
    }

    @Test
    void badDumps_areRefusedBeforeTheRun(@TempDir Path dir) {
        Mass.Result name = mass("run", "stupidmodel", "--steps=1000000000", "--dump=" + dir.resolve("state.csv"));
        assertEquals(2, name.rc());
        assertTrue(name.err().contains("state files are NumPy .npz files"), name.err());
        Mass.Result period = mass("run", "stupidmodel", "--steps=1000000000", "--dump=" + dir.resolve("s.npz") + "@0");
        assertEquals(2, period.rc());
        assertTrue(period.err().contains("the period after @ must be a positive number of steps"), period.err());
        Mass.Result folder = mass("run", "stupidmodel", "--steps=1000000000", "--dump=" + dir.resolve("none/s.npz"));
        assertEquals(2, folder.rc());
        assertTrue(folder.err().contains("does not exist"), folder.err());
        Mass.Result collection = mass("run", "stupidmodel", "--steps=1000000000", "--quiet",
                "--dump=Wolf=" + dir.resolve("s.npz"));
        assertEquals(2, collection.rc());
        assertTrue(collection.err().contains("stupidmodel has no collection 'Wolf'; collections: HabitatCell, Bug, "
                + "Predator"), collection.err());
        Mass.Result attribute = mass("run", "stupidmodel", "--steps=1000000000", "--quiet",
                "--dump=Bug.weight=" + dir.resolve("s.npz"));
        assertEquals(2, attribute.rc());
        assertTrue(attribute.err().contains("Bug has no attribute 'weight' to dump"), attribute.err());
        assertFalse(Files.exists(dir.resolve("s.npz")));
    }
}
