package org.colony.runtime.record;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.colony.ColonyException;
import org.colony.runtime.Agents;
import org.colony.runtime.ModelCollection;

/**
 * One series in text, as {@code mass run --series} takes it: {@code Bug.population}, {@code Bug.size.mean} (also
 * {@code sum}, {@code min}, {@code max}), {@code Cell.history[2].sum}, {@code Cell.count(isBurning)} (a predicate
 * step without parameters), {@code Bug.size.hist(0:10:10)} (lo:hi:bins), and grouped by an integral key attribute
 * {@code Bug.size.mean.by(kind:0:3)} (key:first:last) and {@code Bug.count.by(kind:0:3)}. A collection is named by
 * its model class's simple name, in any case. The text is checked in two stages: its form by {@link #parse} (before a
 * simulation exists), its names by {@link #declare} (once the collections do).
 *
 * @param text the series as given, for messages
 * @param collection the collection's name
 * @param attribute the attribute ({@code name} or {@code name[k]}), or the predicate of a count; "" for a population
 * @param kind {@code population}, {@code count}, {@code sum}, {@code min}, {@code max}, {@code mean} or {@code hist}
 * @param lo a histogram's lower edge
 * @param hi a histogram's upper edge
 * @param bins a histogram's number of bins
 * @param key the key attribute of a grouped statistic or count; null where there is none
 * @param first the first key with a column of its own
 * @param last the last key with a column of its own
 */
