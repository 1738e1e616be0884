package ${package};

import org.colony.Agent;
import org.colony.Attribute;
import org.colony.Step;

/** A walker on the field: follows the scent or wanders at random, one cell a step. */
public class Walker extends Agent<Field> {

    /** How many times this walker has followed the scent. */
    @Attribute
    int followed;

    /**
     * With probability {@code follow} steps to the neighbouring cell with the most scent (the first of east, west,
     * south, north among equals), otherwise to one of the four at random. The move happens at the next
     * {@code manageAll}.
     *
     * @param follow the probability of following the scent
     */
    @Step
    public void walk(double follow) {
        int dx = 0, dy = 0;
        if (uniform() < follow) {
            double best = -1;
            for (int k = 0; k < 4; k++) {
                int ox = k == 0 ? 1 : k == 1 ? -1 : 0;
                int oy = k == 2 ? 1 : k == 3 ? -1 : 0;
                double there = neighborPlace(ox, oy).scent;
                if (there > best) {
                    best = there;
                    dx = ox;
                    dy = oy;
                }
            }
            followed++;
        } else {
            int k = uniformInt(4);
            dx = k == 0 ? 1 : k == 1 ? -1 : 0;
            dy = k == 2 ? 1 : k == 3 ? -1 : 0;
        }
        migrate(dx, dy);
    }
}
