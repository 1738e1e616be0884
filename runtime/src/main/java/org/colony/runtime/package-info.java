/**
 * The driver-side API: {@link org.colony.runtime.Simulation}, {@link org.colony.runtime.Config} and
 * {@link org.colony.runtime.Places}, through which model code is run on a backend.
 */
package org.colony.runtime;
