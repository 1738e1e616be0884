package org.colony.runtime;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Array;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.colony.ColonyException;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.SharedInfo;
import org.colony.runtime.agents.ManageReport;
import org.colony.runtime.checkpoint.CheckpointOutput;
import org.colony.runtime.cluster.Cluster;
import org.colony.runtime.files.AtomicFile;
import org.colony.runtime.graph.Graph;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.spi.Store;

/**
 * Writes a simulation's checkpoint ({@link Checkpoint} describes the file): every collection with its attributes and
 * shared values, agents with their ids, places, ordinals and next id, the seed, epoch and time, and the driver's own
 * values. Over MPI ranks every rank reads the columns (collectives) and rank 0 writes.
 */
final class CheckpointWriter {

    /** The tags of the driver's values. */
    static final int LONG = 1;
    static final int DOUBLE = 2;
    static final int BOOLEAN = 3;
    static final int STRING = 4;
    static final int LONGS = 5;
    static final int DOUBLES = 6;
    static final int INTS = 7;

    /** The kinds of collection. */
    static final int PLACES = 1;
    static final int AGENTS = 2;

    private CheckpointWriter() {
    }

    /**
     * Writes {@code sim}'s checkpoint to {@code file} atomically.
     *
     * @throws ColonyException where a driver value is of a type a checkpoint does not hold, agents have intents no
     *     manageAll carried out yet, or the file cannot be written (what was at the path is left)
     */
    static void write(Simulation sim, Path file, Map<String, ?> values, List<Places<?>> places,
            List<Agents<?>> agents) {
        checkValues(values);
        for (Agents<?> a : agents) {
            if (a.intentsPending()) {
                throw new ColonyException("cannot checkpoint " + file + " now: a step asked " + a.name + " agents for "
                        + "deaths, moves or children that no manageAll carried out yet; checkpoint after manageAll "
                        + "(at the end of a tick)");
            }
        }
        // Every rank reads the columns (collectives) and rank 0 writes them: all go through the same reads even
        // where rank 0 cannot write, and then agree on whether the checkpoint was written.
        ColonyException failed = null;
        boolean[] read = new boolean[1];
        if (sim.rank() == 0) {
            try {
                AtomicFile.write(file, out -> {
                    read[0] = true;
                    body(sim, out, values, places, agents);
                });
            } catch (ColonyException e) {
                failed = e;
            }
        }
        if (!read[0]) {
            try {
                body(sim, OutputStream.nullOutputStream(), values, places, agents);
            } catch (IOException e) {
                throw new IllegalStateException("a null stream failed", e);
            }
        }
        Cluster cluster = sim.cluster();
        if (cluster.max(failed == null ? 0 : 1) != 0) {
            throw failed != null ? failed : new ColonyException("rank 0 could not write the checkpoint " + file
                    + "; see its message");
        }
    }

    private static void checkValues(Map<String, ?> values) {
        if (values == null) {
            throw new ColonyException("checkpoint(file, values) needs a map of values (Map.of() for none)");
        }
        for (Map.Entry<String, ?> e : values.entrySet()) {
            Object v = e.getValue();
            if (e.getKey() == null || !(v instanceof Long || v instanceof Integer || v instanceof Short
                    || v instanceof Byte || v instanceof Double || v instanceof Float || v instanceof Boolean
                    || v instanceof String || v instanceof long[] || v instanceof double[] || v instanceof int[])) {
                throw new ColonyException("the checkpoint value " + e.getKey() + " = " + v + " is not one a checkpoint "
                        + "holds: give a whole number, a double, a boolean, a string, or a long[], double[] or int[]");
            }
        }
    }

    /** {@return how a checkpoint names the graph places are on: {@code graph:} and its fingerprint in hex} */
    static String graphText(Graph graph) {
        return "graph:" + String.format("%016x", graph.fingerprint());
    }

