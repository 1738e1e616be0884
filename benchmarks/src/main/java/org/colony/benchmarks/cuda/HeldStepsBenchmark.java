package org.colony.benchmarks.cuda;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.colony.cuda.internal.store.BitColumns;
import org.colony.examples.heat.HeatCell;
import org.colony.examples.life.GameOfLife;
import org.colony.examples.life.LifeCell;
import org.colony.runtime.Config;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;

/**
 * Held place steps on the GPU (temporal blocking, {@code colony.cuda.hold}) against one step at a time, side by side in
 * one run: the Heat2D tick in {@code float} ({@link HeatCellF}) and {@code double} ({@link HeatCell}) and the
 * GameOfLife update (on a grid, or on a torus: "heat2d float torus", "gameoflife torus"), wall time per step over a run of ticks ended by a
 * wait, for each number of steps per pass and tile side given, with a checksum of the final columns (the same for every setting of a model and size).
 *
 * <p>{@code java ... HeldStepsBenchmark [sizes] [depths] [tiles] [models] [layouts]}, e.g. {@code 9000,16384
 * 1,0,2,4,8 0,32 "heat2d float,gameoflife" 1,p2,d2} (one block, 2 partitions of one GPU, one partition on each of 2
 * GPUs); depth 1 runs every step at once (the reference of the ratios; list it first), 0 takes
 * the backend's rule, tile 0 the largest tile the shared memory holds.
 */
public final class HeldStepsBenchmark {

    private HeldStepsBenchmark() {
    }

    /** One model's tick on a fresh simulation, and a checksum of its state. */
    private interface Bench {
        void tick();

        long checksum();

        /** {@return the bytes of device memory the places hold} */
        long bytes();
    }

    public static void main(String[] args) {
        String why = Gpu.unavailableReason();
        if (why != null) {
            System.out.println("no GPU: " + why);
            return;
        }
        int[] sizes = ints(args.length > 0 ? args[0] : "3000,9000,16384");
        int[] depths = ints(args.length > 1 ? args[1] : "1,0,2,3,4,6,8");
        int[] tiles = ints(args.length > 2 ? args[2] : "0");
        List<String> layouts = List.of((args.length > 4 ? args[4] : "1").split(","));
        List<String> rows = new ArrayList<>();
        rows.add("| model | size | layout | steps a pass | tile | ms/step | one at a time ÷ held | MiB held | checksum |");
        rows.add("|---|---:|---|---:|---:|---:|---:|---:|---|");
        List<String> models = List.of((args.length > 3 ? args[3] : "heat2d float,heat2d double,gameoflife").split(","));
        for (String model : models) {
            for (int n : sizes) {
                for (String layout : layouts) {
                double base = Double.NaN;
                for (int depth : depths) {
                    for (int tile : depth == 1 ? new int[] {0} : tiles) {
                        long bitPasses = BitColumns.passesOnBits();
                        long packs = BitColumns.packs();
                        long unpacks = BitColumns.unpacks();
                        double[] result = time(model, n, depth, tile, layout);
                        if (depth == 1) {
                            base = result[0];
                        }
                        String row = String.format(Locale.ROOT, "| %s | %d² | %s | %s | %s | %.4f | %.2fx | %.1f | %016x |",
                                model, n, layoutName(layout),
                                depth == 1 ? "1 (not held)" : depth == 0 ? "rule" : Integer.toString(depth),
                                depth == 1 ? "-" : tile == 0 ? "largest" : Integer.toString(tile), result[0],
                                base / result[0], result[2] / (1 << 20), (long) result[1]);
                        rows.add(row);
                        System.out.println(row);
                        if (BitColumns.passesOnBits() > bitPasses) { // (colony.cuda.bitStorage)
                            System.out.printf(Locale.ROOT, "  booleans as bits: %d passes on bits, %d columns packed, "
                                    + "%d unpacked%n", BitColumns.passesOnBits() - bitPasses, BitColumns.packs() - packs,
                                    BitColumns.unpacks() - unpacks);
                        }
                    }
                }
                }
            }
        }
        System.out.println();
        rows.forEach(System.out::println);
    }

