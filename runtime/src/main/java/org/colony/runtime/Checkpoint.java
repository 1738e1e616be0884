package org.colony.runtime;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.colony.ColonyException;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.ScalarType;
import org.colony.kernel.SharedInfo;
import org.colony.runtime.checkpoint.CheckpointInput;
import org.colony.runtime.grid.Boundary;
import org.colony.runtime.grid.Grid;

/**
 * A checkpoint file, read and checked: what {@link Simulation#checkpoint} wrote and {@link Simulation#resume}
 * restores. {@link #read} checks the whole file (its magic number, format version, trailer, structure and CRC-32C)
 * and gives what it holds without touching any simulation: the seed to create the simulation with, the step, and the
 * driver's own values.
 *
 * <p>The format (version 1, little-endian, see {@code docs/output.md}): the magic number {@code \x89COLONY\n} and the
 * version; Colony's version, the seed, epoch and time, the driver's values (name, tag, value); then per collection
 * (places first, in the order they were created, then agents) its kind, model class, grid (or places' index), shared
 * values, and every attribute's name, type, element count and values in index (places) or id (agents) order, agents
 * preceded by their capacity, count, next id, last report, ids, places and ordinals; last a trailer with the
 * content's length and CRC-32C. No Java serialization: reading runs no code of the file's, and allocates no more than
 * the file holds.
 */
public final class Checkpoint {

    /**
     * An attribute or shared value in the file: name, type, array length (0 for a scalar attribute; a shared value's
     * element count), and where its data lie.
     */
    record Column(String name, ScalarType type, int length, long offset) {

        int columns() {
            return Math.max(1, length);
        }

        String describe() {
            return name + ":" + type.javaName() + (length > 0 ? "[" + length + "]" : "");
        }
    }

    /** A collection in the file. */
    record Section(int kind, String model, int[] sizes, Boundary boundary, String graph, int placesIndex, int capacity,
            int count,
            long nextId, long[] report, long idsAt, long placesAt, long ordinalsAt, List<Column> shared,
            List<Column> attributes) {

        String describe() {
            String simple = model.substring(model.lastIndexOf('.') + 1);
            return kind == CheckpointWriter.PLACES ? simple + " places on " + (graph != null ? "a graph of " + sizes[0]
                    + " vertices (" + graph + ")" : gridText(sizes, boundary))
                    : count + " " + simple + " agents (capacity " + (capacity == Integer.MAX_VALUE ? "unlimited"
                            : capacity) + ")";
        }
    }

    private final Path file;
    private final String colonyVersion;
    private final long seed;
    private final long epoch;
    private final long time;
    private final Map<String, Object> values;
    private final List<Section> sections;
    private final int checksum;

    private Checkpoint(Path file, String colonyVersion, long seed, long epoch, long time, Map<String, Object> values,
            List<Section> sections, int checksum) {
        this.file = file;
        this.colonyVersion = colonyVersion;
        this.seed = seed;
        this.epoch = epoch;
        this.time = time;
        this.values = values;
        this.sections = sections;
        this.checksum = checksum;
    }

    /**
     * Reads and checks a checkpoint file: everything in it is walked and its checksum compared, and nothing is kept
     * but the description (the columns are read again where a simulation resumes).
     *
     * @param file the checkpoint
     * @return what it holds
     * @throws ColonyException in one line where the file is missing, not a checkpoint, of another format version,
     *     truncated or corrupt
     */
    public static Checkpoint read(Path file) {
        try (CheckpointInput in = CheckpointInput.open(file)) {
            String version = in.str();
            long seed = in.i64();
            long epoch = in.i64();
            long time = in.i64();
            if (epoch < 0 || time < 0) {
                throw in.refuse("a negative epoch or time");
            }
            int n = in.count(in.i32(), 6, "driver values");
            Map<String, Object> values = new LinkedHashMap<>();
            for (int i = 0; i < n; i++) {
                values.put(in.str(), value(in));
            }
            int places = in.count(in.i32(), 1, "place collections");
            int agents = in.count(in.i32(), 1, "agent collections");
            List<Section> sections = new ArrayList<>();
            for (int i = 0; i < places + agents; i++) {
                sections.add(CheckpointSections.section(in, i < places ? CheckpointWriter.PLACES
                        : CheckpointWriter.AGENTS, sections, places));
            }
            in.verify();
            return new Checkpoint(file, version, seed, epoch, time, Collections.unmodifiableMap(values),
                    List.copyOf(sections), in.checksum());
        }
    }

    private static Object value(CheckpointInput in) {
        int tag = in.u8();
        return switch (tag) {
            case CheckpointWriter.LONG -> in.i64();
            case CheckpointWriter.DOUBLE -> in.f64();
            case CheckpointWriter.BOOLEAN -> in.u8() != 0;
            case CheckpointWriter.STRING -> in.str();
            case CheckpointWriter.LONGS -> in.column(ScalarType.LONG, in.count(in.i32(), 8, "a driver value"));
            case CheckpointWriter.DOUBLES -> in.column(ScalarType.DOUBLE, in.count(in.i32(), 8, "a driver value"));
            case CheckpointWriter.INTS -> in.column(ScalarType.INT, in.count(in.i32(), 4, "a driver value"));
            default -> throw in.refuse("a driver value of unknown kind " + tag);
        };
    }

