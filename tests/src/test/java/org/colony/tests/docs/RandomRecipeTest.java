package org.colony.tests.docs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.colony.runtime.Agents;
import org.colony.runtime.Config;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.colony.tests.lang.Lang;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code docs/random.md}'s recipe makes Colony's draws: its Java class ({@link ColonyDraws}, which must be the
 * page's code word for word) reproduces the draws of places and agents, with the epochs the page's rules give, on
 * the tests' backend; the worked example's numbers are the recipe's.
 */
class RandomRecipeTest {

    private static final Path PAGE = Path.of("..", "docs", "random.md");
    private static final int REJECTING = 3 << 29;

    @Test
    void pagesJavaClass_isThisTestsReference() throws IOException {
        Matcher m = Pattern.compile("```java\n(/\\*\\* The draws of one instance.*?\n)```", Pattern.DOTALL)
                .matcher(Files.readString(PAGE, StandardCharsets.UTF_8));
        assertTrue(m.find(), "docs/random.md has no ColonyDraws class");
        String source = Files.readString(Path.of("src", "test", "java", "org", "colony", "tests", "docs",
                "ColonyDraws.java"), StandardCharsets.UTF_8);
        assertEquals("package org.colony.tests.docs;\n\n" + m.group(1), source,
                "ColonyDraws.java is not the class that docs/random.md prints");
    }

    @Test
    void philox_givesRandom123sKnownAnswers() {
        assertEquals("6627e8d5 e169c58d bc57ac4c 9b00dbd8", hex(ColonyDraws.philox(0, 0, 0, 0, 0, 0)));
        assertEquals("d16cfe09 94fdcceb 5001e420 24126ea1", hex(ColonyDraws.philox(0x243f6a88, 0x85a308d3,
                0x13198a2e, 0x03707344, 0xa4093822, 0x299f31d0)));
    }

    @Test
    void workedExample_numbersAreTheRecipes() throws IOException {
        String page = Files.readString(PAGE, StandardCharsets.UTF_8);
        String block0 = hex(ColonyDraws.philox(0, 1, 7, 0, 42, 0));
        String block1 = hex(ColonyDraws.philox(1, 1, 7, 0, 42, 0));
        ColonyDraws d = new ColonyDraws(42, 1, 7);
        double u = d.uniform();
        int face = d.uniformInt(6);
        double g = d.normal();
        for (String shown : new String[] {"`" + block0 + "`", "`" + block1 + "`", "`" + u + "`",
            "`face` = `" + face + "`", "`" + g + "`"}) {
            assertTrue(page.contains(shown), "docs/random.md's worked example lacks " + shown);
        }
        try (Simulation sim = Lang.sim(2, 42)) {
            Places<Dice> dice = sim.places(Dice.class, Grid.of(10, 10));
            dice.callAll(Dice::roll);
            dice.callAll(Dice::quiet);
            dice.callAll(Dice::roll);
            assertEquals(u, dice.getDouble("u")[7]);
            assertEquals(face, dice.getInt("face")[7]);
            assertEquals(g, dice.getDouble("g")[7]);
        }
    }

    @ParameterizedTest(name = "{0}x{1} threads={2} partitions={3} seed={4}")
    @CsvSource({
        "10, 10, 1, 1, 42",
        "61, 47, 3, 1, -3",
        "64, 60, 2, 4, 9007199254740993",
    })
    void placesDraw_asTheRecipeSays_withTheEpochRules(int w, int h, int threads, int partitions, long seed) {
        Config config = Config.defaults().withBackend(Lang.backend()).withThreads(threads).withSeed(seed);
        try (Simulation sim = Simulation.create(partitions > 1 ? config.withPartitions(partitions) : config)) {
            Places<Dice> dice = sim.places(Dice.class, Grid.of(w, h));
            int cells = w * h;
            dice.callAll(Dice::roll);                         // epoch 0
            checkRoll(dice, seed, 0, cells, "first roll");
            dice.callAll(Dice::quiet);                        // draws nothing: no epoch
            assertEquals(1, sim.epoch());
            long heads = 0;
            for (int i = 0; i < cells; i++) {
                heads += new ColonyDraws(seed, 1, i).uniform() < 0.5 ? 1 : 0;
            }
            assertEquals(heads, dice.count(Dice::heads));      // epoch 1
            dice.sum("g");                                    // a reduction: no epoch
            sim.step();                                       // no epoch
            dice.callAll(Dice::pick, REJECTING);              // epoch 2
            int[] face = new int[cells];
            double[] g = dice.getDouble("g").clone();
            int rejected = 0;
            for (int i = 0; i < cells; i++) {
                ColonyDraws d = new ColonyDraws(seed, 2, i);
                face[i] = d.uniformInt(REJECTING);
                rejected += new ColonyDraws(seed, 2, i).word() * REJECTING % (1L << 32) < (1L << 30) ? 1 : 0;
                if (face[i] % 2 == 0) {
                    g[i] = d.normal() + d.uniform();
                }
            }
            assertTrue(rejected > cells / 8, "the bound rejects a first word often: " + rejected);
            assertArrayEquals(face, dice.getInt("face"), "pick");
            assertArrayEquals(g, dice.getDouble("g"), 0.0, "pick's normal() + uniform()");
            dice.callAll(Dice::roll);                         // epoch 3
            checkRoll(dice, seed, 3, cells, "roll after a count, a reduction and a step");
            assertEquals(4, sim.epoch());
        }
    }

    private static void checkRoll(Places<Dice> dice, long seed, long epoch, int cells, String when) {
        double[] u = new double[cells];
        int[] face = new int[cells];
        double[] g = new double[cells];
        for (int i = 0; i < cells; i++) {
            ColonyDraws d = new ColonyDraws(seed, epoch, i);
            u[i] = d.uniform();
            face[i] = d.uniformInt(6);
            g[i] = d.normal();
        }
        assertArrayEquals(u, dice.getDouble("u"), 0.0, when + ": u");
        assertArrayEquals(face, dice.getInt("face"), when + ": face");
        assertArrayEquals(g, dice.getDouble("g"), 0.0, when + ": g");
    }

    @Test
    void agentsDraw_keyedByTheirIds_andPlacementAndManageAllTakeEpochs() {
        long seed = 77;
        int cells = 30 * 20;
        int count = 500;
        try (Simulation sim = Lang.sim(2, seed)) {
            Places<Dice> dice = sim.places(Dice.class, Grid.of(30, 20));
            dice.callAll(Dice::roll);                                               // epoch 0
            Agents<Roller> rollers = sim.agents(Roller.class, dice, Placement.random(count)); // epoch 1
            long[] places = new long[count];
            for (int i = 0; i < count; i++) {
                places[i] = new ColonyDraws(seed, 1, i).uniformInt(cells);
            }
            Arrays.sort(places);
            assertArrayEquals(places, rollers.locations(), "random placement: drawn per agent, ids in place order");
            rollers.callAll(Roller::roll);                                          // epoch 2
            checkAgents(rollers, seed, 2, "first roll");
            rollers.manageAll();                                                    // epoch 3, nothing to do
            rollers.callAll(Roller::roll);                                          // epoch 4
            checkAgents(rollers, seed, 4, "after manageAll");
            assertEquals(5, sim.epoch());
        }
    }

    private static void checkAgents(Agents<Roller> rollers, long seed, long epoch, String when) {
        long[] ids = rollers.ids();
        double[] u = new double[ids.length];
        int[] face = new int[ids.length];
        double[] g = new double[ids.length];
        for (int i = 0; i < ids.length; i++) {
            ColonyDraws d = new ColonyDraws(seed, epoch, ids[i]);
            u[i] = d.uniform();
            face[i] = d.uniformInt(6);
            g[i] = d.normal();
        }
        assertArrayEquals(u, rollers.getDouble("u"), 0.0, when + ": u");
        assertArrayEquals(face, rollers.getInt("face"), when + ": face");
        assertArrayEquals(g, rollers.getDouble("g"), 0.0, when + ": g");
    }

    private static String hex(int[] words) {
        StringBuilder sb = new StringBuilder();
        for (int w : words) {
            sb.append(sb.isEmpty() ? "" : " ").append(String.format(Locale.ROOT, "%08x", w));
        }
        return sb.toString();
    }
}
