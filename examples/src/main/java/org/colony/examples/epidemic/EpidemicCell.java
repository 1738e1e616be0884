package org.colony.examples.epidemic;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/**
 * A cell of the Epidemic grid: a population split into susceptible, infected and recovered shares (an SIR model
 * per cell, coupled to the four neighbours). Contact rates differ from cell to cell (log-normal, drawn with
 * {@code normal()}); each tick a susceptible share is infected with probability {@code 1 - exp(-force * dt)} and an
 * infected share recovers with probability {@code 1 - exp(-gamma * dt)}.
 */
public class EpidemicCell extends Place {

    @Attribute
    double s;

    @Attribute
    double i;

    @Attribute
    double r;

    @Attribute
    double beta;

    /** Everyone susceptible except where a draw seeds an outbreak; the contact rate is meanBeta * exp(spread * N(0, 1)). */
    @Step
    public void seed(double meanBeta, double spread, double outbreaks) {
        beta = meanBeta * Math.exp(spread * normal());
        s = 1.0;
        i = 0.0;
        r = 0.0;
        if (uniform() < outbreaks) {
            s = 0.99;
            i = 0.01;
        }
    }

    /** One tick of infection (from the cell and its neighbours, mixed by {@code mobility}) and recovery. */
    @Step
    public void spread(double dt, double gamma, double mobility) {
        double near = i;
        if (!onBoundary()) {
            EpidemicCell e = neighbor(1, 0), w = neighbor(-1, 0), n = neighbor(0, -1), so = neighbor(0, 1);
            near = (1 - mobility) * i + mobility * 0.25 * (e.i + w.i + n.i + so.i);
        }
        double infected = s * (1.0 - Math.exp(-beta * near * dt));
        double recovered = i * (1.0 - Math.exp(-gamma * dt));
        s = s - infected;
        i = i + infected - recovered;
        r = r + recovered;
    }
}
