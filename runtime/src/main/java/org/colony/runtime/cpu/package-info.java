/**
 * The CPU backend: a thread pool running generated Java kernels over blocks of structure-of-arrays storage,
 * and the host-memory machinery of agents (the {@code manageAll} round, the index of agents by place, combined
 * place writes), which the CUDA backend also uses for rounds it stages through host memory.
 */
package org.colony.runtime.cpu;
