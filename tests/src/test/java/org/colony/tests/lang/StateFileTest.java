package org.colony.tests.lang;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.colony.ColonyException;
import org.colony.runtime.Agents;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.io.StateFile;
import org.colony.tests.agents.Field;
import org.colony.tests.agents.Walker;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * State files ({@code .npz}): every array read back (by a reader of the format written here from NumPy's
 * description, and by NumPy itself where Python has it) equals the columns, with the shapes, dtypes and metadata
 * the documentation gives; bad paths are refused before anything is read; no temporary file stays.
 */
class StateFileTest {

    private static final int W = 7;
    private static final int H = 5;

    /** One array of a {@code .npy} file: its dtype, its shape and its raw little-endian bytes. */
    private record Array(String descr, long[] shape, ByteBuffer data) {
        double[] doubles() {
            double[] out = new double[data.remaining() / 8];
            data.duplicate().order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().get(out);
            return out;
        }

        int[] ints() {
            int[] out = new int[data.remaining() / 4];
            data.duplicate().order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(out);
            return out;
        }

        long[] longs() {
            long[] out = new long[data.remaining() / 8];
            data.duplicate().order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().get(out);
            return out;
        }

        String text() {
            int[] points = ints();
            return new String(points, 0, points.length).replace("\0", "");
        }
    }

    /** Reads every {@code .npy} array of an {@code .npz} file, checking each header as NumPy's format describes it. */
    private static Map<String, Array> read(Path file) throws IOException {
        Map<String, Array> out = new LinkedHashMap<>();
        Pattern header = Pattern.compile("\\{'descr': '([^']+)', 'fortran_order': False, 'shape': \\(([0-9, ]*)\\), \\} *\n");
        try (ZipFile zip = new ZipFile(file.toFile())) {
            for (ZipEntry e : zip.stream().toList()) {
                assertEquals(ZipEntry.STORED, e.getMethod(), e.getName());
                byte[] bytes;
                try (InputStream in = zip.getInputStream(e)) {
                    bytes = in.readAllBytes();
                }
                assertEquals((byte) 0x93, bytes[0]);
                assertEquals("NUMPY", new String(bytes, 1, 5, StandardCharsets.US_ASCII));
                assertEquals(1, bytes[6]);
                int length = (bytes[8] & 0xFF) | (bytes[9] & 0xFF) << 8;
                assertEquals(0, (10 + length) % 64, "the data starts on a 64-byte boundary");
                String text = new String(bytes, 10, length, StandardCharsets.US_ASCII);
                Matcher m = header.matcher(text);
                assertTrue(m.matches(), text);
                long[] shape = m.group(2).isBlank() ? new long[0]
                        : Arrays.stream(m.group(2).split(",")).map(String::trim).filter(s -> !s.isEmpty())
                                .mapToLong(Long::parseLong).toArray();
                out.put(e.getName().replaceAll("\\.npy$", ""),
                        new Array(m.group(1), shape, ByteBuffer.wrap(bytes, 10 + length, bytes.length - 10 - length)));
            }
        }
        return out;
    }

