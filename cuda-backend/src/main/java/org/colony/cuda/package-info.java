/**
 * The CUDA backend: runs Colony models on NVIDIA GPUs. Add this module to the class path and
 * {@code --backend cuda} (or {@code auto} where a GPU is present) selects it.
 */
package org.colony.cuda;
