/**
 * The JMH states the model benchmarks extend: a model kept for the trial or made fresh for every iteration, the
 * simulation a single shot leaves open, and the CPU family's thread counts. The benchmarks keep their sizes, settings
 * and measured bodies; the CUDA and MASON families' states live with their benchmarks.
 */
package org.colony.benchmarks.state;
