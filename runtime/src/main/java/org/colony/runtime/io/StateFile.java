package org.colony.runtime.io;

import java.lang.reflect.Array;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.colony.ColonyException;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.ModelInfo;
import org.colony.runtime.Agents;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.cluster.MpiCluster;
import org.colony.runtime.files.AtomicFile;
import org.colony.runtime.grid.Boundary;
import org.colony.runtime.grid.Grid;

/**
 * A dump of attributes of places and agents at one step, as a NumPy {@code .npz} file (a ZIP of {@code .npy}
 * arrays, stored uncompressed) that {@code numpy.load} reads with no code of Colony's. Places' attribute {@code a} of
 * model {@code Cell} is the array {@code Cell.a} of shape {@code (H, W)} on a 2-D grid of W x H ({@code (D, H, W)} in
 * 3-D, {@code (W,)} in 1-D), indexed {@code [y, x]}; an array attribute of length k has a leading axis of k. Agents
 * of model {@code Bug} are rows in id order: {@code Bug.id} (int64), {@code Bug.place} (the global index of their
 * place, {@code x + W * (y + H * z)}) and {@code Bug.a} of shape {@code (n,)} ({@code (k, n)} for an array
 * attribute). {@code metadata} is a unicode scalar holding JSON: the format and its version, the step, the time, the
 * seed, the backend, and per collection its kind, grid and attributes with their dtypes.
 *
 * <p>Written atomically ({@link AtomicFile#write}): to a temporary file in the same folder, forced to the
 * disk, then moved over the path, so a run stopped while it writes leaves the previous file or none, never half of
 * one. Over MPI ranks every rank reads
 * the values (a collective) and rank 0 writes.
 */
public final class StateFile {

    /** The {@code format} of the metadata. */
    public static final String FORMAT = "colony-state";
    /** The {@code version} of the metadata and the layout of the arrays. */
    public static final int VERSION = 1;

    /** A collection in the dump: its places or its agents (the other null), and the attributes named. */
    private record Part(Places<?> places, Agents<?> agents, List<String> attributes) {

        String name() {
            return model().modelClass().getSimpleName();
        }

        ModelInfo model() {
            return places != null ? places.model() : agents.model();
        }

        List<String> attributeNames() {
            return places != null ? places.attributeNames() : agents.attributeNames();
        }

        Grid grid() {
            return places != null ? places.grid() : agents.places().grid();
        }

        long size() {
            return places != null ? places.size() : agents.size();
        }

        Object column(String attribute, int k) {
            return places != null ? places.getColumn(attribute, k) : agents.getColumn(attribute, k);
        }
    }

    private final Path file;
    private final List<Part> parts = new ArrayList<>();

    private StateFile(Path file) {
        this.file = file;
    }

    /**
     * {@return a dump to {@code file}, with no collection in it yet}
     *
     * @param file the {@code .npz} file to write
     */
    public static StateFile to(Path file) {
        return new StateFile(file);
    }

    /**
     * {@return this dump, with attributes of {@code places} (every attribute where none is named)}
     *
     * @param places the places
     * @param attributes the attributes' field names
     */
    public StateFile add(Places<?> places, String... attributes) {
        return add(new Part(places, null, List.of()), attributes);
    }

    /**
     * {@return this dump, with the ids and places of {@code agents} and the attributes named (every attribute where
     * none is named)}
     *
     * @param agents the agents
     * @param attributes the attributes' field names
     */
    public StateFile add(Agents<?> agents, String... attributes) {
        return add(new Part(null, agents, List.of()), attributes);
    }

    private StateFile add(Part collection, String... attributes) {
        String name = collection.name();
        for (Part p : parts) {
            if (p.name().equals(name)) {
                throw new ColonyException("the state file " + file + " has " + name + " already; name each "
                        + "collection once, with all its attributes");
            }
        }
        List<String> names = attributes.length == 0 ? collection.attributeNames() : List.of(attributes);
        for (String a : names) {
            if (collection.model().attributeIndex(a) < 0) {
                throw new ColonyException(name + " has no attribute '" + a + "' to dump; attributes: "
                        + collection.attributeNames());
            }
        }
        parts.add(new Part(collection.places(), collection.agents(), List.copyOf(names)));
        return this;
    }

    /**
     * Checks that the file can be written ({@link OutputFiles#checkWritable}). Call it before the first step, so that
     * a bad path costs no run.
     *
     * @return this dump
     * @throws ColonyException naming the problem
     */
    public StateFile check() {
        OutputFiles.checkWritable(file, ".npz");
        return this;
    }

