/**
 * The transports between the partitions of a grid on the CUDA backend, with device memory as buffers. Not an API.
 *
 * <p>Class map:
 * <ul>
 *   <li>{@code DeviceCopyTransport}: partitions on one GPU, one device-to-device copy per message.
 *   <li>{@code NcclTransport}: partitions on the GPUs of this process, one NCCL group per exchange.
 * </ul>
 */
package org.colony.cuda.internal.transport;
