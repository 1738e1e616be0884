package org.colony.examples.wolfsheep;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.colony.kernel.RandomStream;

/**
 * Wolf-sheep-grass as a plain sequential program, written from the model's rules (see {@link Sheep},
 * {@link Wolf}, {@link GrassCell}) and Colony's documented rules for randomness and manageAll, without the
 * framework: each random number is a draw of {@code RandomStream(seed, epoch)} for the documented instance
 * (place index or agent id) and epoch (one per call of a random-drawing step, placement or manageAll).
 */
final class WolfSheepReference {

    /** An animal. */
    static final class Animal {
        final long id;
        long place;
        double energy;
        long target = -1;
        int lambs;
        boolean dead;

        Animal(long id, long place) {
            this.id = id;
            this.place = place;
        }
    }

    final int w;
    final int h;
    final long seed;
    final WolfSheep p;
    final boolean[] grass;
    final int[] countdown;
    final int[] eaten;
    List<Animal> sheep;
    List<Animal> wolves;
    long nextSheep;
    long nextWolf;
    long epoch;

    WolfSheepReference(int w, int h, long seed, WolfSheep p) {
        this.w = w;
        this.h = h;
        this.seed = seed;
        this.p = p;
        grass = new boolean[w * h];
        countdown = new int[w * h];
        eaten = new int[w * h];
        RandomStream rng = new RandomStream(seed, epoch++);
        for (int i = 0; i < w * h; i++) {
            rng.reset(i);
            grass[i] = rng.uniform() < 0.5;
            countdown[i] = grass[i] ? p.regrowth() : rng.uniformInt(p.regrowth());
        }
        sheep = place(p.sheepCount());
        nextSheep = sheep.size();
        init(sheep, p.sheepGain());
        wolves = place(p.wolfCount());
        nextWolf = wolves.size();
        init(wolves, p.wolfGain());
    }

    /** Placement.random(n): agent i at a uniform place, then ids in order of place. */
    private List<Animal> place(int n) {
        RandomStream rng = new RandomStream(seed, epoch++);
        long[] where = new long[n];
        for (int i = 0; i < n; i++) {
            rng.reset(i);
            where[i] = rng.uniformInt(w * h);
        }
        Arrays.sort(where);
        List<Animal> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(new Animal(i, where[i]));
        }
        return out;
    }

    private void init(List<Animal> animals, int gain) {
        RandomStream rng = new RandomStream(seed, epoch++);
        for (Animal a : animals) {
            rng.reset(a.id);
            a.energy = rng.uniformInt(2 * gain);
        }
    }

    private void move(List<Animal> animals) {
        RandomStream rng = new RandomStream(seed, epoch++);
        for (Animal a : animals) {
            rng.reset(a.id);
            int k = rng.uniformInt(8);
            k = k < 4 ? k : k + 1;
            int x = (int) (a.place % w) + k % 3 - 1;
            int y = (int) (a.place / w) + k / 3 - 1;
            a.target = Math.floorMod(x, w) + (long) w * Math.floorMod(y, h);
            a.energy -= 1;
        }
    }

    /** manageAll with no capacity limit: deaths, moves, births at the parent's place; ids continue. */
    private List<Animal> manage(List<Animal> animals, boolean wolves) {
        epoch++;
        List<Animal> next = new ArrayList<>();
        List<Animal> born = new ArrayList<>();
        for (Animal a : animals) {
            if (a.target >= 0) {
                a.place = a.target;
            }
            a.target = -1;
            if (!a.dead) {
                next.add(a);
            }
        }
        for (Animal a : animals) {
            for (int i = 0; i < a.lambs; i++) {
                Animal child = new Animal(wolves ? nextWolf++ : nextSheep++, a.place);
                child.energy = a.energy;
                born.add(child);
            }
            a.lambs = 0;
        }
        next.addAll(born);
        return next;
    }

    private int[] count(List<Animal> animals) {
        int[] c = new int[w * h];
        for (Animal a : animals) {
            c[(int) a.place]++;
        }
        return c;
    }

    private long[] lowest(List<Animal> animals) {
        long[] low = new long[w * h];
        Arrays.fill(low, Long.MAX_VALUE);
        for (Animal a : animals) {
            low[(int) a.place] = Math.min(low[(int) a.place], a.id);
        }
        return low;
    }

    void tick() {
        move(sheep);
        move(wolves);
        sheep = manage(sheep, false);
        wolves = manage(wolves, true);
        // Sheep act, then wolves act, both on the same positions; kills and births wait for manageAll.
        int[] wolvesHere = count(wolves);
        int[] sheepHere = count(sheep);
        long[] firstSheep = lowest(sheep);
        long[] firstWolf = lowest(wolves);
        boolean[] grassBefore = grass.clone();
        RandomStream rng = new RandomStream(seed, epoch++);
        for (Animal s : sheep) {
            rng.reset(s.id);
            boolean first = firstSheep[(int) s.place] == s.id;
            if (first && wolvesHere[(int) s.place] > 0) {
                s.dead = true;
                continue;
            }
            if (first && grassBefore[(int) s.place]) {
                s.energy += p.sheepGain();
                eaten[(int) s.place]++;
            }
            if (rng.uniform() < p.sheepBreed()) {
                s.energy /= 2;
                s.lambs++;
            }
            if (s.energy < 0) {
                s.dead = true;
            }
        }
        rng = new RandomStream(seed, epoch++);
        for (Animal f : wolves) {
            rng.reset(f.id);
            boolean first = firstWolf[(int) f.place] == f.id;
            if (first && sheepHere[(int) f.place] > 0) {
                f.energy += p.wolfGain();
            }
            if (rng.uniform() < p.wolfBreed()) {
                f.energy /= 2;
                f.lambs++;
            }
            if (f.energy < 0) {
                f.dead = true;
            }
        }
        for (int i = 0; i < w * h; i++) {
            if (eaten[i] > 0) {
                grass[i] = false;
                eaten[i] = 0;
            }
            if (!grass[i]) {
                if (countdown[i] <= 0) {
                    grass[i] = true;
                    countdown[i] = p.regrowth();
                } else {
                    countdown[i]--;
                }
            }
        }
        sheep = manage(sheep, false);
        wolves = manage(wolves, true);
    }
}
