package org.colony.runtime.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.colony.ColonyException;
import org.colony.runtime.Agents;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.io.OutputFiles;
import org.colony.runtime.io.StateFile;

/**
 * The {@code --dump [WHAT=]FILE.npz[@PERIOD]} options of {@code mass run}: state files ({@link StateFile}) of the
 * scenario's collections at the end of the run or every {@code PERIOD} steps. {@code WHAT} is a comma-separated list
 * of collections ({@code Bug}: every attribute) and attributes ({@code HabitatCell.food}), by the simple name of the
 * model class; without it, every collection with every attribute. In a periodic name {@code {step}} stands for the
 * step (six digits); a name without it gets {@code -000100} before {@code .npz}. Paths are checked before the setup,
 * collections and attributes after it, before the first step.
 */
final class Dumps {

    /** One {@code --dump} option: what it names (empty: everything), its file or pattern, its period (0: at the end). */
    private record Dump(String spec, List<String> what, String file, long period) {

        Path fileFor(long step) {
            return StepFiles.of(file, period, step, ".npz");
        }
    }

    private final List<Dump> dumps;
    /** Per dump, the collections and attributes it writes (after {@link #resolve}). */
    private final List<Map<Object, String[]>> parts = new ArrayList<>();

    private Dumps(List<Dump> dumps) {
        this.dumps = dumps;
    }

    /** Parses the options, refusing a malformed one in one line. */
    static Dumps parse(List<String> specs) {
        List<Dump> out = new ArrayList<>();
        for (String spec : specs) {
            String rest = spec;
            List<String> what = List.of();
            int eq = rest.indexOf('=');
            if (eq >= 0) {
                what = List.of(rest.substring(0, eq).split(","));
                if (what.stream().anyMatch(String::isBlank)) {
                    throw new ColonyException("--dump " + spec + ": name collections (Bug) or attributes "
                            + "(HabitatCell.food) before =, separated by commas");
                }
                rest = rest.substring(eq + 1);
            }
            StepFiles.Periodic file = StepFiles.periodic("--dump", spec, rest,
                    name -> name.toLowerCase(Locale.ROOT).endsWith(".npz"));
            long period = file.period();
            rest = file.name();
            if (!rest.toLowerCase(Locale.ROOT).endsWith(".npz")) {
                throw new ColonyException("--dump " + spec + ": state files are NumPy .npz files; name one ending in "
                        + ".npz");
            }
            out.add(new Dump(spec, what, rest, period));
        }
        return new Dumps(out);
    }

    /** Checks every file the dumps write can be written, before the setup. */
    void checkFiles() {
        for (Dump d : dumps) {
            OutputFiles.checkWritable(d.fileFor(0), ".npz");
        }
    }

    /**
     * Finds the collections and attributes every dump names among the scenario's, before the first step.
     *
     * @throws ColonyException naming one the scenario does not have, and those it has
     */
    void resolve(Scenario scenario) {
        Map<String, Object> byName = new LinkedHashMap<>();
        for (Places<?> p : scenario.collections()) {
            byName.putIfAbsent(p.modelClass().getSimpleName(), p);
        }
        for (Agents<?> a : scenario.agents()) {
            byName.putIfAbsent(a.modelClass().getSimpleName(), a);
        }
        for (Dump d : dumps) {
            // per collection the attributes named, or null for all of them
            Map<Object, List<String>> named = new LinkedHashMap<>();
            if (d.what().isEmpty()) {
                byName.values().forEach(c -> named.put(c, null));
            }
            for (String item : d.what()) {
                int dot = item.indexOf('.');
                String collection = dot < 0 ? item : item.substring(0, dot);
                Object c = byName.get(collection);
                if (c == null) {
                    throw new ColonyException("--dump " + d.spec() + ": " + scenario.name() + " has no collection '"
                            + collection + "'; collections: " + String.join(", ", byName.keySet()));
                }
                if (dot < 0) {
                    named.put(c, null);
                } else if (!named.containsKey(c) || named.get(c) != null) {
                    List<String> attributes = new ArrayList<>(named.containsKey(c) ? named.get(c) : List.of());
                    attributes.add(item.substring(dot + 1));
                    named.put(c, attributes);
                }
            }
            Map<Object, String[]> part = new LinkedHashMap<>();
            named.forEach((c, attributes) -> part.put(c, attributes == null ? new String[0]
                    : attributes.toArray(new String[0])));
            build(d, part, 0); // refuses an attribute the collection does not have
            parts.add(part);
        }
    }

    /** Writes the periodic dumps due after {@code step}. */
    void afterStep(long step, Simulation sim) {
        for (int i = 0; i < dumps.size(); i++) {
            Dump d = dumps.get(i);
            if (d.period() > 0 && step % d.period() == 0) {
                build(d, parts.get(i), step).write(sim);
            }
        }
    }

    /** Writes the dumps of the final state, after {@code ran} steps, and says where. */
    void atEnd(long ran, Simulation sim, PrintStream out) {
        for (int i = 0; i < dumps.size(); i++) {
            Dump d = dumps.get(i);
            if (d.period() == 0) {
                build(d, parts.get(i), ran).write(sim);
                out.println("state     " + d.fileFor(ran));
            }
        }
    }

    private static StateFile build(Dump d, Map<Object, String[]> part, long step) {
        StateFile file = StateFile.to(d.fileFor(step));
        part.forEach((c, attributes) -> {
            if (c instanceof Places<?> p) {
                file.add(p, attributes);
            } else {
                file.add((Agents<?>) c, attributes);
            }
        });
        return file;
    }
}
