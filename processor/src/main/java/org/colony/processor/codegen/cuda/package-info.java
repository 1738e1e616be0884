/**
 * The CUDA backend's code: the C++ source of a model ({@code HeatCell.cu}), compiled at run time by NVRTC.
 * {@link org.colony.processor.codegen.cuda.CudaKernelGenerator} writes it from {@code CudaStepKernel} (the kernel
 * shapes), {@code CudaStatements} and {@code CudaExpressions} (the printers), {@code CudaStorage} (how a kernel
 * names its storage), {@code Window} (the registers of a row-marching kernel) and {@code SwarStep}/{@code SwarKernel}
 * (four byte cells per word). {@link org.colony.processor.codegen.cuda.CudaLaunchFacts} gathers what the backend must
 * know to launch the kernels (resource path, names, parameters, launch facts) into the {@code CudaModel} the
 * kernels are printed from and the model's descriptor carries.
 */
package org.colony.processor.codegen.cuda;
