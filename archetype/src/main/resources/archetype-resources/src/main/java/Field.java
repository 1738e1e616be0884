package ${package};

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** A cell of the scent field: its scent spreads to the four neighbours and decays, and every walker on it adds some. */
public class Field extends Place {

    /** The scent on this cell. */
    @Attribute
    double scent;

    /**
     * One time step of the field: explicit diffusion over the four neighbours (the grid wraps), decay, then a
     * deposit by each walker on the cell. Neighbours' scent is read as it was before the step.
     *
     * @param rate the share of the difference with each neighbour that flows per step (stable below 0.25)
     * @param decay the share of the scent lost per step
     * @param deposit the scent each walker on the cell adds
     */
    @Step
    public void spread(double rate, double decay, double deposit) {
        Field e = neighbor(1, 0), w = neighbor(-1, 0), n = neighbor(0, -1), s = neighbor(0, 1);
        double mixed = scent + rate * (e.scent + w.scent + n.scent + s.scent - 4 * scent);
        scent = (1 - decay) * mixed + deposit * agentCount(Walker.class);
    }
}
