package org.colony.runtime;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import org.colony.ColonyException;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.ScalarType;
import org.colony.runtime.Checkpoint.Column;
import org.colony.runtime.Checkpoint.Section;
import org.colony.runtime.agents.ManageReport;
import org.colony.runtime.checkpoint.CheckpointInput;
import org.colony.runtime.grid.Boundary;

/**
 * The collections of a checkpoint: walked and checked when the file is read ({@link #section}), restored into a
 * simulation that matches them ({@link #restore}). Every check that can refuse the file runs before the first value
 * is restored; what fails after that (the disk, a file changed in between) leaves the simulation failed rather than
 * half-restored and usable.
 */
final class CheckpointSections {

    /** Values checked at a time when agents' ids, places and ordinals are walked. */
    private static final int CHUNK = 1 << 16;

    private CheckpointSections() {
    }

    /** Walks and checks the next collection of the file, of kind {@code kind}. */
    static Section section(CheckpointInput in, int kind, List<Section> before, int placeCount) {
        int index = before.size();
        int k = in.u8();
        if (k != kind) {
            throw in.refuse("collection " + index + " is of kind " + k + ", not " + kind);
        }
        String model = in.str();
        if (kind == CheckpointWriter.PLACES) {
            int dims = in.i32();
            if (dims < 1 || dims > 3) {
                throw in.refuse(model + " on a grid of " + dims + " dimensions");
            }
            int[] sizes = new int[dims];
            long cells = 1;
            for (int d = 0; d < dims; d++) {
                sizes[d] = in.i32();
                if (sizes[d] < 1) {
                    throw in.refuse(model + " on a grid of size " + sizes[d]);
                }
                cells *= sizes[d];
                if (cells > Integer.MAX_VALUE - 8) {
                    throw in.refuse(model + " on a grid of more than " + (Integer.MAX_VALUE - 8) + " places");
                }
            }
            String where = in.str();
            String graph = null;
            if (where.startsWith("graph:") && dims == 1) {
                graph = where; // places on a graph's vertices: a 1-D grid, and the graph's fingerprint
                where = Boundary.ABSENT.name();
            }
            Boundary boundary = boundary(in, where);
            List<Column> shared = shared(in, model);
            List<Column> attributes = attributes(in, model, (int) cells);
            return new Section(kind, model, sizes, boundary, graph, -1, 0, (int) cells, 0, null, -1, -1, -1, shared,
                    attributes);
        }
        int placesIndex = in.i32();
        if (placesIndex < 0 || placesIndex >= placeCount) {
            throw in.refuse(model + " agents on place collection " + placesIndex + " of " + placeCount);
        }
        Section on = before.get(placesIndex);
        int capacity = in.i32();
        if (capacity < 1) {
            throw in.refuse(model + " agents of capacity " + capacity);
        }
        int count = in.count(in.i64(), 20, model + " agents");
        long nextId = in.i64();
        if (nextId < 0) {
            throw in.refuse(model + " agents' next id " + nextId);
        }
        long[] report = new long[7];
        for (int i = 0; i < report.length; i++) {
            report[i] = in.i64();
        }
        if (report[6] != count) {
            throw in.refuse(model + " agents' last report counts " + report[6] + " of them, the file " + count);
        }
        long idsAt = in.position();
        long last = -1;
        for (int i = 0; i < count; i += CHUNK) {
            for (long id : (long[]) in.column(ScalarType.LONG, Math.min(CHUNK, count - i))) {
                if (id <= last || id >= nextId) {
                    throw in.refuse(model + " agent ids out of order or not below the next id " + nextId);
                }
                last = id;
            }
        }
        long placesAt = in.position();
        for (int i = 0; i < count; i += CHUNK) {
            for (long p : (long[]) in.column(ScalarType.LONG, Math.min(CHUNK, count - i))) {
                if (p < 0 || p >= on.count()) {
                    throw in.refuse(model + " agent on place " + p + ", off the grid of " + on.count() + " places");
                }
            }
        }
        long ordinalsAt = in.position();
        for (int i = 0; i < count; i += CHUNK) {
            for (int o : (int[]) in.column(ScalarType.INT, Math.min(CHUNK, count - i))) {
                if (o < -1) {
                    throw in.refuse(model + " agent of ordinal " + o);
                }
            }
        }
        List<Column> shared = shared(in, model);
        List<Column> attributes = attributes(in, model, count);
        return new Section(kind, model, on.sizes(), on.boundary(), on.graph(), placesIndex, capacity, count, nextId, report, idsAt,
                placesAt, ordinalsAt, shared, attributes);
    }

    private static Boundary boundary(CheckpointInput in, String name) {
        for (Boundary b : Boundary.values()) {
            if (b.name().equals(name)) {
                return b;
            }
        }
        throw in.refuse("a grid boundary '" + name + "'");
    }

    private static ScalarType type(CheckpointInput in, String name) {
        for (ScalarType t : ScalarType.values()) {
            if (t.name().equals(name)) {
                return t;
            }
        }
        throw in.refuse("a value type '" + name + "'");
    }

