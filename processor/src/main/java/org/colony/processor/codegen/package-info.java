/**
 * Code generation from the IR: what the two backends' generators share (the kernel contract's type names, the one
 * writer of generated files, the service registration) and the model descriptor. The CPU kernels are written by
 * {@link org.colony.processor.codegen.java}, the CUDA source by {@link org.colony.processor.codegen.cuda}.
 */
package org.colony.processor.codegen;