    /** {@return the layout in words: {@code 1} one block, {@code pK} K partitions of one GPU, {@code dK} K GPUs} */
    private static String layoutName(String layout) {
        return layout.equals("1") ? "one block" : layout.startsWith("p") ? layout.substring(1) + " partitions, one GPU"
                : layout.substring(1) + " GPUs";
    }

    /**
     * {@return ms per step, the checksum, and the device memory the places held after the timed ticks (before the
     * checksum's read)}
     */
    private static double[] time(String model, int n, int depth, int tile, String layout) {
        System.setProperty("colony.cuda.hold", Integer.toString(depth));
        System.setProperty("colony.cuda.hold.tile", Integer.toString(tile));
        System.setProperty("colony.cuda.hold.compile", "wait"); // the steady state: held from the first tick
        Config config = Config.defaults().withBackend("cuda").withSeed(42);
        if (layout.startsWith("p")) {
            config = config.withPartitions(Integer.parseInt(layout.substring(1)));
        } else if (layout.startsWith("d")) {
            config = config.withDevices(Integer.parseInt(layout.substring(1)));
        }
        try (Simulation sim = Simulation.create(config)) {
            Bench b = bench(model, sim, n);
            long cells = (long) n * n;
            // about 400 G cell updates timed (0.1 to 1 s on an H100), after a quarter as many that bring the clocks up
            int ticks = (int) Math.max(240, Math.min(48_000, 400_000_000_000L / cells)) / 24 * 24;
            int warm = Math.max(24, ticks / 4 / 24 * 24);
            for (int t = 0; t < warm; t++) {
                b.tick();
            }
            sim.synchronize();
            long t0 = System.nanoTime();
            for (int t = 0; t < ticks; t++) {
                b.tick();
            }
            sim.synchronize();
            double ms = (System.nanoTime() - t0) / 1e6 / ticks;
            long bytes = b.bytes();
            return new double[] {ms, b.checksum(), bytes};
        } finally {
            System.clearProperty("colony.cuda.hold");
            System.clearProperty("colony.cuda.hold.tile");
            System.clearProperty("colony.cuda.hold.compile");
        }
    }

    private static Bench bench(String model, Simulation sim, int n) {
        return switch (model) {
            case "heat2d float", "heat2d float torus" -> {
                Places<HeatCellF> p = sim.places(HeatCellF.class, model.endsWith("torus") ? Grid.of(n, n).wrap()
                        : Grid.of(n, n));
                yield new Bench() {
                    public void tick() {
                        p.callAll(HeatCellF::tick, 0.25f, 19.0f, sim.time() < 2700);
                        sim.step();
                    }

                    public long checksum() {
                        float[] v = p.getFloat("temp");
                        return Arrays.hashCode(v);
                    }

                    public long bytes() {
                        return p.memoryBytes();
                    }
                };
            }
            case "heat2d double" -> {
                Places<HeatCell> p = sim.places(HeatCell.class, Grid.of(n, n));
                yield new Bench() {
                    public void tick() {
                        p.callAll(HeatCell::tick, 0.25, 19.0, sim.time() < 2700);
                        sim.step();
                    }

                    public long checksum() {
                        return Arrays.hashCode(p.getDouble("temp"));
                    }

                    public long bytes() {
                        return p.memoryBytes();
                    }
                };
            }
            default -> { // gameoflife, or "gameoflife torus"
                Places<LifeCell> p = sim.places(LifeCell.class, model.endsWith("torus") ? Grid.of(n, n).wrap()
                        : Grid.of(n, n));
                p.callAll(LifeCell::seed, GameOfLife.DENSITY);
                yield new Bench() {
                    public void tick() {
                        p.callAll(LifeCell::update);
                        sim.step();
                    }

                    public long checksum() {
                        return Arrays.hashCode(p.getBoolean("alive"));
                    }

                    public long bytes() {
                        return p.memoryBytes();
                    }
                };
            }
        };
    }

    private static int[] ints(String list) {
        return Arrays.stream(list.split(",")).mapToInt(Integer::parseInt).toArray();
    }
}
