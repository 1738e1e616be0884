package org.colony.runtime.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.colony.ColonyException;
import org.colony.runtime.Agents;
import org.colony.runtime.Places;
import org.colony.runtime.cluster.MpiCluster;
import org.colony.runtime.io.Animation;
import org.colony.runtime.io.FrameStats;
import org.colony.runtime.io.HeatMap;
import org.colony.runtime.io.OutputFiles;
import org.colony.runtime.io.ValueRange;

/**
 * The {@code --snapshot} and {@code --snapshot-range} options of one run: checks every file and attribute before the
 * first step, writes the frames as the run goes and at its end (PNG files, or one animated GIF), reports what each
 * series showed, and keeps a failure to write a frame (a full disk) from ending the run: it is reported in one line
 * after the run's report. Closing it removes the temporary file of an animation left unfinished.
 */
final class Snapshots implements AutoCloseable {

    /** The time each frame of an animated GIF shows: ten frames a second. */
    static final int FRAME_MILLIS = 100;

    /** One {@code --snapshot}: its request, its fixed range and what its frames showed. */
    private static final class Series {
        final SnapshotSpec spec;
        final ValueRange range;
        int frames;
        Path first;
        Path last;
        FrameStats lastStats;
        int framesNotFinite;
        String failure;
        Animation animation;

        Series(SnapshotSpec spec, ValueRange range) {
            this.spec = spec;
            this.range = range;
        }

        boolean animated() {
            return spec.animated();
        }
    }

    private final List<Series> series = new ArrayList<>();

    private Snapshots() {
    }

    /**
     * {@return the snapshots of a run, parsed and checked against each other}
     *
     * @param specs the {@code --snapshot} options
     * @param ranges the {@code --snapshot-range} options: attribute (as {@code --snapshot} names it) to range
     */
    static Snapshots parse(List<String> specs, Map<String, String> ranges) {
        Snapshots snapshots = new Snapshots();
        Map<String, ValueRange> fixed = new HashMap<>();
        List<SnapshotSpec> parsed = new ArrayList<>();
        for (String text : specs) {
            parsed.add(SnapshotSpec.parse(text));
        }
        for (Map.Entry<String, String> e : ranges.entrySet()) {
            String option = "--snapshot-range " + e.getKey() + "=" + e.getValue();
            if (parsed.stream().noneMatch(s -> s.label().equals(e.getKey()))) {
                throw new ColonyException(option + ": no --snapshot draws " + e.getKey());
            }
            try {
                fixed.put(e.getKey(), ValueRange.parse(e.getValue()));
            } catch (ColonyException bad) {
                throw new ColonyException(option + ": " + bad.getMessage());
            }
        }
        Map<Path, String> files = new HashMap<>();
        for (SnapshotSpec s : parsed) {
            String other = files.putIfAbsent(Path.of(s.file()).toAbsolutePath().normalize(), s.text());
            if (other != null) {
                throw new ColonyException("--snapshot " + other + " and --snapshot " + s.text() + " write the same "
                        + "files; name another file for one of them");
            }
            snapshots.series.add(new Series(s, fixed.get(s.label())));
        }
        if (!parsed.isEmpty() && !HeatMap.available()) {
            throw new ColonyException("this Java runtime has no java.desktop module, so --snapshot cannot write "
                    + "PNG files");
        }
        return snapshots;
    }

    /**
     * Checks that every file can be written (by the process that writes them, rank 0 under MPI), before the model is
     * set up.
     */
    void checkFiles() {
        if (MpiCluster.launched() && MpiCluster.get().rank() != 0) {
            return;
        }
        for (Series s : series) {
            Path file = s.spec.fileFor(Math.max(1, s.spec.period()));
            try {
                OutputFiles.checkWritable(file, s.spec.extension());
            } catch (ColonyException e) {
                throw new ColonyException("--snapshot " + s.spec.text() + ": " + e.getMessage());
            }
        }
    }

    /**
     * Checks that every attribute can be drawn from {@code places}, before the first step.
     *
     * @param places the places the snapshots draw
     */
    void checkAttributes(Places<?> places) {
        for (Series s : series) {
            try {
                HeatMap.check(places, s.spec.attribute(), s.spec.element());
            } catch (ColonyException e) {
                throw new ColonyException("--snapshot " + s.spec.text() + ": " + e.getMessage());
            }
        }
    }

