/**
 * The stores of the CUDA backend: places and agents in device memory, their steps, {@code manageAll} on one block
 * and on a partition of a partitioned grid. The agent store's parts mirror the CPU backend's
 * ({@code CpuAgentStore}, {@code AgentColumns}, {@code PlaceIndex}, {@code ManageRound}). Not an API.
 *
 * <p>Class map:
 * <ul>
 *   <li>Places: {@code CudaPlaceStore} (a Places collection, or one block of a partitioned grid).
 *   <li>Agents: {@code CudaAgentStore} (steps and the runtime's glue), {@code AgentDevice} (what its parts share),
 *       {@code DeviceAgentColumns} (the columns and their memory), {@code DeviceAgentIndex} (agents by place,
 *       grouping, ghost counts), {@code DeviceManage} ({@code manageAll} of one block).
 *   <li>Partitions: {@code CudaAgentPartition} (the agents of one partition), {@code DeviceRound} (its
 *       {@code manageAll} on the device), {@code MoverRows} (rows that move between partitions), {@code AgentRows} (a
 *       block of agents' rows packed column after column, as they travel), {@code OwnerGroups} (slots grouped by
 *       the owner of their places), {@code RunMerge} (runs merged into id order), {@code AgentHostBridge} (agents
 *       staged through host memory),
 *       {@code RowCopies} (column copies in one launch), {@code DeviceSlices} (device memory as transports carry it),
 *       {@code HaloPlaces} (the halo cells that hold other partitions' places), {@code GhostWrites} (what steps wrote
 *       into the rows of other partitions' agents, and what comes back from them, staged on the host).
 *   <li>Statistics: {@code DeviceColumn} (a column's histogram, extremes and partial reduction, computed on the
 *       device), {@code ReductionWords} (the words {@code colony_reduce} leaves, made the CPU's partial).
 * </ul>
 */
package org.colony.cuda.internal.store;
