package org.colony.runtime;

import java.io.BufferedReader;
import java.lang.reflect.Array;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import org.colony.ColonyException;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.ScalarType;
import org.colony.runtime.grid.Grid;

/**
 * Reads a cell data file into attributes of places ({@link Places#load}): every line checked, and the columns written
 * only once the whole file has been read, so that a bad file changes nothing.
 */
final class CellFile {

    private CellFile() {
    }

    /** Reads {@code file} into {@code attributes} of {@code places}; returns the number of places it set. */
    static long load(Places<?> places, Path file, String... attributes) {
        ModelInfo model = places.model();
        Grid grid = places.grid();
        int d = grid.dimensions();
        String name = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        if (attributes.length == 0) {
            throw new ColonyException("load(" + name + "): name the attributes the file's columns hold, after the "
                    + d + " coordinates");
        }
        int[] index = new int[attributes.length];
        ScalarType[] types = new ScalarType[attributes.length];
        for (int i = 0; i < attributes.length; i++) {
            index[i] = model.attributeIndex(attributes[i]);
            if (index[i] < 0 || model.attributes().get(index[i]).isArray()) {
                List<String> scalars = new ArrayList<>();
                for (AttributeInfo a : model.attributes()) {
                    if (!a.isArray()) {
                        scalars.add(a.name());
                    }
                }
                throw new ColonyException("load(" + name + "): " + model.modelClass().getSimpleName() + " has no scalar "
                        + "attribute '" + attributes[i] + "'; its scalar attributes are " + String.join(", ", scalars));
            }
            types[i] = model.attributes().get(index[i]).type();
        }
        for (int i = 0; i < attributes.length; i++) {
            for (int j = 0; j < i; j++) {
                if (attributes[i].equals(attributes[j])) {
                    throw new ColonyException("load(" + name + "): attribute '" + attributes[i] + "' is named twice");
                }
            }
        }
        // The file is read and checked before any call that every process of an MPI run makes together, and the
        // processes agree on the outcome, so that a process that cannot read its copy fails them all instead of
        // leaving the others waiting.
        Parsed parsed = null;
        String error = null;
        try {
            parsed = parse(file, name, grid, attributes, types);
        } catch (ColonyException e) {
            error = e.getMessage();
        }
        var cluster = places.sim.cluster();
        if (cluster.distributed()) {
            long failed = cluster.sum(new long[] {error == null ? 0 : 1})[0];
            if (error == null && failed > 0) {
                error = "load(" + name + "): the file could not be loaded on " + failed + " other process"
                        + (failed == 1 ? "" : "es") + " (each process reads its own copy); nothing was loaded";
            }
        }
        if (error != null) {
            throw new ColonyException(error);
        }
        Object[] columns = new Object[attributes.length];
        for (int i = 0; i < columns.length; i++) {
            columns[i] = places.getColumn(attributes[i], 0);
            parsed.copyInto(i, columns[i]);
        }
        for (int i = 0; i < attributes.length; i++) {
            places.setColumn(attributes[i], columns[i]);
        }
        return parsed.count;
    }

    /** The places a file names (global indices) and, per attribute, their values in a column of the file's length. */
    private static final class Parsed {
        int[] where = new int[16];
        Object[] values;
        int count;

        Parsed(ScalarType[] types) {
            values = new Object[types.length];
            for (int i = 0; i < types.length; i++) {
                values[i] = types[i].newArray(16);
            }
        }

        /** Makes room for one more place; returns its row. */
        int add(int g) {
            if (count == where.length) {
                where = Arrays.copyOf(where, count * 2);
                for (int i = 0; i < values.length; i++) {
                    Object bigger = Array.newInstance(values[i].getClass().getComponentType(),
                            count * 2);
                    System.arraycopy(values[i], 0, bigger, 0, count);
                    values[i] = bigger;
                }
            }
            where[count] = g;
            return count++;
        }

        void copyInto(int attribute, Object column) {
            Object from = values[attribute];
            for (int r = 0; r < count; r++) {
                Array.set(column, where[r], Array.get(from, r));
            }
        }
    }

