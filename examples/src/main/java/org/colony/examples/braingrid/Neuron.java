package org.colony.examples.braingrid;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/**
 * A cell of BrainGrid's space: the soma of an excitatory, inhibitory or neutral neuron, or empty neural space that
 * axons and dendrites grow through. A space cell where a synapse formed is closed to growth. A soma sums the signals
 * its synapses delivered in a tick and fires in the next (see {@link #fire}).
 */
public class Neuron extends Place {

    /** {@link #type} of empty space. */
    public static final int SPACE = 0;

    /** {@link #type} of an excitatory soma: amplifies a signal by M and activates signals of its own. */
    public static final int EXCITATORY = 1;

    /** {@link #type} of an inhibitory soma: reduces a signal to M of its value. */
    public static final int INHIBITORY = 2;

    /** {@link #type} of a neutral soma: forwards a signal as it is. */
    public static final int NEUTRAL = 3;

    /** The value of an activated signal, and the most a soma sends out in a tick. */
    public static final double MAX_SIGNAL = 1.0;

    /** {@link #SPACE}, {@link #EXCITATORY}, {@link #INHIBITORY} or {@link #NEUTRAL}. */
    @Attribute
    int type;

    /** A soma's axon direction (0 is +x, 2 is +y, in steps of 45 degrees); its dendrites take the others. */
    @Attribute
    int axonDir;

    /** The synapses formed on this space cell: 0, or 1, which closes it to growth. */
    @Attribute
    int synapses;

    /** A soma's summed input: the signals its synapses delivered in this tick, for the next tick's {@link #fire}. */
    @Attribute
    double input;

    /** A soma's output in this tick: what each of its synapses sends to its dendrite's soma. */
    @Attribute
    double output;

    /** The signals delivered to this soma in this tick. */
    @Attribute
    int received;

    /**
     * Draws the cell's type (a soma with probabilities {@code excitatory}, {@code inhibitory}, {@code neutral}, space
     * otherwise) and a soma's axon direction.
     */
    @Step
    public void init(double excitatory, double inhibitory, double neutral) {
        double u = uniform();
        type = u < excitatory ? EXCITATORY
                : u < excitatory + inhibitory ? INHIBITORY
                : u < excitatory + inhibitory + neutral ? NEUTRAL : SPACE;
        if (type != SPACE) {
            axonDir = uniformInt(8);
        }
    }

    /**
     * A soma fires: an input of {@code threshold} or more is forwarded (amplified by {@code modulation} on an
     * excitatory soma, reduced to {@code modulation} of itself on an inhibitory one, as it is on a neutral one); an
     * excitatory soma adds an activated signal of {@link #MAX_SIGNAL} with probability {@code activation}; the output
     * is at most {@link #MAX_SIGNAL}. The input is then cleared for this tick's signals.
     */
    @Step
    public void fire(double activation, double modulation, double threshold) {
        received = 0;
        if (type == SPACE) {
            return;
        }
        double in = input;
        input = 0;
        double out = 0;
        if (in >= threshold) {
            out = type == EXCITATORY ? in * (1 + modulation) : type == INHIBITORY ? in * modulation : in;
        }
        if (type == EXCITATORY && uniform() < activation) {
            out += MAX_SIGNAL;
        }
        output = Math.min(MAX_SIGNAL, out);
    }

    /** {@return whether this soma sends signals in this tick} */
    @Step
    public boolean firing() {
        return output > 0;
    }
}
