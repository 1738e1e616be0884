package org.colony.runtime.cli;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The progress line of a run, on standard error: redrawn in place on a terminal a few times a second, or printed
 * as a plain line every ten seconds (or the period given) when the output is a file or a pipe. Short runs print
 * nothing.
 */
final class Progress {

    private static final long TERMINAL_PERIOD = 250_000_000L;
    /** The default period of plain lines. */
    static final long PLAIN_PERIOD = 10_000_000_000L;

    private final PrintStream out;
    private final boolean terminal;
    private final long plainPeriod;
    private final boolean enabled;
    private final long total;
    private final long start = System.nanoTime();
    private long last = start;
    private boolean drawn;

    Progress(PrintStream out, long total, boolean enabled, long plainPeriod) {
        this.out = out;
        this.plainPeriod = plainPeriod;
        this.total = total;
        this.enabled = enabled;
        var console = System.console();
        this.terminal = console != null && console.isTerminal();
    }

    /** Reports that {@code done} steps are complete. */
    void update(long done, Supplier<String> status) {
        if (!enabled) {
            return;
        }
        long now = System.nanoTime();
        if (now - last < (terminal ? TERMINAL_PERIOD : plainPeriod) || done == total) {
            return;
        }
        last = now;
        String st = status.get();
        double elapsed = (now - start) / 1e9;
        double perStep = elapsed / Math.max(1, done);
        String line = String.format(Locale.ROOT, "step %d/%d  %3.0f%%  %s/step  eta %s%s", done, total,
                100.0 * done / total, Report.duration(perStep), Report.duration(perStep * (total - done)),
                st.isEmpty() ? "" : "  " + st);
        if (terminal) {
            out.print("\r" + line + "\u001b[K");
            drawn = true;
        } else {
            out.println(line);
        }
        out.flush();
    }

    /** Clears the line on a terminal. */
    void finish() {
        if (drawn) {
            out.print("\r\u001b[K");
            out.flush();
        }
    }
}