public record SeriesSpec(String text, String collection, String attribute, String kind, double lo, double hi,
        int bins, String key, long first, long last) {

    private static final String FORMS = "write COLLECTION.population, COLLECTION.count(PREDICATE), "
            + "COLLECTION.ATTR.sum (or min, max, mean), COLLECTION.ATTR.hist(LO:HI:BINS), "
            + "COLLECTION.ATTR.mean.by(KEY:FIRST:LAST) or COLLECTION.count.by(KEY:FIRST:LAST)";

    /**
     * {@return the series of a comma-separated list, each checked for its form}
     *
     * @param list series separated by commas
     * @throws ColonyException naming the first series that is malformed
     */
    public static List<SeriesSpec> parse(String list) {
        List<SeriesSpec> out = new ArrayList<>();
        for (String item : list.split(",", -1)) {
            out.add(parseOne(item.trim()));
        }
        return out;
    }

    private static SeriesSpec parseOne(String text) {
        int dot = text.indexOf('.');
        if (text.isEmpty() || dot <= 0 || dot == text.length() - 1) {
            throw malformed(text, FORMS);
        }
        String collection = text.substring(0, dot);
        String rest = text.substring(dot + 1);
        int by = rest.indexOf(".by(");
        if (by >= 0) {
            return grouped(text, collection, rest.substring(0, by), rest.substring(by + 1));
        }
        if (rest.equals("population")) {
            return new SeriesSpec(text, collection, "", "population", 0, 0, 0, null, 0, 0);
        }
        if (rest.startsWith("count(") && rest.endsWith(")")) {
            String predicate = rest.substring(6, rest.length() - 1).trim();
            if (!predicate.matches("[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*")) {
                throw malformed(text, "name one predicate step without parameters: COLLECTION.count(PREDICATE)");
            }
            return new SeriesSpec(text, collection, predicate, "count", 0, 0, 0, null, 0, 0);
        }
        int last = rest.lastIndexOf('.', rest.indexOf('(') < 0 ? rest.length() : rest.indexOf('('));
        if (last <= 0) {
            throw malformed(text, FORMS);
        }
        String attribute = rest.substring(0, last);
        String kind = rest.substring(last + 1);
        if (kind.startsWith("hist(") && kind.endsWith(")")) {
            String[] parts = kind.substring(5, kind.length() - 1).split(":", -1);
            if (parts.length != 3) {
                throw malformed(text, "a histogram is ATTR.hist(LO:HI:BINS), like size.hist(0:10:10)");
            }
            try {
                double lo = Double.parseDouble(parts[0].trim());
                double hi = Double.parseDouble(parts[1].trim());
                int bins = Integer.parseInt(parts[2].trim());
                if (!Double.isFinite(lo) || !Double.isFinite(hi) || !(lo < hi) || !Double.isFinite(hi - lo)) {
                    throw malformed(text, "the range " + parts[0] + ":" + parts[1] + " is empty or not finite; give "
                            + "finite LO < HI");
                }
                if (bins < 1 || bins > Histogram.MOST_BINS) {
                    throw malformed(text, "bins=" + bins + " is out of range; use 1 to " + Histogram.MOST_BINS);
                }
                return new SeriesSpec(text, collection, attribute, "hist", lo, hi, bins, null, 0, 0);
            } catch (NumberFormatException e) {
                throw malformed(text, "LO and HI of hist(LO:HI:BINS) are numbers and BINS a whole number");
            }
        }
        if (!List.of("sum", "min", "max", "mean").contains(kind)) {
            throw malformed(text, "'" + kind + "' is no statistic; " + FORMS);
        }
        return new SeriesSpec(text, collection, attribute, kind, 0, 0, 0, null, 0, 0);
    }

    /** {@code ATTR.STAT.by(KEY:FIRST:LAST)} or {@code count.by(KEY:FIRST:LAST)}: {@code head} and {@code by(...)}. */
    private static SeriesSpec grouped(String text, String collection, String head, String by) {
        String[] parts = by.endsWith(")") ? by.substring(3, by.length() - 1).split(":", -1) : new String[0];
        if (parts.length != 3 || parts[0].isBlank()) {
            throw malformed(text, "a grouped series is ATTR.STAT.by(KEY:FIRST:LAST) or count.by(KEY:FIRST:LAST), "
                    + "like size.mean.by(kind:0:3)");
        }
        long first;
        long last;
        try {
            first = Long.parseLong(parts[1].trim());
            last = Long.parseLong(parts[2].trim());
        } catch (NumberFormatException e) {
            throw malformed(text, "FIRST and LAST of by(KEY:FIRST:LAST) are whole numbers");
        }
        if (last < first || last - first >= Grouped.MOST_KEYS) {
            throw malformed(text, "keys " + first + " to " + last + " are out of range; give FIRST <= LAST, at most "
                    + Grouped.MOST_KEYS + " keys");
        }
        String key = parts[0].trim();
        if (head.equals("count")) {
            return new SeriesSpec(text, collection, "", "count", 0, 0, 0, key, first, last);
        }
        int dot = head.lastIndexOf('.');
        String kind = dot < 0 ? "" : head.substring(dot + 1);
        if (dot <= 0 || !List.of("sum", "min", "max", "mean").contains(kind)) {
            throw malformed(text, "group a statistic (ATTR.sum, min, max or mean) or count: "
                    + "ATTR.mean.by(KEY:FIRST:LAST), count.by(KEY:FIRST:LAST)");
        }
        return new SeriesSpec(text, collection, head.substring(0, dot), kind, 0, 0, 0, key, first, last);
    }

    private static ColonyException malformed(String text, String why) {
        return new ColonyException("--series " + (text.isEmpty() ? "(an empty series)" : text) + ": " + why);
    }

    /**
     * Declares this series on {@code series}, its collection and names looked up among {@code collections}.
     *
     * @param series the recorder
     * @param collections the run's places and agents
     * @throws ColonyException naming this series and what it names that is missing or wrong
     */
    public void declare(TimeSeries series, List<? extends ModelCollection<?>> collections) {
        ModelCollection<?> found = null;
        List<String> names = new ArrayList<>();
        for (ModelCollection<?> c : collections) {
            String name = Names.of(c);
            names.add(name);
            if (name.toLowerCase(Locale.ROOT).equals(collection.toLowerCase(Locale.ROOT))) {
                if (found != null) {
                    throw new ColonyException("--series " + text + ": two collections are named " + name);
                }
                found = c;
            }
        }
        if (found == null) {
            throw new ColonyException("--series " + text + ": no collection '" + collection + "'; collections: "
                    + String.join(", ", names));
        }
        try {
            if (key != null && kind.equals("count")) {
                series.countBy(found, key, first, last);
                return;
            }
            if (key != null) {
                series.grouped(kind, found, attribute, key, first, last);
                return;
            }
            switch (kind) {
                case "population" -> {
                    if (!(found instanceof Agents<?> agents)) {
                        throw new ColonyException(Names.of(found) + " are places; a population counts agents");
                    }
                    series.population(agents);
                }
                case "count" -> series.count(found, attribute);
                case "sum" -> series.sum(found, attribute);
                case "min" -> series.min(found, attribute);
                case "max" -> series.max(found, attribute);
                case "mean" -> series.mean(found, attribute);
                case "hist" -> series.histogram(found, attribute, lo, hi, bins);
                default -> throw new IllegalStateException(kind);
            }
        } catch (ColonyException e) {
            throw new ColonyException("--series " + text + ": " + e.getMessage());
        }
    }
}
