package org.colony.runtime.spi;

/**
 * Marks an exception a backend throws while its work runs (a device's error, a device out of memory in the middle of
 * a round) as a failure that may have left a collection half-updated, like {@link StepFailure}: the simulation is
 * failed after it, even where the exception is a {@link org.colony.ColonyException} whose message reads like a
 * refusal.
 */
public interface WorkFailure {
}
