/**
 * The CUDA backend's tuning switches ({@link org.colony.cuda.tuning.CudaSwitches}): {@code colony.cuda.*} system
 * properties that change how it runs a model, never what it computes; read by every floor of the backend.
 */
package org.colony.cuda.tuning;
