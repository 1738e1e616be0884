/** CPU benchmarks of agent steps: per-agent costs of writing the place and of reading the neighbourhood. */
package org.colony.benchmarks.agents;
