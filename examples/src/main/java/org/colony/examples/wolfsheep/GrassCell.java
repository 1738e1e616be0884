package org.colony.examples.wolfsheep;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** A patch of the wolf-sheep world: grass that sheep eat and that grows back after a countdown. */
public class GrassCell extends Place {

    @Attribute
    boolean grass;

    @Attribute
    int countdown;

    /** How many sheep ate here this tick (written by sheep, cleared by {@link #regrow}). */
    @Attribute
    int eaten;

    /** Half the patches start with grass; bare ones start their countdown at a random point. */
    @Step
    public void init(int regrowth) {
        grass = uniform() < 0.5;
        countdown = grass ? regrowth : uniformInt(regrowth);
    }

    /** Grass that was eaten is gone; bare patches count down and grow back. */
    @Step
    public void regrow(int regrowth) {
        if (eaten > 0) {
            grass = false;
            eaten = 0;
        }
        if (!grass) {
            if (countdown <= 0) {
                grass = true;
                countdown = regrowth;
            } else {
                countdown--;
            }
        }
    }
}
