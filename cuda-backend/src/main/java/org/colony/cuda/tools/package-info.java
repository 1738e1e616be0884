/**
 * Command-line tools of the CUDA backend, run by class name: on a GPU machine, or (the ahead-of-time compiler) by
 * the build.
 *
 * <p>Class map:
 * <ul>
 *   <li>{@code NcclCheck}: checks NCCL and the NCCL transport on this machine's GPUs and prints what each exchange
 *       moves and how fast.
 *   <li>{@code AheadOfTime}: compiles the CUDA sources of a build's classes with {@code nvcc} into CUBINs for the
 *       common architectures, carried in the jar.
 * </ul>
 */
package org.colony.cuda.tools;
