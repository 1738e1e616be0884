package org.colony.examples.sir;

import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.graph.Graph;

/**
 * The SIR driver: people on the vertices of a contact network, a few of them infected at start; each tick a
 * susceptible person catches the infection from each infected contact with probability {@code beta} (times the
 * contact's weight, 1 on a graph without weights), and an infected one recovers after {@code recovery} ticks.
 */
public final class Sir {

    /** The default probability of infection per contact and tick. */
    public static final double BETA = 0.05;
    /** The default ticks an infection lasts. */
    public static final int RECOVERY = 10;
    /** The default share of people infected at start. */
    public static final double INITIAL = 0.001;

    private final Simulation sim;
    private final Places<Person> people;
    private final double beta;
    private final int recovery;

    /**
     * Puts the people on the graph and infects the first ones.
     *
     * @param sim the simulation (its seed decides who is infected and who catches it)
     * @param graph the contact network
     * @param beta the probability of infection per infected contact and tick, 0 to 1
     * @param recovery the ticks an infection lasts, at least 1
     * @param initial the probability that a person is infected at start, 0 to 1
     */
    public Sir(Simulation sim, Graph graph, double beta, int recovery, double initial) {
        this.sim = sim;
        this.beta = beta;
        this.recovery = recovery;
        this.people = sim.places(Person.class, graph);
        people.callAll(Person::seed, initial, recovery);
    }

    /** Runs one tick. */
    public void tick() {
        people.callAll(Person::spread, beta, recovery);
        sim.step();
    }

    /** {@return the people} */
    public Places<Person> people() {
        return people;
    }

    /** {@return the numbers of susceptible, infected and recovered people} */
    public long[] counts() {
        return new long[] {people.count(Person::isSusceptible), people.count(Person::isInfected),
            people.count(Person::isRecovered)};
    }
}
