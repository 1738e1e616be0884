package org.colony.runtime.agents;

/**
 * What one {@code manageAll} did.
 *
 * @param deaths agents that died
 * @param births children that were born
 * @param moves agents that moved to another place
 * @param movesRefused moves refused because the destination was full (the agent stayed)
 * @param birthsRefused children not born because the parent's place was full
 * @param movesOutside moves dropped because they would leave a non-wrapping grid (the agent stayed)
 * @param population agents alive afterwards
 */
public record ManageReport(long deaths, long births, long moves, long movesRefused, long birthsRefused,
        long movesOutside, long population) {

    /**
     * {@return a report of nothing}
     *
     * @param population the agents alive
     */
    public static ManageReport none(long population) {
        return new ManageReport(0, 0, 0, 0, 0, 0, population);
    }
}
