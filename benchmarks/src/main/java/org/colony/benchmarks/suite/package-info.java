/**
 * The benchmark suite's runner ({@code ./mass bench}): which benchmarks and parameters each scope and target
 * runs, running them with JMH and the benchmark mains, and writing the results and the report.
 */
package org.colony.benchmarks.suite;
