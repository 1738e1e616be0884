/**
 * Moving packed buffers between partitions: the {@link org.colony.runtime.transport.Transport} contract, the
 * in-process transport of CPU partitions, and the matching of sends to receives that every transport shares.
 * What the buffers mean (halo regions, agents' rows, requests) is the business of the partitioned collections.
 */
package org.colony.runtime.transport;
