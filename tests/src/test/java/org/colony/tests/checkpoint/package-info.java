/** Checkpoints and resumes: bit-identical across backends, threads and partitions; bad files refused. */
package org.colony.tests.checkpoint;
