/** The framework's random numbers: Philox4x32-10 and the per-instance draw stream built on it. */
package org.colony.runtime.random;