    static String gridText(int[] sizes, Boundary boundary) {
        StringBuilder sb = new StringBuilder();
        for (int d = 0; d < sizes.length; d++) {
            sb.append(d == 0 ? "" : "x").append(sizes[d]);
        }
        return sb + (boundary == Boundary.WRAP ? " (wrapping)" : "");
    }

    /** {@return the file} */
    public Path file() {
        return file;
    }

    /** {@return the version of the Colony that wrote it} */
    public String colonyVersion() {
        return colonyVersion;
    }

    /** {@return the seed of the simulation it was taken of: a simulation resumes it only with this seed} */
    public long seed() {
        return seed;
    }

    /** {@return the simulation's {@link Simulation#time()} when it was taken: the steps run} */
    public long time() {
        return time;
    }

    /** {@return the simulation's {@link Simulation#epoch()} when it was taken} */
    public long epoch() {
        return epoch;
    }

    /**
     * {@return the driver's own values saved with it, by name: whole numbers as {@code Long}, floating-point numbers
     * as {@code Double}, then {@code Boolean}, {@code String}, {@code long[]}, {@code double[]}, {@code int[]}}
     */
    public Map<String, Object> values() {
        return values;
    }

    /** {@return one line per collection it holds ({@code HeatCell places on 100x100}, {@code 512 Bug agents ...})} */
    public List<String> collections() {
        return sections.stream().map(Section::describe).toList();
    }

    /** The collections, for {@link CheckpointSections#restore}. */
    List<Section> sections() {
        return sections;
    }

    /** {@return the CRC-32C of its content} */
    int checksum() {
        return checksum;
    }

    /**
     * Checks that {@code sim} holds the collections this checkpoint was taken of: the same models (attributes and
     * shared values alike), grids and capacities, in the order they were created.
     *
     * @throws ColonyException naming the first difference
     */
    void checkMatches(Simulation sim, List<Places<?>> places, List<Agents<?>> agents) {
        if (sim.seed() != seed) {
            throw new ColonyException("the checkpoint " + file + " was taken with seed " + seed + ", this simulation "
                    + "has seed " + sim.seed() + "; create it with --seed=" + seed + " to resume");
        }
        List<ModelCollection<?>> live = new ArrayList<>(places);
        live.addAll(agents);
        List<String> have = new ArrayList<>();
        for (Places<?> p : places) {
            have.add(p.name + " places on " + (p.graph() != null ? "a graph of " + p.graph().vertices() + " vertices ("
                    + CheckpointWriter.graphText(p.graph()) + ")" : gridText(p.grid().sizes(), p.grid().boundary())));
        }
        for (Agents<?> a : agents) {
            have.add(a.name + " agents");
        }
        String mismatch = "the checkpoint " + file + " holds " + String.join(", ", collections()) + "; this "
                + "simulation has " + (have.isEmpty() ? "no collections" : String.join(", ", have))
                + ": resume it with the same model, size and graph, its collections created in the same order";
        long placeCount = sections.stream().filter(s -> s.kind() == CheckpointWriter.PLACES).count();
        if (live.size() != sections.size() || places.size() != placeCount) {
            throw new ColonyException(mismatch);
        }
        for (int i = 0; i < sections.size(); i++) {
            Section s = sections.get(i);
            ModelCollection<?> c = live.get(i);
            if (!c.modelClass().getName().equals(s.model())) {
                throw new ColonyException(mismatch);
            }
            if (c instanceof Places<?> p && (!sameGrid(p.grid(), s) || !Objects.equals(s.graph(),
                    p.graph() == null ? null : CheckpointWriter.graphText(p.graph())))) {
                throw new ColonyException(mismatch);
            }
            if (c instanceof Agents<?> a && (a.capacity() != s.capacity()
                    || places.indexOf(a.places()) != s.placesIndex())) {
                throw new ColonyException("the checkpoint " + file + " holds " + s.describe() + " on places "
                        + s.placesIndex() + "; this simulation's " + a.name + " agents have capacity " + (a.capacity()
                        == Integer.MAX_VALUE ? "unlimited" : a.capacity()) + ", on places " + places.indexOf(a
                        .places()));
            }
            checkModel(c.model(), c.name, s);
        }
    }

    private static boolean sameGrid(Grid grid, Section s) {
        return Arrays.equals(grid.sizes(), s.sizes()) && grid.boundary() == s.boundary();
    }

    private void checkModel(ModelInfo model, String name, Section s) {
        List<String> file = s.attributes().stream().map(Column::describe).toList();
        List<String> live = new ArrayList<>();
        for (AttributeInfo a : model.attributes()) {
            live.add(new Column(a.name(), a.type(), a.length(), 0).describe());
        }
        List<String> fileShared = s.shared().stream().map(Column::describe).toList();
        List<String> liveShared = new ArrayList<>();
        for (SharedInfo sh : model.shared()) {
            liveShared.add(new Column(sh.name(), sh.type(), Math.max(1, sh.length()), 0).describe());
        }
        if (!file.equals(live) || !fileShared.equals(liveShared)) {
            throw new ColonyException("the checkpoint " + this.file + " holds " + name + " with attributes " + file
                    + (fileShared.isEmpty() ? "" : " and shared " + fileShared) + "; this model has " + live
                    + (liveShared.isEmpty() ? "" : " and shared " + liveShared) + " (the model changed since)");
        }
    }
}
