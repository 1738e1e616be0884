package org.colony.examples.sugarscape;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.colony.kernel.RandomStream;

/**
 * SugarScape as a plain sequential program, written from the benchmark description and Colony's
 * documented rules for randomness and manageAll (docs/agents.md), without the framework: every random
 * number is a draw of {@code RandomStream(seed, epoch)} for the documented instance and epoch.
 */
final class SugarScapeReference {

    /** One ant. */
    static final class Ant {
        final long id;
        int x;
        int y;
        int sugar;
        int metabolism;
        int vision;
        int tx = -1;
        int ty = -1;
        boolean dead;

        Ant(long id, int x, int y) {
            this.id = id;
            this.x = x;
            this.y = y;
        }
    }

    final int n;
    final long seed;
    final int[] sugar;
    final int[] maxSugar;
    final double[] pollution;
    List<Ant> ants = new ArrayList<>();
    long epoch;

    SugarScapeReference(int n, long seed) {
        this.n = n;
        this.seed = seed;
        sugar = new int[n * n];
        maxSugar = new int[n * n];
        pollution = new double[n * n];
        double r = n / 2;
        int a = n / 3;
        int b = n - n / 3 - 1;
        for (int y = 0; y < n; y++) {
            for (int x = 0; x < n; x++) {
                maxSugar[x + n * y] = Math.max(peak(x, y, a, b, r), peak(x, y, b, a, r));
                sugar[x + n * y] = maxSugar[x + n * y];
            }
        }
        // Placement.random(n*n/5).atMost(1): each place gets a 63-bit key, the smallest keys win.
        int count = n * n / 5;
        RandomStream rng = new RandomStream(seed, epoch++);
        long[] keys = new long[n * n];
        for (int s = 0; s < n * n; s++) {
            rng.reset(s);
            keys[s] = ((rng.nextInt() & 0xFFFF_FFFFL) << 31) | ((rng.nextInt() & 0xFFFF_FFFFL) >>> 1);
        }
        long[] sorted = keys.clone();
        Arrays.sort(sorted);
        long threshold = count == 0 ? Long.MIN_VALUE : sorted[count - 1];
        long below = Arrays.stream(sorted).filter(k -> k < threshold).count();
        long ties = count - below;
        long id = 0;
        for (int s = 0; s < n * n && id < count; s++) {
            if (keys[s] < threshold || (keys[s] == threshold && ties-- > 0)) {
                ants.add(new Ant(id++, s % n, s / n));
            }
        }
        // Ant.init: sugar 1..10, metabolism 1..4, vision 3.
        rng = new RandomStream(seed, epoch++);
        for (Ant ant : ants) {
            rng.reset(ant.id);
            ant.sugar = 1 + rng.uniformInt(10);
            ant.metabolism = 1 + rng.uniformInt(4);
            ant.vision = 3;
        }
    }

    private static int peak(int x, int y, int px, int py, double r) {
        double dx = x - px;
        double dy = y - py;
        double dist = Math.sqrt(dx * dx + dy * dy);
        return dist < r ? (int) (4 + 0.5 - 4 / r * dist) : 0;
    }

    void tick() {
        // (1) grow.
        for (int i = 0; i < n * n; i++) {
            sugar[i] = Math.min(sugar[i] + 1, maxSugar[i]);
            pollution[i] += 1;
        }
        // (2) pollution diffuses from the four neighbours' old values.
        double[] old = pollution.clone();
        for (int y = 0; y < n; y++) {
            for (int x = 0; x < n; x++) {
                pollution[x + n * y] = (at(old, x + 1, y) + at(old, x - 1, y) + at(old, x, y + 1) + at(old, x, y - 1)) / 4;
            }
        }
        // (3) look: the best unoccupied place along the lattice directions, nearest first, random on ties.
        boolean[] occupied = new boolean[n * n];
        for (Ant ant : ants) {
            occupied[ant.x + n * ant.y] = true;
        }
        RandomStream rng = new RandomStream(seed, epoch++);
        for (Ant ant : ants) {
            rng.reset(ant.id);
            double best = -1;
            int bestDistance = 0;
            int count = 0;
            int toX = 0;
            int toY = 0;
            for (int d = 1; d <= ant.vision; d++) {
                int[][] dirs = {{d, 0}, {-d, 0}, {0, d}, {0, -d}};
                for (int[] dir : dirs) {
                    int x = ant.x + dir[0];
                    int y = ant.y + dir[1];
                    if (x < 0 || y < 0 || x >= n || y >= n || occupied[x + n * y]) {
                        continue;
                    }
                    double value = sugar[x + n * y] / (1 + pollution[x + n * y]);
                    if (value > best) {
                        best = value;
                        bestDistance = d;
                        count = 1;
                        toX = dir[0];
                        toY = dir[1];
                    } else if (value == best && d == bestDistance) {
                        count++;
                        if (rng.uniformInt(count) == 0) {
                            toX = dir[0];
                            toY = dir[1];
                        }
                    }
                }
            }
            ant.tx = count > 0 ? ant.x + toX : -1;
            ant.ty = count > 0 ? ant.y + toY : -1;
        }
        // (4) moves, at most one ant per place: among ants asking for the same place, the highest
        // priority (64 bits of the ant's stream in manageAll's epoch) wins, the lower id on equal priority.
        rng = new RandomStream(seed, epoch++);
        Ant[] winner = new Ant[n * n];
        long[] winnerKey = new long[n * n];
        for (Ant ant : ants) {
            if (ant.tx < 0) {
                continue;
            }
            rng.reset(ant.id);
            long key = ((rng.nextInt() & 0xFFFF_FFFFL) << 32) | (rng.nextInt() & 0xFFFF_FFFFL);
            int dest = ant.tx + n * ant.ty;
            if (occupied[dest]) {
                continue;
            }
            Ant w = winner[dest];
            if (w == null || Long.compareUnsigned(key, winnerKey[dest]) > 0
                    || (key == winnerKey[dest] && ant.id < w.id)) {
                winner[dest] = ant;
                winnerKey[dest] = key;
            }
        }
        for (Ant ant : ants) {
            if (ant.tx >= 0 && winner[ant.tx + n * ant.ty] == ant) {
                ant.x = ant.tx;
                ant.y = ant.ty;
            }
            ant.tx = -1;
        }
        // (5) metabolize: eat the place's sugar (as it was before the step), pollute, die when short.
        int[] sugarBefore = sugar.clone();
        for (Ant ant : ants) {
            int p = ant.x + n * ant.y;
            ant.sugar += sugarBefore[p] - ant.metabolism;
            sugar[p] = 0;
            pollution[p] += ant.metabolism;
            ant.dead = ant.sugar < 0;
        }
        // (6) deaths, order kept.
        epoch++;
        ants.removeIf(a -> a.dead);
    }

    private double at(double[] v, int x, int y) {
        return x < 0 || y < 0 || x >= n || y >= n ? 0 : v[x + n * y];
    }
}