    private static List<Column> shared(CheckpointInput in, String model) {
        int n = in.count(in.i32(), 9, model + " shared values");
        List<Column> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String name = in.str();
            ScalarType type = type(in, in.str());
            int length = in.count(in.i32(), type.bytes(), model + "." + name);
            out.add(new Column(name, type, length, in.skip((long) length * type.bytes())));
        }
        return out;
    }

    private static List<Column> attributes(CheckpointInput in, String model, int count) {
        int n = in.count(in.i32(), 9, model + " attributes");
        List<Column> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String name = in.str();
            ScalarType type = type(in, in.str());
            int length = in.i32();
            if (length < 0 || length > 1 << 20) {
                throw in.refuse(model + "." + name + " of length " + length);
            }
            long bytes = (long) Math.max(1, length) * count * type.bytes();
            if (bytes > in.remaining()) {
                throw in.refuse(model + "." + name + ": more values than the file holds");
            }
            out.add(new Column(name, type, length, in.skip(bytes)));
        }
        return out;
    }

    /**
     * Restores {@code checkpoint} into {@code sim}, whose collections it matches ({@link Checkpoint#checkMatches}).
     *
     * @throws ColonyException where the file changed since it was read, or its agents overfill a place (nothing
     *     restored); where reading fails later, the simulation is failed
     */
    static void restore(Simulation sim, Checkpoint checkpoint, List<Places<?>> places, List<Agents<?>> agents) {
        List<Section> sections = checkpoint.sections();
        try (CheckpointInput in = CheckpointInput.open(checkpoint.file())) {
            if (in.checksum() != checkpoint.checksum()) {
                throw new ColonyException("the checkpoint " + checkpoint.file() + " changed while it was read; "
                        + "resume again");
            }
            for (int i = 0; i < agents.size(); i++) {
                checkCapacity(in, sections.get(places.size() + i), agents.get(i));
            }
            try {
                for (int i = 0; i < places.size(); i++) {
                    restorePlaces(in, sections.get(i), places.get(i));
                }
                for (int i = 0; i < agents.size(); i++) {
                    restoreAgents(in, sections.get(places.size() + i), agents.get(i));
                }
            } catch (RuntimeException e) {
                ColonyException failed = new ColonyException("resuming from " + checkpoint.file() + " failed half-way ("
                        + e.getMessage() + "); the simulation holds part of it and can only be closed", e);
                sim.usage().fail(failed);
                throw failed;
            }
        }
    }

    private static void checkCapacity(CheckpointInput in, Section s, Agents<?> agents) {
        if (s.capacity() == Integer.MAX_VALUE) {
            return;
        }
        long[] at = (long[]) in.column(s.placesAt(), ScalarType.LONG, s.count());
        int[] held = new int[(int) agents.places().grid().cells()];
        for (long p : at) {
            if (p < 0 || p >= held.length) {
                throw new ColonyException("the checkpoint " + in.file() + " changed while it was read; resume again");
            }
            if (++held[(int) p] > s.capacity()) {
                throw new ColonyException("the checkpoint " + in.file() + " puts more than " + s.capacity() + " "
                        + agents.name + " agents on place " + p + ", their capacity");
            }
        }
    }

    private static void restorePlaces(CheckpointInput in, Section s, Places<?> places) {
        for (int a = 0; a < s.attributes().size(); a++) {
            Column c = s.attributes().get(a);
            for (int k = 0; k < c.columns(); k++) {
                Object values = in.column(c.offset() + (long) k * s.count() * c.type().bytes(), c.type(), s.count());
                int attribute = a;
                int element = k;
                places.work("resume " + places.name, () -> places.store().write(attribute, element, values));
            }
        }
        restoreShared(in, s, places);
    }

    private static void restoreAgents(CheckpointInput in, Section s, Agents<?> agents) {
        int n = s.count();
        long[] ids = (long[]) in.column(s.idsAt(), ScalarType.LONG, n);
        long[] at = (long[]) in.column(s.placesAt(), ScalarType.LONG, n);
        int[] ordinals = (int[]) in.column(s.ordinalsAt(), ScalarType.INT, n);
        Object[] values = new Object[s.attributes().size()];
        for (int a = 0; a < values.length; a++) {
            Column c = s.attributes().get(a);
            AttributeInfo info = agents.model().attributes().get(a);
            if (!info.isArray()) {
                values[a] = in.column(c.offset(), c.type(), n);
                continue;
            }
            Object[] elements = (Object[]) Array.newInstance(c.type().primitive().arrayType(), c.columns());
            for (int k = 0; k < c.columns(); k++) {
                elements[k] = in.column(c.offset() + (long) k * n * c.type().bytes(), c.type(), n);
            }
            values[a] = elements;
        }
        long[] r = s.report();
        agents.restore(ids, at, ordinals, values, s.nextId(), new ManageReport(r[0], r[1], r[2], r[3], r[4], r[5],
                r[6]));
        restoreShared(in, s, agents);
    }

    private static void restoreShared(CheckpointInput in, Section s, ModelCollection<?> c) {
        for (int i = 0; i < s.shared().size(); i++) {
            Column sh = s.shared().get(i);
            c.restoreShared(i, in.column(sh.offset(), sh.type(), sh.length()));
        }
    }
}
