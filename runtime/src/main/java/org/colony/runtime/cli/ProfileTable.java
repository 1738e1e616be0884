package org.colony.runtime.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.colony.runtime.profile.StepProfile;

/** The table {@code mass run --profile} prints: calls, total and mean time and share of every step. */
final class ProfileTable {

    private ProfileTable() {
    }

    /** The table, one line per step in the order they were first called and a total line; lines end in \n. */
    static String format(StepProfile profile) {
        List<StepProfile.Entry> entries = profile.entries();
        boolean device = entries.stream().anyMatch(e -> e.deviceCalls() > 0);
        long wall = 0;
        long calls = 0;
        double deviceTotal = 0;
        int width = "all steps".length();
        for (StepProfile.Entry e : entries) {
            wall += e.wallNanos();
            calls += e.calls();
            deviceTotal += e.deviceMillis();
            width = Math.max(width, e.name().length());
        }
        String row = "          %-" + width + "s %8s %11s %11s %7s" + (device ? " %12s %12s" : "") + "%n";
        StringBuilder sb = new StringBuilder();
        sb.append("profile   calls and time per step (wall clock on the JVM")
                .append(device ? "; device time from the backend" : "").append(")\n");
        List<Object> header = new ArrayList<>(List.of("step", "calls", "total", "mean", "share"));
        if (device) {
            header.addAll(List.of("device total", "device mean"));
        }
        sb.append(String.format(Locale.ROOT, row, header.toArray()));
        for (StepProfile.Entry e : entries) {
            List<Object> cells = new ArrayList<>(List.of(e.name(), Long.toString(e.calls()),
                    Report.duration(e.wallNanos() / 1e9), e.calls() == 0 ? "-" : Report.duration(e.meanNanos() / 1e9),
                    share(e.wallNanos(), wall)));
            if (device) {
                cells.add(e.deviceCalls() == 0 ? "-" : Report.duration(e.deviceMillis() / 1e3));
                cells.add(e.deviceCalls() == 0 ? "-" : Report.duration(e.meanDeviceMillis() / 1e3));
            }
            sb.append(String.format(Locale.ROOT, row, cells.toArray()));
        }
        List<Object> total = new ArrayList<>(List.of("all steps", Long.toString(calls), Report.duration(wall / 1e9), "",
                share(wall, wall)));
        if (device) {
            total.add(Report.duration(deviceTotal / 1e3));
            total.add("");
        }
        sb.append(String.format(Locale.ROOT, row, total.toArray()));
        return sb.toString();
    }

    private static String share(long part, long whole) {
        return whole == 0 ? "-" : String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
    }
}
