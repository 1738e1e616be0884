/**
 * The runtime's tuning switches ({@link org.colony.runtime.tuning.RuntimeSwitches}): {@code colony.*} system
 * properties that change how it runs a model, never what it computes.
 */
package org.colony.runtime.tuning;
