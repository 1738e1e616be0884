/** StupidModel (version 16) on Colony's CPU backend; its MASON comparator is in {@code org.colony.benchmarks.mason}. */
package org.colony.benchmarks.stupid;
