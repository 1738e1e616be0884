/** CPU backend benchmarks that are not whole models: kernels against hand-written loops, the largest sizes. */
package org.colony.benchmarks.cpu;
