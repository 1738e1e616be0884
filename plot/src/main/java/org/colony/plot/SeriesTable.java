package org.colony.plot;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.colony.ColonyException;

/**
 * The columns of a time-series CSV file, as numbers: a header of names (no quotes: a {@code TimeSeries} writes none),
 * then one row of numbers per recorded step. {@code NaN} and the infinities are read as Java writes them.
 *
 * @param columns the values of every column by name, in the file's order
 */
public record SeriesTable(Map<String, double[]> columns) {

    /**
     * {@return the table in {@code file}}
     *
     * @param file the CSV file
     * @throws ColonyException where it cannot be read, has no header or no {@code step} column, or a row has another
     *     number of fields or a field that is not a number
     */
    public static SeriesTable read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ColonyException("cannot read " + file + ": " + e.getMessage());
        }
        if (lines.isEmpty() || lines.get(0).isBlank()) {
            throw new ColonyException(file + " is empty; a time series starts with a header: step,time,...");
        }
        String[] names = lines.get(0).split(",", -1);
        if (!names[0].equals("step")) {
            throw new ColonyException(file + " is not a time series: its first column is '" + names[0] + "', not step");
        }
        List<String> rows = lines.subList(1, lines.size()).stream().filter(l -> !l.isEmpty()).toList();
        double[][] values = new double[names.length][rows.size()];
        for (int r = 0; r < rows.size(); r++) {
            String[] fields = rows.get(r).split(",", -1);
            if (fields.length != names.length) {
                throw new ColonyException(file + " line " + (r + 2) + " has " + fields.length + " fields, the header "
                        + names.length);
            }
            for (int c = 0; c < names.length; c++) {
                try {
                    values[c][r] = Double.parseDouble(fields[c]);
                } catch (NumberFormatException e) {
                    throw new ColonyException(file + " line " + (r + 2) + ": " + names[c] + "=" + fields[c]
                            + " is not a number");
                }
            }
        }
        Map<String, double[]> columns = new LinkedHashMap<>();
        for (int c = 0; c < names.length; c++) {
            if (columns.put(names[c], values[c]) != null) {
                throw new ColonyException(file + " has two columns named " + names[c]);
            }
        }
        return new SeriesTable(columns);
    }

    /**
     * {@return the columns to draw: those named, in that order, or every one but step and time where none is}
     *
     * @param named the names asked for
     * @throws ColonyException naming a column the file does not hold, and the ones it does
     */
    public List<String> choose(List<String> named) {
        List<String> out = new ArrayList<>();
        if (named.isEmpty()) {
            for (String c : columns.keySet()) {
                if (!c.equals("step") && !c.equals("time")) {
                    out.add(c);
                }
            }
            return out;
        }
        for (String c : named) {
            if (!columns.containsKey(c.trim())) {
                throw new ColonyException("--series " + c + ": no such column; columns: "
                        + String.join(", ", columns.keySet()));
            }
            out.add(c.trim());
        }
        return out;
    }
}
