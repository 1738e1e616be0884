package org.colony.tests.mpi;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.colony.ColonyException;
import org.colony.runtime.Agents;
import org.colony.runtime.Config;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.cli.Scenario;
import org.colony.tests.agents.AddAgentsTest;
import org.colony.tests.agents.AgentWritesTest;
import org.colony.tests.agents.FloatSumsTest;
import org.colony.tests.agents.NeighbourWritesTest;
import org.colony.tests.agents.PriorityTest;

/**
 * A driver program run by every rank under {@code mpirun} in the MPI tests, and in-process for the reference. Each
 * argument is a case {@code model:side:steps:partitionsPerRank}; rank 0 prints one line per case: the model, the
 * partitions, the checksums of every collection and a hash of the status after every step (populations).
 * The cases {@code bidders:C:0:K} (agents ranked by {@code @Priority}, capacity C, breeding) and
 * {@code additions:0:0:K} (agents added by the driver between steps), {@code writes:0:0:K} (agents writing,
 * killing and asking for agents of another class) and {@code neighbours:0:0:K} (agents writing and killing agents on
 * neighbouring places, with the writes into other partitions' agents sent back) run those tests' drivers instead,
 * printing a
 * hash of their reports and state. Options for the fault tests: {@code --fail=R:S} (rank R throws at step S), {@code --kill=R:S} (rank R kills itself
 * with SIGKILL at step S), {@code --seed-by-rank} (each rank another seed: the ranks must refuse to start).
 */
public final class MpiDriver {

    private MpiDriver() {
    }

    /** One case of the driver. */
    record Case(String model, int side, int steps, int perRank) {

        static Case parse(String text) {
            String[] p = text.split(":");
            return new Case(p[0], Integer.parseInt(p[1]), Integer.parseInt(p[2]), Integer.parseInt(p[3]));
        }

        @Override
        public String toString() {
            return model + ":" + side + ":" + steps + ":" + perRank;
        }
    }

    public static void main(String[] args) throws Exception {
        int fail = -1;
        int failStep = -1;
        int kill = -1;
        int killStep = -1;
        boolean seedByRank = false;
        List<Case> cases = new ArrayList<>();
        for (String a : args) {
            if (a.startsWith("--fail=")) {
                String[] v = a.substring(7).split(":");
                fail = Integer.parseInt(v[0]);
                failStep = Integer.parseInt(v[1]);
            } else if (a.startsWith("--kill=")) {
                String[] v = a.substring(7).split(":");
                kill = Integer.parseInt(v[0]);
                killStep = Integer.parseInt(v[1]);
            } else if (a.equals("--seed-by-rank")) {
                seedByRank = true;
            } else {
                cases.add(Case.parse(a));
            }
        }
        int rank = Integer.parseInt(System.getenv().getOrDefault("OMPI_COMM_WORLD_RANK", "0"));
        int ranks = Integer.parseInt(System.getenv().getOrDefault("OMPI_COMM_WORLD_SIZE", "1"));
        for (Case c : cases) {
            Config config = Config.defaults().withBackend("cpu").withThreads(1)
                    .withSeed(seedByRank ? 42 + rank : 42).withPartitions(c.perRank() * ranks);
            String line = run(config, c, rank == fail ? failStep : -1, rank == kill ? killStep : -1);
            if (rank == 0) {
                System.out.println(line);
            }
        }
    }

    /** Runs one case; returns rank 0's line. */
    static String run(Config config, Case c, int failStep, int killStep) throws Exception {
        if (List.of("bidders", "additions", "writes", "neighbours", "floatsums").contains(c.model())) {
            String[] on = {"--backend=cpu"};
            String cut = config.partitions().count() == 1 ? null : Integer.toString(config.partitions().count());
            List<String> out = c.model().equals("bidders")
                    ? PriorityTest.bidders(on, 29, 25, false, c.side(), true, 1, cut)
                    : c.model().equals("writes") ? AgentWritesTest.rounds(on, 1, cut)
                    : c.model().equals("neighbours") ? NeighbourWritesTest.rounds(on, 1, cut)
                    : c.model().equals("floatsums") ? FloatSumsTest.rounds(on, 1, cut, false)
                    : AddAgentsTest.additions(on, 1, cut);
            return c.model() + " " + out.get(0) + " " + Integer.toHexString(out.hashCode());
        }
        Scenario scenario = null;
        for (Scenario s : ServiceLoader.load(Scenario.class)) {
            if (s.name().equals(c.model())) {
                scenario = s;
            }
        }
        if (scenario == null) {
            throw new IllegalArgumentException("no scenario " + c.model());
        }
        try (Simulation sim = Simulation.create(config)) {
            // sir's size is the people of its network
            scenario.setup(sim, c.model().equals("sir") ? new int[] {c.side()} : new int[] {c.side(), c.side()},
                    Map.of());
            long statusHash = 17;
            for (int t = 1; t <= c.steps(); t++) {
                if (t == failStep) {
                    throw new ColonyException("a deliberate failure at step " + t);
                }
                if (t == killStep) {
                    new ProcessBuilder("kill", "-9", Long.toString(ProcessHandle.current().pid())).start().waitFor();
                    Thread.sleep(60_000);
                }
                scenario.tick();
                statusHash = statusHash * 31 + scenario.status().hashCode();
            }
            StringBuilder line = new StringBuilder(c.model() + " " + c.side() + " " + c.steps());
            for (Places<?> p : scenario.collections()) {
                line.append(' ').append(p.checksum());
            }
            for (Agents<?> a : scenario.agents()) {
                line.append(' ').append(a.checksum()).append(" size=").append(a.size());
            }
            return line.append(" status=").append(Long.toHexString(statusHash)).toString();
        }
    }
}
