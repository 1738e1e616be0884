/**
 * The CPU backend's code: the kernels class of a model ({@code HeatCell_Kernels}), one static method per step.
 * {@link org.colony.processor.codegen.java.JavaKernelGenerator} builds it from {@code PlaceKernel} and
 * {@code AgentKernel} (the loop shapes and heads), {@code VectorKernel} (the vector forms),
 * {@code JavaStatements} and {@code JavaExpressions} (the printers) and {@code JavaStorage} (how a kernel names
 * its columns and locals).
 */
package org.colony.processor.codegen.java;
