/**
 * The seam between the CUDA code the processor generates and the CUDA backend that launches it, as data: for each
 * model, where its source is and whether it can run ({@link org.colony.kernel.cuda.CudaModel}); for each step, its
 * kernels and how their threads walk the cells ({@link org.colony.kernel.cuda.CudaStep},
 * {@link org.colony.kernel.cuda.CudaKernel}); for each kernel, its parameters in the order it declares them
 * ({@link org.colony.kernel.cuda.KernelParam}). The processor prints the kernels from these values and writes them
 * into the model's descriptor; the backend reads them back and passes what each parameter names, so the two sides
 * cannot drift apart.
 */
package org.colony.kernel.cuda;