    private static void body(Simulation sim, OutputStream stream, Map<String, ?> values, List<Places<?>> places,
            List<Agents<?>> agents) throws IOException {
        CheckpointOutput out = new CheckpointOutput(stream);
        out.str(Simulation.VERSION);
        out.i64(sim.seed());
        out.i64(sim.epoch());
        out.i64(sim.time());
        out.i32(values.size());
        for (Map.Entry<String, ?> e : values.entrySet()) {
            out.str(e.getKey());
            value(out, e.getValue());
        }
        out.i32(places.size());
        out.i32(agents.size());
        for (Places<?> p : places) {
            out.u8(PLACES);
            out.str(p.modelClass().getName());
            grid(out, p.grid(), p.graph());
            shared(out, p);
            attributes(out, p, p.store(), p.size());
        }
        for (Agents<?> a : agents) {
            out.u8(AGENTS);
            out.str(a.modelClass().getName());
            out.i32(places.indexOf(a.places()));
            out.i32(a.capacity());
            long n = a.size();
            out.i64(n);
            out.i64(a.nextId());
            ManageReport r = a.lastReport();
            for (long v : new long[] {r.deaths(), r.births(), r.moves(), r.movesRefused(), r.birthsRefused(),
                r.movesOutside(), r.population()}) {
                out.i64(v);
            }
            out.column(a.work("checkpoint " + a.name, a.store()::ids));
            out.column(a.work("checkpoint " + a.name, a.store()::places));
            out.column(a.work("checkpoint " + a.name, a.store()::ordinals));
            shared(out, a);
            attributes(out, a, a.store(), n);
        }
        out.finish();
    }

    private static void value(CheckpointOutput out, Object v) {
        switch (v) {
            case Double d -> {
                out.u8(DOUBLE);
                out.f64(d);
            }
            case Float f -> {
                out.u8(DOUBLE);
                out.f64(f);
            }
            case Number n -> {
                out.u8(LONG);
                out.i64(n.longValue());
            }
            case Boolean b -> {
                out.u8(BOOLEAN);
                out.u8(b ? 1 : 0);
            }
            case String s -> {
                out.u8(STRING);
                out.str(s);
            }
            default -> {
                out.u8(v instanceof long[] ? LONGS : v instanceof double[] ? DOUBLES : INTS);
                out.i32(Array.getLength(v));
                out.column(v);
            }
        }
    }

    /** The grid: its sizes and boundary, or for places on a graph the 1-D grid and {@code graph:} its fingerprint. */
    private static void grid(CheckpointOutput out, Grid grid, Graph graph) {
        out.i32(grid.dimensions());
        for (int d = 0; d < grid.dimensions(); d++) {
            out.i32(grid.size(d));
        }
        out.str(graph != null ? graphText(graph) : grid.boundary().name());
    }

    private static void shared(CheckpointOutput out, ModelCollection<?> c) {
        List<SharedInfo> shared = c.model().shared();
        out.i32(shared.size());
        for (int i = 0; i < shared.size(); i++) {
            SharedInfo s = shared.get(i);
            Object v = c.sharedValues(i);
            out.str(s.name());
            out.str(s.type().name());
            out.i32(Array.getLength(v));
            out.column(v);
        }
    }

    private static void attributes(CheckpointOutput out, ModelCollection<?> c, Store store, long count) {
        ModelInfo model = c.model();
        if (count > Integer.MAX_VALUE - 8) {
            throw new ColonyException(c.name + " has " + count + " instances, more than a checkpoint's column holds");
        }
        out.i32(model.attributes().size());
        for (int a = 0; a < model.attributes().size(); a++) {
            AttributeInfo info = model.attributes().get(a);
            out.str(info.name());
            out.str(info.type().name());
            out.i32(info.length()); // 0 for a scalar
            for (int k = 0; k < info.columns(); k++) {
                Object column = info.type().newArray((int) count);
                int attribute = a;
                int element = k;
                c.work("checkpoint " + c.name, () -> store.read(attribute, element, column));
                out.column(column);
            }
        }
    }
}
