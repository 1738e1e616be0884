/**
 * Command-line tools of the CUDA backend, run by class name on a GPU machine.
 *
 * <p>Class map:
 * <ul>
 *   <li>{@code NcclCheck}: checks NCCL and the NCCL transport on this machine's GPUs and prints what each exchange
 *       moves and how fast.
 * </ul>
 */
package org.colony.cuda.tools;
