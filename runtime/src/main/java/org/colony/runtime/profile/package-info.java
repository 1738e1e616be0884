/**
 * Per-step timings of a run: {@link org.colony.runtime.profile.StepProfile} counts the calls of every step
 * and their time (wall clock on the JVM, device time where the backend reports it), which
 * {@code ./mass run --profile} prints; {@link org.colony.runtime.profile.StepEvent} is the same call as a JFR
 * event, recorded whenever a flight recording enables it.
 */
package org.colony.runtime.profile;
