package org.colony.tests.mpi;

import java.nio.file.Path;
import org.colony.runtime.Config;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.colony.tests.agents.Field;

/**
 * Run by every rank in {@link MpiFaultTest}: loads the cell file {@code args[0] + "." + rank} into a 6 x 4 field cut
 * into one partition a rank; rank 0 prints the field's checksum.
 */
public final class MpiLoadDriver {

    private MpiLoadDriver() {
    }

    public static void main(String[] args) {
        int rank = Integer.parseInt(System.getenv().getOrDefault("OMPI_COMM_WORLD_RANK", "0"));
        int ranks = Integer.parseInt(System.getenv().getOrDefault("OMPI_COMM_WORLD_SIZE", "1"));
        try (Simulation sim = Simulation.create(Config.defaults().withBackend("cpu").withThreads(1)
                .withPartitions(ranks))) {
            Places<Field> field = sim.places(Field.class, Grid.of(6, 4));
            long set = field.load(Path.of(args[0] + "." + rank), "dsum");
            String checksum = field.checksum(); // a collective: every rank computes it
            if (rank == 0) {
                System.out.println("loaded " + set + " checksum " + checksum);
            }
        }
    }
}
