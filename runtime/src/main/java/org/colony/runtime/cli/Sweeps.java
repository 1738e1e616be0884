package org.colony.runtime.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.colony.ColonyException;

/**
 * The runs of a {@code mass sweep}: the values of each {@code --param NAME=VALUES} (a list or a range), the seeds,
 * and every combination of them, in order: the first parameter changes slowest, the seed fastest.
 */
final class Sweeps {

    /** The most runs one sweep may have. */
    static final int MAX_RUNS = 1_000_000;

    private Sweeps() {
    }

    /** {@return the parameters' names, in the order given} */
    static List<String> paramNames(List<String> params) {
        return new ArrayList<>(values(params).keySet());
    }

    /** {@return each parameter's values, in the order given} */
    static Map<String, List<String>> values(List<String> params) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String p : params) {
            int eq = p.indexOf('=');
            if (eq <= 0 || eq == p.length() - 1) {
                throw new ColonyException("--param " + p + ": write NAME=V1,V2,... or NAME=FIRST:LAST:STEP");
            }
            String name = p.substring(0, eq);
            if (out.containsKey(name)) {
                throw new ColonyException("--param " + name + " is given twice; give all its values in one");
            }
            String text = p.substring(eq + 1);
            out.put(name, text.contains(":") ? range(p, text) : List.of(text.split(",", -1)));
            if (out.get(name).stream().anyMatch(String::isBlank)) {
                throw new ColonyException("--param " + p + ": a value is empty");
            }
        }
        return out;
    }

    /** The values FIRST, FIRST + STEP, ... up to LAST (included where reached), exactly as decimals. */
    private static List<String> range(String param, String text) {
        String[] parts = text.split(":", -1);
        BigDecimal first;
        BigDecimal last;
        BigDecimal step;
        try {
            if (parts.length != 3) {
                throw new NumberFormatException();
            }
            first = new BigDecimal(parts[0].trim());
            last = new BigDecimal(parts[1].trim());
            step = new BigDecimal(parts[2].trim());
        } catch (NumberFormatException e) {
            throw new ColonyException("--param " + param + ": a range is FIRST:LAST:STEP, three numbers");
        }
        if (step.signum() <= 0 || last.compareTo(first) < 0) {
            throw new ColonyException("--param " + param + ": a range needs a positive STEP and LAST at least FIRST");
        }
        List<String> out = new ArrayList<>();
        for (BigDecimal v = first; v.compareTo(last) <= 0; v = v.add(step)) {
            out.add(v.stripTrailingZeros().toPlainString());
            if (out.size() > MAX_RUNS) {
                throw new ColonyException("--param " + param + ": more than " + MAX_RUNS + " values");
            }
        }
        return out;
    }

    /** {@return the seeds of {@code text}: a list (1,5,9) or a range (1..20)} */
    static List<Long> seeds(String text) {
        List<Long> out = new ArrayList<>();
        try {
            int dots = text.indexOf("..");
            if (dots >= 0) {
                long first = Long.parseLong(text.substring(0, dots).trim());
                long last = Long.parseLong(text.substring(dots + 2).trim());
                if (last < first || last - first >= MAX_RUNS) {
                    throw new ColonyException("--seeds " + text + ": a range FIRST..LAST needs LAST at least FIRST and "
                            + "at most " + MAX_RUNS + " seeds");
                }
                for (long s = first; s <= last; s++) {
                    out.add(s);
                }
            } else {
                for (String s : text.split(",", -1)) {
                    out.add(Long.parseLong(s.trim()));
                }
            }
        } catch (NumberFormatException e) {
            throw new ColonyException("--seeds " + text + ": give whole numbers, as a list (1,5,9) or a range (1..20)");
        }
        return out;
    }

    /** {@return every combination of the parameters' values and the seeds, numbered from 0} */
    static List<SweepCommand.Run> runs(Map<String, List<String>> values, List<Long> seeds) {
        List<Map<String, String>> combos = new ArrayList<>();
        combos.add(new LinkedHashMap<>());
        for (Map.Entry<String, List<String>> p : values.entrySet()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> c : combos) {
                for (String v : p.getValue()) {
                    Map<String, String> m = new LinkedHashMap<>(c);
                    m.put(p.getKey(), v);
                    next.add(m);
                }
            }
            combos = next;
            if ((long) combos.size() * seeds.size() > MAX_RUNS) {
                throw new ColonyException("the sweep would have more than " + MAX_RUNS + " runs");
            }
        }
        List<SweepCommand.Run> runs = new ArrayList<>();
        for (Map<String, String> c : combos) {
            for (long s : seeds) {
                runs.add(new SweepCommand.Run(runs.size(), s, Map.copyOf(c)));
            }
        }
        return runs;
    }

    /** {@return a fingerprint of the runs (their seeds and values, in order), to tell one sweep's file from another's} */
    static String fingerprint(List<SweepCommand.Run> runs, List<String> names) {
        long h = 1125899906842597L;
        for (SweepCommand.Run r : runs) {
            StringBuilder sb = new StringBuilder().append(r.seed());
            for (String n : names) {
                sb.append('\u0001').append(n).append('=').append(r.params().get(n));
            }
            for (char c : sb.append('\u0002').toString().toCharArray()) {
                h = 31 * h + c;
            }
        }
        return Long.toHexString(h);
    }

    /** {@return ", name=value, ..." of a run's parameters, for messages} */
    static String text(Map<String, String> params) {
        StringBuilder sb = new StringBuilder();
        params.forEach((k, v) -> sb.append(", ").append(k).append('=').append(v));
        return sb.toString();
    }

    /** Deletes a folder and what it holds (the runs' own files), quietly. */
    static void deleteTree(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException | UncheckedIOException e) {
            // a temporary folder left behind is no reason to fail a sweep, nor to hide why it failed (a run still
            // ending may remove a file while the walk lists the folder)
        }
    }
}
