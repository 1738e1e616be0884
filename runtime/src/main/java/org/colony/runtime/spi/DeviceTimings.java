package org.colony.runtime.spi;

/**
 * Receives the device time of step calls from a backend that times them itself ({@link Backend#timeOnDevice}),
 * for {@code ./mass run --profile}. Called on the simulation's thread.
 */
@FunctionalInterface
public interface DeviceTimings {

    /**
     * One call's device time.
     *
     * @param name {@code Model.step} or {@code Model.manageAll}, as the runtime names the call
     * @param millis milliseconds the device spent on it
     */
    void record(String name, double millis);
}
