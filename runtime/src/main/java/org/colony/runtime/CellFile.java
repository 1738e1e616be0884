package org.colony.runtime;

import java.io.BufferedReader;
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
        if (!Files.isRegularFile(file)) {
            throw new ColonyException("load(" + file + "): " + (Files.exists(file) ? "not a regular file"
                    : "no such file"));
        }
        Object[] columns = new Object[attributes.length];
        for (int i = 0; i < columns.length; i++) {
            columns[i] = places.getColumn(attributes[i], 0);
        }
        String expected = String.join(" ", coordinateNames(d)) + " " + String.join(" ", attributes);
        int fields = d + attributes.length;
        BitSet seen = new BitSet();
        long set = 0;
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
                if (!data && !isInteger(f[0])) {
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
                        throw new ColonyException(where + coordinateNames(d)[c] + " '" + f[c] + "' is not an integer; "
                                + "nothing was loaded");
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
                for (int i = 0; i < attributes.length; i++) {
                    store(columns[i], (int) g, f[d + i], types[i], where + attributes[i]);
                }
                set++;
            }
        } catch (IOException e) {
            throw new ColonyException("load(" + file + "): " + e.getMessage());
        }
        for (int i = 0; i < attributes.length; i++) {
            places.setColumn(attributes[i], columns[i]);
        }
        return set;
    }

    private static String[] coordinateNames(int d) {
        return Arrays.copyOf(new String[] {"x", "y", "z"}, d);
    }

    private static boolean isInteger(String s) {
        return s.matches("[+-]?\\d+");
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