    private static Parsed parse(Path file, String name, Grid grid, String[] attributes, ScalarType[] types) {
        int d = grid.dimensions();
        if (!Files.isRegularFile(file)) {
            throw new ColonyException("load(" + file + "): " + (Files.exists(file) ? "not a regular file"
                    : "no such file"));
        }
        Parsed parsed = new Parsed(types);
        String expected = String.join(" ", coordinateNames(d)) + " " + String.join(" ", attributes);
        int fields = d + attributes.length;
        BitSet seen = new BitSet();
        boolean data = false;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            int number = 0;
            while ((line = in.readLine()) != null) {
                number++;
                String text = line.strip();
                if (text.isEmpty() || text.startsWith("#")) {
                    continue;
                }
                String[] f = text.split("[\\s,;]+");
                if (!data && Arrays.stream(f).anyMatch(CellFile::notNumber)) {
                    data = true; // a header line naming the columns
                    continue;
                }
                data = true;
                String where = name + " line " + number + ": ";
                if (f.length != fields) {
                    throw new ColonyException(where + f.length + " fields, expected " + fields + " (" + expected
                            + "); nothing was loaded");
                }
                long g = 0;
                long stride = 1;
                for (int c = 0; c < d; c++) {
                    long v;
                    try {
                        v = Long.parseLong(f[c]);
                    } catch (NumberFormatException e) {
                        throw new ColonyException(where + coordinateNames(d)[c] + " '" + f[c] + "' is not an integer"
                                + " (only the first line may be a header); nothing was loaded");
                    }
                    if (v < 0 || v >= grid.size(c)) {
                        throw new ColonyException(where + coordinateNames(d)[c] + " = " + v + " is outside the grid "
                                + grid + "; nothing was loaded");
                    }
                    g += v * stride;
                    stride *= grid.size(c);
                }
                if (seen.get((int) g)) {
                    throw new ColonyException(where + "the place (" + String.join(", ", Arrays.copyOf(f, d))
                            + ") was given before; nothing was loaded");
                }
                seen.set((int) g);
                int row = parsed.add((int) g);
                for (int i = 0; i < attributes.length; i++) {
                    store(parsed.values[i], row, f[d + i], types[i], where + attributes[i]);
                }
            }
        } catch (IOException e) {
            throw new ColonyException("load(" + file + "): " + e.getMessage());
        }
        return parsed;
    }

    private static String[] coordinateNames(int d) {
        return Arrays.copyOf(new String[] {"x", "y", "z"}, d);
    }

    /** Whether a field is not a number of any form (so that its line is a header). */
    private static boolean notNumber(String s) {
        if (s.equals("true") || s.equals("false")) {
            return false;
        }
        try {
            Double.parseDouble(s);
            return false;
        } catch (NumberFormatException e) {
            return true;
        }
    }

    /** Parses {@code text} as a value of {@code type} into {@code column[g]}. */
    private static void store(Object column, int g, String text, ScalarType type, String what) {
        try {
            switch (type) {
                case DOUBLE -> ((double[]) column)[g] = Double.parseDouble(text);
                case FLOAT -> ((float[]) column)[g] = Float.parseFloat(text);
                case LONG -> ((long[]) column)[g] = Long.parseLong(text);
                case INT -> ((int[]) column)[g] = Integer.parseInt(text);
                case SHORT -> ((short[]) column)[g] = Short.parseShort(text);
                case BYTE -> ((byte[]) column)[g] = Byte.parseByte(text);
                case BOOLEAN -> {
                    if (!text.equals("true") && !text.equals("false") && !text.equals("1") && !text.equals("0")) {
                        throw new NumberFormatException();
                    }
                    ((boolean[]) column)[g] = text.equals("true") || text.equals("1");
                }
            }
        } catch (NumberFormatException e) {
            String t = type.name().toLowerCase();
            throw new ColonyException(what + " '" + text + "' is not " + (t.startsWith("i") ? "an " : "a ") + t
                    + (type == ScalarType.BOOLEAN ? " (true, false, 1 or 0)" : "") + "; nothing was loaded");
        }
    }
}