    /**
     * Reads the attributes named from {@code sim}'s collections as they are now and writes the file.
     *
     * @param sim the simulation the collections belong to
     * @throws ColonyException where the file cannot be written (nothing is left half-written)
     */
    public void write(Simulation sim) {
        if (parts.isEmpty()) {
            throw new ColonyException("the state file " + file + " has no collection; add places or agents to it");
        }
        Map<String, Npy> arrays = new LinkedHashMap<>();
        StringBuilder collections = new StringBuilder();
        for (Part p : parts) {
            read(p, arrays, collections);
        }
        String metadata = String.format(Locale.ROOT,
                "{\"format\": \"%s\", \"version\": %d, \"step\": %d, \"time\": %d, \"seed\": %d, \"backend\": %s, "
                        + "\"collections\": {%s}}",
                FORMAT, VERSION, sim.time(), sim.time(), sim.seed(), Json.string(sim.backendDescription()),
                collections);
        if (MpiCluster.launched() && MpiCluster.get().rank() != 0) {
            return; // every rank read the values together; rank 0 writes them
        }
        Map<String, Npy> all = new LinkedHashMap<>();
        all.put("metadata", Npy.text(metadata));
        all.putAll(arrays);
        writeAtomically(all);
    }

    private void read(Part p, Map<String, Npy> arrays, StringBuilder collections) {
        String name = p.name();
        boolean agents = p.agents() != null;
        Grid grid = p.grid();
        long n = p.size();
        long[] shape = agents ? new long[] {n} : gridShape(grid);
        StringBuilder attrs = new StringBuilder();
        if (agents) {
            arrays.put(name + ".id", new Npy("<i8", new long[] {n}, p.agents().ids()));
            arrays.put(name + ".place", new Npy("<i8", new long[] {n}, p.agents().locations()));
        }
        for (String attr : p.attributes()) {
            AttributeInfo info = p.model().attributes().get(p.model().attributeIndex(attr));
            Object values = column(p, info);
            String descr = Npy.descrOf(values);
            long[] s = shape;
            if (info.isArray()) {
                s = new long[shape.length + 1];
                s[0] = info.columns();
                System.arraycopy(shape, 0, s, 1, shape.length);
            }
            arrays.put(name + "." + attr, new Npy(descr, s, values));
            attrs.append(attrs.isEmpty() ? "" : ", ").append(Json.string(attr)).append(": ").append(Json.string(descr));
        }
        StringBuilder size = new StringBuilder();
        for (int d = 0; d < grid.dimensions(); d++) {
            size.append(d == 0 ? "" : ", ").append(grid.size(d));
        }
        collections.append(collections.isEmpty() ? "" : ", ").append(Json.string(name)).append(String.format(
                Locale.ROOT, ": {\"kind\": \"%s\", \"count\": %d, \"grid\": [%s], \"wrap\": %b, \"attributes\": {%s}}",
                agents ? "agents" : "places", n, size, grid.boundary() == Boundary.WRAP, attrs));
    }

    /** The shape of a grid's arrays, outermost first: (D, H, W), (H, W) or (W). */
    private static long[] gridShape(Grid grid) {
        int dims = grid.dimensions();
        long[] shape = new long[dims];
        for (int d = 0; d < dims; d++) {
            shape[dims - 1 - d] = grid.size(d);
        }
        return shape;
    }

    /** Every element of an attribute, element after element for an array attribute, in one Java array. */
    private static Object column(Part c, AttributeInfo info) {
        if (!info.isArray()) {
            return c.column(info.name(), 0);
        }
        Object first = c.column(info.name(), 0);
        int n = Array.getLength(first);
        Object all = Array.newInstance(first.getClass().getComponentType(), n * info.columns());
        System.arraycopy(first, 0, all, 0, n);
        for (int k = 1; k < info.columns(); k++) {
            System.arraycopy(c.column(info.name(), k), 0, all, k * n, n);
        }
        return all;
    }

    private void writeAtomically(Map<String, Npy> arrays) {
        AtomicFile.write(file, out -> {
            ZipOutputStream zip = new ZipOutputStream(out);
            for (Map.Entry<String, Npy> e : arrays.entrySet()) {
                Npy npy = e.getValue();
                ZipEntry entry = new ZipEntry(e.getKey() + ".npy");
                entry.setMethod(ZipEntry.STORED);
                entry.setSize(npy.bytes());
                entry.setCompressedSize(npy.bytes());
                entry.setCrc(npy.crc());
                zip.putNextEntry(entry);
                npy.writeTo(zip);
                zip.closeEntry();
            }
            zip.finish();
        });
    }

    /** JSON text of strings. */
    private static final class Json {
        private Json() {
        }

        static String string(String s) {
            StringBuilder out = new StringBuilder("\"");
            for (int i = 0; i < s.length(); i++) {
                char ch = s.charAt(i);
                switch (ch) {
                    case '"' -> out.append("\\\"");
                    case '\\' -> out.append("\\\\");
                    case '\n' -> out.append("\\n");
                    case '\r' -> out.append("\\r");
                    case '\t' -> out.append("\\t");
                    default -> {
                        if (ch < 0x20) {
                            out.append(String.format(Locale.ROOT, "\\u%04x", (int) ch));
                        } else {
                            out.append(ch);
                        }
                    }
                }
            }
            return out.append('"').toString();
        }
    }
}
