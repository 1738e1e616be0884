package org.colony.runtime.profile;

/**
 * Times the calls of one simulation for its {@link StepProfile} (while one is collected) and as
 * {@link StepEvent}s (while a flight recording enables them). Both cost nothing measurable when off: a
 * field test and, with JFR present, an event object the JIT removes. The runtime uses it as
 *
 * <pre>{@code
 * Object jfr = timer.begin();
 * long t0 = timer.clock();
 * ... the call ...
 * timer.end(model, step, jfr == null ? 0 : instances, t0, jfr);
 * }</pre>
 */
public final class CallTimer {

    /** Whether this Java runtime has the {@code jdk.jfr} module (a trimmed runtime may not). */
    static final boolean JFR = ModuleLayer.boot().findModule("jdk.jfr").isPresent();

    private final String backend;
    private StepProfile profile;

    /**
     * Times calls for a backend.
     *
     * @param backend the backend's name, for the JFR events
     */
    public CallTimer(String backend) {
        this.backend = backend;
    }

    /**
     * Collects into {@code p} from now on; null stops collecting.
     *
     * @param p the profile, or null
     */
    public void profile(StepProfile p) {
        this.profile = p;
    }

    /** {@return the profile being collected, or null} */
    public StepProfile profile() {
        return profile;
    }

    /** {@return a JFR token for {@link #end}: null when no recording wants the event} */
    public Object begin() {
        return JFR ? StepEvent.start() : null;
    }

    /** {@return the start time for {@link #end} when a profile is collected, else 0 (no clock read)} */
    public long clock() {
        return profile != null ? System.nanoTime() : 0L;
    }

    /**
     * Ends a call: adds its time to the profile and commits its JFR event.
     *
     * @param instances places or live agents after the call (only read for JFR, so callers may pass 0
     *     when {@code jfr} is null)
     * @param jfr what {@link #begin()} returned
     * @param model the model's simple name
     * @param step the step's method name
     * @param t0 what {@link #clock()} returned when the call began
     */
    public void end(String model, String step, long instances, long t0, Object jfr) {
        if (profile != null) {
            profile.record(model + "." + step, System.nanoTime() - t0);
        }
        if (jfr != null) {
            StepEvent.finish(jfr, model, step, backend, instances);
        }
    }
}
