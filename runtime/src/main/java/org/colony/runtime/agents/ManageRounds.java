package org.colony.runtime.agents;

/**
 * What the rounds of one {@code manageAll(retry, maxRounds)} did together, as a store that queues them at once reports
 * it ({@code AgentStore.manageRounds}).
 *
 * @param report the rounds' deaths, births, moves, refused births and moves off the grid summed; the moves still
 *     refused in the last round that ran; the population afterwards
 * @param rounds the rounds that ran: 1 (the first {@code manageAll}) up to {@code maxRounds}
 */
public record ManageRounds(ManageReport report, int rounds) {
}