    @Test
    void placesAndAgents_readBackAsTheirColumns_withShapesDtypesAndMetadata(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("state.npz");
        try (Simulation sim = Lang.sim(2, 9)) {
            Places<Field> field = sim.places(Field.class, Grid.of(W, H));
            int[] total = new int[W * H];
            double[] dlo = new double[W * H];
            for (int g = 0; g < W * H; g++) {
                total[g] = g * 3 - 7;
                dlo[g] = g == 4 ? Double.NaN : g * 0.5 - 1;
            }
            field.set("total", total);
            field.set("dlo", dlo);
            Places<HistoryCell> history = sim.places(HistoryCell.class, Grid.of(W, H));
            history.callAll(HistoryCell::push, 3);
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.random(9));
            walkers.set("energy", new int[] {5, 4, 3, 2, 1, 0, -1, -2, -3});
            sim.step();
            sim.step();

            StateFile.to(file).add(field, "total", "dlo").add(history, "h").add(walkers, "energy").check().write(sim);

            Map<String, Array> a = read(file);
            assertEquals(List.of("metadata", "Field.total", "Field.dlo", "HistoryCell.h", "Walker.id", "Walker.place",
                    "Walker.energy"), new ArrayList<>(a.keySet()));
            assertEquals("<i4", a.get("Field.total").descr());
            assertArrayEquals(new long[] {H, W}, a.get("Field.total").shape());
            assertArrayEquals(total, a.get("Field.total").ints());
            assertEquals("<f8", a.get("Field.dlo").descr());
            assertArrayEquals(dlo, a.get("Field.dlo").doubles());
            assertArrayEquals(new long[] {4, H, W}, a.get("HistoryCell.h").shape(), "an array attribute's elements first");
            int[] h = a.get("HistoryCell.h").ints();
            for (int k = 0; k < 4; k++) {
                assertArrayEquals(history.getInt("h", k), Arrays.copyOfRange(h, k * W * H, (k + 1) * W * H), "h[" + k + "]");
            }
            assertArrayEquals(new long[] {9}, a.get("Walker.id").shape());
            assertArrayEquals(walkers.ids(), a.get("Walker.id").longs());
            assertArrayEquals(walkers.locations(), a.get("Walker.place").longs());
            assertArrayEquals(walkers.getInt("energy"), a.get("Walker.energy").ints());
            String meta = a.get("metadata").text();
            assertTrue(meta.startsWith("{\"format\": \"colony-state\", \"version\": 1, \"step\": 2, \"time\": 2, "
                    + "\"seed\": 9, "), meta);
            assertTrue(meta.contains("\"Field\": {\"kind\": \"places\", \"count\": 35, \"grid\": [7, 5], \"wrap\": false, "
                    + "\"attributes\": {\"total\": \"<i4\", \"dlo\": \"<f8\"}}"), meta);
            assertTrue(meta.contains("\"Walker\": {\"kind\": \"agents\", \"count\": 9, \"grid\": [7, 5]"), meta);
        }
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(file), left.toList(), "no temporary file stays");
        }
        numpyReads(file);
    }

    @Test
    void badPaths_areRefusedBeforeAnythingIsRead(@TempDir Path dir) throws IOException {
        Path folder = Files.createDirectory(dir.resolve("out.npz"));
        ColonyException isFolder = assertThrows(ColonyException.class, () -> StateFile.to(folder).check());
        assertTrue(isFolder.getMessage().contains("is a directory"), isFolder.getMessage());
        assertTrue(Files.isDirectory(folder), "the folder is left as it was");
        ColonyException noParent = assertThrows(ColonyException.class,
                () -> StateFile.to(dir.resolve("missing/state.npz")).check());
        assertTrue(noParent.getMessage().contains("does not exist"), noParent.getMessage());
        try (Simulation sim = Lang.sim(1)) {
            Places<Field> field = sim.places(Field.class, Grid.of(W, H));
            ColonyException unknown = assertThrows(ColonyException.class,
                    () -> StateFile.to(dir.resolve("s.npz")).add(field, "nope"));
            assertTrue(unknown.getMessage().startsWith("Field has no attribute 'nope' to dump"), unknown.getMessage());
        }
        assertFalse(Files.exists(dir.resolve("s.npz")));
    }

    /** Where Python has NumPy: {@code numpy.load} reads the file with no code of Colony's, pickles refused. */
    private static void numpyReads(Path file) throws IOException, InterruptedException {
        String check = "import json, sys, numpy\n"
                + "z = numpy.load(sys.argv[1], allow_pickle=False)\n"
                + "m = json.loads(str(z['metadata'][()]))\n"
                + "assert m['format'] == 'colony-state' and m['step'] == 2, m\n"
                + "assert z['Field.total'].shape == (5, 7) and z['Field.total'].dtype == numpy.int32\n"
                + "assert z['Field.total'][1, 2] == (2 + 7 * 1) * 3 - 7\n"
                + "assert numpy.isnan(z['Field.dlo'][0, 4])\n"
                + "assert z['HistoryCell.h'].shape == (4, 5, 7)\n"
                + "assert z['Walker.id'].dtype == numpy.int64 and len(z['Walker.id']) == 9\n"
                + "print('numpy read it')\n";
        Process probe;
        try {
            probe = new ProcessBuilder("python3", "-c", "import numpy").redirectErrorStream(true).start();
        } catch (IOException e) {
            return; // no Python here: the reader above is the check
        }
        if (!probe.waitFor(60, TimeUnit.SECONDS) || probe.exitValue() != 0) {
            return; // Python without NumPy
        }
        Process p = new ProcessBuilder("python3", "-c", check, file.toString()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), output);
    }
}
