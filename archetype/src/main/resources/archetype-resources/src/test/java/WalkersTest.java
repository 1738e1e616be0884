package ${package};

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.colony.runtime.Config;
import org.colony.runtime.Simulation;
import org.junit.jupiter.api.Test;

/**
 * The model against its sequential reference, bit for bit. The backend is Colony's default, {@code auto} (a GPU
 * where one is usable), or the one named by {@code -Dcolony.backend=cpu|cuda}.
 */
class WalkersTest {

    private static final int WIDTH = 48;
    private static final int HEIGHT = 32;
    private static final long SEED = 7;
    private static final int STEPS = 60;

    @Test
    void fieldAndWalkers_matchTheSequentialReference() {
        Walkers p = Walkers.defaults(WIDTH, HEIGHT);
        WalkersReference reference = new WalkersReference(WIDTH, HEIGHT, SEED, p);
        try (Simulation sim = Simulation.create(Config.fromArgs().withSeed(SEED))) {
            Walkers.World world = p.start(sim, WIDTH, HEIGHT);
            assertArrayEquals(reference.where, world.walkers().locations(), "walkers placed");
            for (int t = 1; t <= STEPS; t++) {
                world.tick();
                reference.tick();
                assertArrayEquals(reference.where, world.walkers().locations(), "walkers after step " + t);
                assertArrayEquals(reference.scent, world.field().getDouble("scent"), "scent after step " + t);
            }
            assertArrayEquals(reference.followed, world.walkers().getInt("followed"));
        }
    }

    @Test
    void checksum_isTheSameOnEveryThreadAndPartitionCount() {
        String one = checksum(Config.defaults().withBackend("cpu").withThreads(1));
        assertEquals(one, checksum(Config.defaults().withBackend("cpu").withThreads(3)));
        assertEquals(one, checksum(Config.defaults().withBackend("cpu").withThreads(2).withPartitions(2, 2)));
    }

    private static String checksum(Config config) {
        try (Simulation sim = Simulation.create(config.withSeed(SEED))) {
            Walkers.World world = Walkers.defaults(WIDTH, HEIGHT).start(sim, WIDTH, HEIGHT);
            for (int t = 0; t < STEPS; t++) {
                world.tick();
            }
            return world.field().checksum() + world.walkers().checksum();
        }
    }
}
