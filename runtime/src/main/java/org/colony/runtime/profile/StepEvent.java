package org.colony.runtime.profile;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A JFR event for one call of a step ({@code callAll}, {@code count}) or of {@code manageAll}, with its
 * duration as the JVM saw it. Recorded whenever a flight recording enables {@code org.colony.Step}:
 *
 * <pre>java -XX:StartFlightRecording:filename=run.jfr,settings=profile ... ; jfr print --events org.colony.Step run.jfr</pre>
 *
 * The runtime calls {@link #start()} and {@link #finish} (through {@link CallTimer}) only when the Java
 * runtime has the {@code jdk.jfr} module, so a trimmed runtime without it still runs models.
 */
@Name("org.colony.Step")
@Label("Colony Step")
@Category("Colony")
@Description("One call of a step, count or manageAll on a collection, timed on the JVM")
@StackTrace(false)
public final class StepEvent extends Event {

    /** An event to fill and commit. */
    public StepEvent() {
    }

    @Label("Model")
    String model;

    @Label("Step")
    String step;

    @Label("Backend")
    String backend;

    @Label("Instances")
    @Description("Places or live agents of the collection when the call began")
    long instances;

    /**
     * Starts timing a call; null when no recording enables the event. Call only where {@code jdk.jfr} is present.
     *
     * @return a token for {@link #finish}, or null
     */
    public static Object start() {
        StepEvent e = new StepEvent();
        if (!e.isEnabled()) {
            return null;
        }
        e.begin();
        return e;
    }

    /**
     * Ends and commits a call started by {@link #start()} (a null token is ignored).
     *
     * @param backend the backend's name
     * @param instances places or live agents of the collection
     * @param model the model's simple name
     * @param step the step's method name
     * @param token what {@link #start()} returned
     */
    public static void finish(Object token, String model, String step, String backend, long instances) {
        if (token instanceof StepEvent e) {
            e.end();
            if (e.shouldCommit()) {
                e.model = model;
                e.step = step;
                e.backend = backend;
                e.instances = instances;
                e.commit();
            }
        }
    }
}
