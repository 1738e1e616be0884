/**
 * Reading benchmark results (JMH's JSON, {@code GpuBenchmark}'s and the largest-size search's JSON, from this
 * machine or from a GPU machine) and writing {@code docs/benchmarks.md} with its tables and PNG plots.
 */
package org.colony.benchmarks.report;
