/**
 * Code generation from the IR: one generator per output (CPU kernels, model descriptor, service
 * registration), all written through {@link org.colony.processor.codegen.GeneratedWriter}.
 */
package org.colony.processor.codegen;
