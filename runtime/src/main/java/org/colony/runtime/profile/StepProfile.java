package org.colony.runtime.profile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Calls and time per step of one simulation, in the order the steps were first called. The runtime adds the
 * wall-clock time of every call ({@code callAll}, {@code count}, {@code manageAll}) measured on the JVM; a
 * backend whose calls return before the device has finished (CUDA) adds the device time of each call through
 * {@link #recordDevice}. Driven from the simulation's thread.
 */
public final class StepProfile {

    /** An empty profile. */
    public StepProfile() {
    }

    /**
     * One step's totals.
     *
     * @param name {@code Model.step}, {@code Model.step (count)} or {@code Model.manageAll}
     * @param calls the number of calls
     * @param wallNanos their wall-clock time on the JVM
     * @param deviceCalls the calls the backend timed on the device (0 where it times none)
     * @param deviceMillis their device time
     */
    public record Entry(String name, long calls, long wallNanos, long deviceCalls, double deviceMillis) {

        /** {@return mean wall-clock nanoseconds per call} */
        public double meanNanos() {
            return calls == 0 ? 0 : wallNanos / (double) calls;
        }

        /** {@return mean device milliseconds per call, or NaN when the device timed none} */
        public double meanDeviceMillis() {
            return deviceCalls == 0 ? Double.NaN : deviceMillis / deviceCalls;
        }
    }

    private static final class Totals {
        long calls;
        long wall;
        long deviceCalls;
        double device;
    }

    private final Map<String, Totals> steps = new LinkedHashMap<>();

    /**
     * Adds one call's wall-clock time.
     *
     * @param name {@code Model.step}, {@code Model.step (count)} or {@code Model.manageAll}
     * @param wallNanos the call's wall-clock time in nanoseconds
     */
    public void record(String name, long wallNanos) {
        Totals t = steps.computeIfAbsent(name, k -> new Totals());
        t.calls++;
        t.wall += wallNanos;
    }

    /**
     * Adds one call's device time, as a backend measured it.
     *
     * @param millis the call's device time in milliseconds
     * @param name {@code Model.step}, {@code Model.step (count)} or {@code Model.manageAll}
     */
    public void recordDevice(String name, double millis) {
        Totals t = steps.computeIfAbsent(name, k -> new Totals());
        t.deviceCalls++;
        t.device += millis;
    }

    /** {@return the totals, in the order the steps were first called} */
    public List<Entry> entries() {
        List<Entry> out = new ArrayList<>();
        for (var e : steps.entrySet()) {
            Totals t = e.getValue();
            out.add(new Entry(e.getKey(), t.calls, t.wall, t.deviceCalls, t.device));
        }
        return out;
    }
}