    /** Warns about each periodic series that writes nothing in a run of {@code steps} steps. */
    void warnAboutLongPeriods(long steps, PrintStream err) {
        for (Series s : series) {
            if (s.spec.period() > steps) {
                err.println("mass: warning: --snapshot " + s.spec.text() + " writes nothing: its period is "
                        + "longer than the run's " + steps + " steps");
            }
        }
    }

    /** Writes the periodic frames due after step {@code step}. */
    void afterStep(long step, Places<?> places, List<Agents<?>> agents) {
        for (Series s : series) {
            if (s.spec.period() > 0 && step % s.spec.period() == 0) {
                write(s, step, places, agents);
            }
        }
    }

    /**
     * Writes the final snapshots after {@code ran} steps and reports every series, one line each.
     *
     * @param ran the steps the run ran
     * @param places the places drawn
     * @param agents the agent collections drawn over them
     * @param out where the report goes
     */
    void atEnd(long ran, Places<?> places, List<Agents<?>> agents, PrintStream out) {
        for (Series s : series) {
            if (s.spec.period() == 0) {
                write(s, ran, places, agents);
            }
            if (s.animation != null && s.failure == null) {
                try {
                    s.animation.finish();
                } catch (ColonyException e) {
                    s.failure = e.getMessage() + " (at the end)";
                }
            }
        }
        for (Series s : series) {
            if (s.frames > 0 && !(s.animated() && s.failure != null)) { // a failed animation left no file
                out.println("snapshot  " + describe(s));
            }
        }
    }

    /** Ends the run with the first failure to write a frame, after its report: one line, status 2. */
    void throwIfFailed() {
        for (Series s : series) {
            if (s.failure != null) {
                throw new ColonyException("--snapshot " + s.spec.text() + ": " + s.failure + "; the rest of the run "
                        + "and its report are complete");
            }
        }
    }

    /** Removes the temporary files of animations left unfinished (a run that failed). */
    @Override
    public void close() {
        for (Series s : series) {
            if (s.animation != null) {
                s.animation.close();
            }
        }
    }

    private static void write(Series s, long step, Places<?> places, List<Agents<?>> agents) {
        Path file = s.spec.fileFor(step);
        try {
            FrameStats stats;
            if (s.spec.animated()) {
                if (s.animation == null) {
                    s.animation = Animation.create(file, FRAME_MILLIS);
                }
                stats = s.animation.add(places, s.spec.attribute(), s.spec.element(), agents, s.range);
            } else {
                stats = HeatMap.write(places, s.spec.attribute(), s.spec.element(), agents, s.range, file);
            }
            if (s.failure != null) {
                return; // a series that failed once is reported as failed
            }
            s.frames++;
            s.first = s.first == null ? file : s.first;
            s.last = file;
            s.lastStats = stats;
            s.framesNotFinite += stats.nonFinite() > 0 ? 1 : 0;
        } catch (ColonyException e) {
            if (s.failure == null) {
                s.failure = e.getMessage() + " (after step " + step + ")";
            }
        }
    }

    private static String describe(Series s) {
        FrameStats stats = s.lastStats;
        String scale = s.range != null ? "scale " + stats.rangeText() + " (fixed)" : "scale " + stats.rangeText();
        if (s.spec.animated()) {
            String nonFinite = s.framesNotFinite == 0 ? "" : "; NaN or infinities in " + s.framesNotFinite + " of them";
            return s.last + ": an animation of " + s.frames + (s.frames == 1 ? " frame" : " frames") + " at "
                    + 1000 / FRAME_MILLIS + " a second, " + (s.range != null ? scale : "the last " + scale) + nonFinite;
        }
        if (s.spec.period() == 0) {
            String nonFinite = stats.nonFinite() > 0 ? "; " + stats.nonFiniteText() + " (drawn apart)" : "";
            return s.last + ": " + scale + nonFinite;
        }
        String nonFinite = s.framesNotFinite == 0 ? ""
                : "; NaN or infinities in " + s.framesNotFinite + " of them";
        String last = stats.nonFinite() > 0 ? ", the last " + stats.nonFiniteText() : "";
        return s.first + " to " + s.last.getFileName() + ": " + s.frames + (s.frames == 1 ? " frame" : " frames")
                + ", " + (s.range != null ? scale : "the last " + scale) + nonFinite + last;
    }
}
