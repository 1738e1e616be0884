/**
 * A template to copy for benchmarking your own model with JMH: a small place model ({@link
 * org.colony.benchmarks.template.SmoothCell}) and its benchmark ({@link
 * org.colony.benchmarks.template.SmoothBenchmark}). See {@code docs/profiling.md}.
 */
package org.colony.benchmarks.template;
