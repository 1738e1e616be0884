/** Reductions whose results do not depend on evaluation order: exact sums of floating-point values. */
package org.colony.runtime.reduce;
