package org.colony.runtime;

import java.lang.reflect.Array;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.colony.ColonyException;
import org.colony.Place;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.ModelDescriptor;
import org.colony.runtime.graph.Graph;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.partition.PartitionedPlaceStore;
import org.colony.runtime.spi.PlaceStore;

/**
 * A collection of places of one model over a grid: run steps on all of them, read and write their
 * attributes, reduce them. Arrays in and out hold one value per cell in global index order
 * ({@code x + size(0) * (y + size(1) * z)}).
 *
 * @param <P> the model class
 */
public final class Places<P extends Place> extends ModelCollection<P> {

    private final Grid grid;
    private final Graph graph;
    private final PlaceStore store;
    private final List<Agents<?>> residents = new ArrayList<>();

    Places(Simulation sim, Class<P> modelClass, ModelDescriptor descriptor, Grid grid, Graph graph, PlaceStore store) {
        super(sim, modelClass, descriptor, store);
        this.grid = grid;
        this.graph = graph;
        this.store = store;
    }

    /** {@return the grid} */
    public Grid grid() {
        return grid;
    }

    /** {@return the graph whose vertices these places are, or null for places on a grid (whose grid is 1-D then)} */
    public Graph graph() {
        return graph;
    }

    /** The number of places. */
    @Override
    public long size() {
        return grid.cells();
    }

    PlaceStore store() {
        return store;
    }

    /**
     * Sets attributes of places from a cell data file (the form of StupidModel's habitat file): one place a line, its
     * coordinates ({@code x y} on a 2-D grid) then one value per attribute named, separated by blanks, tabs, commas
     * or semicolons. Blank lines and lines starting with {@code #} are skipped, and so is a first line that does not
     * start with an integer (a header naming the columns). Places the file does not name keep their values. Every line
     * is checked before anything changes: a wrong number of fields, a coordinate off the grid or not an integer, a
     * place given twice or a value that is not of the attribute's type stops with the file's name and line, and
     * nothing is loaded.
     *
     * @param file the file
     * @param attributes the scalar attributes of the columns after the coordinates, in order
     * @return the number of places the file set
     */
    public long load(Path file, String... attributes) {
        sim.checkOpen();
        if (file == null || attributes == null) {
            throw new ColonyException("load(file, attributes...) needs a file and the attributes of its columns");
        }
        if (grid.cells() > Integer.MAX_VALUE - 8) {
            throw new ColonyException("load(" + file + "): grids of 2^31 places or more are not loaded from text");
        }
        return CellFile.load(this, file, attributes);
    }

    /** Sets a scalar attribute from a primitive array of its own type ({@link CellFile}). */
    void setColumn(String attr, Object values) {
        switch (values) {
            case double[] v -> set(attr, v);
            case float[] v -> set(attr, v);
            case long[] v -> set(attr, v);
            case int[] v -> set(attr, v);
            case short[] v -> set(attr, v);
            case byte[] v -> set(attr, v);
            case boolean[] v -> set(attr, v);
            default -> throw new IllegalArgumentException(values.getClass().toString());
        }
    }

    /**
     * {@return the number of partitions the grid is cut into ({@code --partitions}, {@code --devices}); 1 for one
     * block}
     */
    public int partitions() {
        return store instanceof PartitionedPlaceStore p ? p.topology().partitions() : 1;
    }

    /** {@return how the grid is cut: partitions along each dimension, x first} */
    public int[] partitionShape() {
        if (store instanceof PartitionedPlaceStore p) {
            return Arrays.copyOf(p.topology().counts(), grid.dimensions()); // (a graph's: its part count)
        }
        int[] one = new int[grid.dimensions()];
        Arrays.fill(one, 1);
        return one;
    }

    /**
     * {@return the bytes of each attribute sent between partitions for halos so far, by attribute name, in declaration
     * order; all zero for a grid of one block} An attribute no step reads on another place never moves.
     */
    public Map<String, Long> haloTraffic() {
        Map<String, Long> out = new LinkedHashMap<>();
        for (int a = 0; a < model().attributes().size(); a++) {
            out.put(model().attributes().get(a).name(), store instanceof PartitionedPlaceStore p ? p.exchangedBytes(a)
                    : 0L);
        }
        return Collections.unmodifiableMap(out);
    }

    /** {@return the agent collections living on these places} */
    public List<Agents<?>> residents() {
        return List.copyOf(residents);
    }

    void addResident(Agents<?> agents) {
        residents.add(agents);
    }

    /**
     * {@return the attribute values of one place: boxed scalars, and primitive arrays for array attributes}
     *
     * @param index the place's global index
     */
    public Map<String, Object> get(long index) {
        sim.checkOpen();
        if (index < 0 || index >= grid.cells()) {
            throw new ColonyException("place index " + index + " is out of range; the grid " + grid + " has "
                    + grid.cells() + " cells");
        }
        return work("get " + name + "(" + index + ")", () -> {
            Map<String, Object> values = new LinkedHashMap<>();
            for (int a = 0; a < model.attributes().size(); a++) {
                AttributeInfo info = model.attributes().get(a);
                if (info.isArray()) {
                    Object arr = info.type().newArray(info.length());
                    for (int k = 0; k < info.length(); k++) {
                        Array.set(arr, k, store.value(a, k, index));
                    }
                    values.put(info.name(), arr);
                } else {
                    values.put(info.name(), store.value(a, 0, index));
                }
            }
            return values;
        });
    }

    /**
     * {@return the attribute values of the place at the given coordinates (missing ones are 0)}
     *
     * @param x the place's x
     * @param y the place's y; 0 on a 1-D grid
     * @param z the place's z; 0 on a 1-D or 2-D grid
     */
    public Map<String, Object> get(int x, int y, int z) {
        for (int d = 0; d < 3; d++) {
            int c = d == 0 ? x : d == 1 ? y : z;
            if (c < 0 || c >= grid.size(d)) {
                throw new ColonyException("coordinate " + c + " along dimension " + d + " is outside the grid " + grid);
            }
        }
        return get(grid.index(x, y, z));
    }

    @Override
    String holds() {
        return "these places hold";
    }

    @Override
    String sizeText() {
        return "the grid " + grid + " has " + grid.cells() + " cells";
    }

    void release() {
        store.close();
    }

    @Override
    public String toString() {
        return "Places<" + name + "> on " + (graph != null ? "the " + graph : grid);
    }
}
