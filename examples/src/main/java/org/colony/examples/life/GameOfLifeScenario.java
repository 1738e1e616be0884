package org.colony.examples.life;

import java.util.List;
import java.util.Map;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.cli.Scenario;

/** {@code mass run gameoflife}: Conway's Game of Life from a random half-full board. */
public final class GameOfLifeScenario implements Scenario {

    private GameOfLife life;

    @Override
    public String name() {
        return "gameoflife";
    }

    @Override
    public String description() {
        return "Conway's Game of Life (B3/S23) from a random half-full board";
    }

    @Override
    public int[] defaultSize() {
        return new int[] {1000, 1000};
    }

    @Override
    public long defaultSteps() {
        return 1000;
    }

    @Override
    public void setup(Simulation sim, int[] size, Map<String, String> params) {
        checkParams(params);
        life = new GameOfLife(sim, squareSide(size, "board"));
    }

    @Override
    public void tick() {
        life.tick();
    }

    @Override
    public List<Places<?>> collections() {
        return List.of(life.board());
    }

    @Override
    public String status() {
        return "alive " + life.population();
    }
}
