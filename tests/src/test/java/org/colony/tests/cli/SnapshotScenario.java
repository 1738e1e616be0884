package org.colony.tests.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.cli.Scenario;
import org.colony.runtime.grid.Grid;
import org.colony.tests.lang.HistoryCell;

/**
 * {@code mass run snapshotfield}, for the snapshot tests: array attributes with known values ({@code h[k]} at place i
 * is {@code i * (k + 1)}), a NaN and a +infinity in {@code d[1]}, and {@code --param spoil=FILE} removes that file
 * (a directory the snapshots go to, with what it holds) after step 2, so that the next frame cannot be written. Its
 * ticks change nothing else.
 */
public final class SnapshotScenario implements Scenario {

    private Places<HistoryCell> cells;
    private Path spoil;
    private long ticks;

    @Override
    public String name() {
        return "snapshotfield";
    }

    @Override
    public String description() {
        return "a test field of array attributes for the snapshot tests";
    }

    @Override
    public int[] defaultSize() {
        return new int[] {8, 4};
    }

    @Override
    public long defaultSteps() {
        return 1;
    }

    @Override
    public void setup(Simulation sim, int[] size, Map<String, String> params) {
        checkParams(params, "spoil");
        spoil = params.containsKey("spoil") ? Path.of(params.get("spoil")) : null;
        cells = sim.places(HistoryCell.class, Grid.of(size[0], size[1]));
        int n = size[0] * size[1];
        for (int k = 0; k < 4; k++) {
            int[] h = new int[n];
            for (int i = 0; i < n; i++) {
                h[i] = i * (k + 1);
            }
            cells.set("h", k, h);
        }
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = i;
        }
        d[1] = Double.NaN;
        d[2] = Double.POSITIVE_INFINITY;
        cells.set("d", 1, d);
    }

    @Override
    public void tick() {
        if (++ticks == 2 && spoil != null) {
            try (var files = Files.list(spoil)) {
                for (Path f : files.toList()) {
                    Files.delete(f);
                }
                Files.delete(spoil);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Override
    public List<Places<?>> collections() {
        return List.of(cells);
    }
}
