package org.colony.examples.sir;

import org.colony.Attribute;
import org.colony.Step;
import org.colony.Vertex;

/**
 * A person on a contact network, susceptible, infected or recovered (SIR). Each tick a susceptible person meets
 * each neighbour in turn and catches the infection from an infected one with probability {@code beta} times the
 * contact's weight; an infected person recovers after {@code recovery} ticks and stays immune.
 */
public class Person extends Vertex<Person> {

    /** Never infected yet. */
    static final byte SUSCEPTIBLE = 0;
    /** Infected: infectious until recovery. */
    static final byte INFECTED = 1;
    /** Recovered and immune. */
    static final byte RECOVERED = 2;

    @Attribute
    byte state;

    /** Ticks left until an infected person recovers. */
    @Attribute
    int sick;

    /** Infects the person with probability {@code initial}, for {@code recovery} ticks. */
    @Step
    public void seed(double initial, int recovery) {
        if (uniform() < initial) {
            state = INFECTED;
            sick = recovery;
        }
    }

    /** One tick: infection from the neighbours as they were before it, and recovery. */
    @Step
    public void spread(double beta, int recovery) {
        if (state == SUSCEPTIBLE) {
            for (Person n : neighbors()) {
                if (n.state == INFECTED && uniform() < beta * weight(n)) {
                    state = INFECTED;
                    sick = recovery;
                    break;
                }
            }
        } else if (state == INFECTED) {
            sick--;
            if (sick == 0) {
                state = RECOVERED;
            }
        }
    }

    /** Whether the person is susceptible. */
    @Step
    public boolean isSusceptible() {
        return state == SUSCEPTIBLE;
    }

    /** Whether the person is infected. */
    @Step
    public boolean isInfected() {
        return state == INFECTED;
    }

    /** Whether the person has recovered. */
    @Step
    public boolean isRecovered() {
        return state == RECOVERED;
    }
}
