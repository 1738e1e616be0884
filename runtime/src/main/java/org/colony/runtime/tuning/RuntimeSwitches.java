package org.colony.runtime.tuning;

import java.util.List;
import org.colony.kernel.Switch;

/** The tuning switches of the runtime and its CPU backend; see {@link Switch}. */
public final class RuntimeSwitches {

    /** {@code colony.cpu.hold}: whether CPU blocks may hold place steps back and run them as a wavefront. */
    public static final Switch HOLD = Switch.flag("colony.cpu.hold", true,
            "A CPU block of a large non-wrapping 2-D grid without agents holds place steps back and runs them "
            + "together as a wavefront through the cache (temporal blocking; `docs/design.md`, \"Held steps\"); "
            + "`false` runs every call at once.");

    /** {@code colony.cpu.hold.minCells}: the smallest grid whose steps are held. */
    public static final Switch HOLD_MIN_CELLS = Switch.whole("colony.cpu.hold.minCells", 0, Long.MAX_VALUE,
            "places", 65536, "", "The smallest grid, in places, whose CPU blocks hold steps.");

    /** {@code colony.cpu.hold.minCellBytes}: the fewest bytes a cell's columns take for its grid's steps to be held. */
    public static final Switch HOLD_MIN_CELL_BYTES = Switch.whole("colony.cpu.hold.minCellBytes", 0, 1 << 20, "bytes",
            4, "", "The fewest bytes a place's attribute columns take (both columns of a double-buffered one) for "
            + "CPU blocks to hold its steps: a grid of narrower cells (GameOfLife's booleans, 2 bytes) streams few "
            + "bytes a step, and its steps ran faster one at a time than held (`docs/measurements.md`).");

    /** {@code colony.cpu.bitStorage}: whether bit-sliced steps run on booleans kept as bits between calls. */
    public static final Switch BIT_STORAGE = Switch.flag("colony.cpu.bitStorage", true,
            "A CPU block of a whole 2-D grid keeps the booleans its bit-sliced steps read and write as bits, 64 "
            + "cells a word, between those steps' calls, and unpacks them only when something else reads the "
            + "columns (`docs/design.md`, \"Booleans kept as bits on the CPU\"); `false` packs and unpacks them every call.");

    /** {@code colony.partitions.split}: when a partitioned step runs its interior while the halo is in flight. */
    public static final Switch SPLIT = Switch.choice("colony.partitions.split", List.of("auto", "always", "never"),
            "When a step of partitioned places runs the places that read no halo (on a graph, the vertices whose edges "
            + "reach no ghost) while the halo is in flight: `auto` on a grid where the transport overlaps transfers "
            + "with work (NCCL; MPI between CPU ranks) and never on a graph (measured slower there), `always`, or "
            + "`never`.");

    /** {@code colony.partitions.spinMicros}: how long a partition's thread spins for its next piece of work. */
    public static final Switch SPIN_MICROS = Switch.whole("colony.partitions.spinMicros", 0, 1_000_000,
            "microseconds", 2000, "", "How long the thread of a partition in its own lane (a GPU of several) spins for its next piece "
            + "of work before it blocks; 0 blocks at once.");

    /** {@code colony.mpi.library}: Open MPI's C library, for runs under {@code mpirun}. */
    public static final Switch MPI_LIBRARY = Switch.text("colony.mpi.library", "a path or a soname", "libmpi.so.40",
            "Open MPI's C library, loaded when the process runs under `mpirun` (`docs/cluster.md`).");

    /** {@code colony.metis.library}: METIS 5's C library, for splitting a graph of places into partitions. */
    public static final Switch METIS_LIBRARY = Switch.text("colony.metis.library", "a path or a soname",
            "libmetis.so.5", "METIS 5's C library (built with 32-bit integers, as Debian's `libmetis5`), loaded when "
            + "a graph is split into partitions by METIS (`docs/networks.md`, \"Partitions\").");

    /** {@code colony.graph.partitioner}: how a graph of places is split into partitions. */
    public static final Switch GRAPH_PARTITIONER = Switch.text("colony.graph.partitioner",
            "metis, contiguous, round-robin or file:PATH", "metis", "How the vertices of places on a graph are split "
            + "into partitions (`--partitions`, `mass run --graph-partition`): METIS k-way (contiguous id ranges "
            + "where libmetis is missing, with a warning), contiguous id ranges, round-robin, or a partition file "
            + "(`docs/networks.md`, \"Partitions\").");

    /** Every switch of this module, in the order the table lists them. */
    public static final List<Switch> ALL = List.of(HOLD, HOLD_MIN_CELLS, HOLD_MIN_CELL_BYTES, BIT_STORAGE, SPLIT, SPIN_MICROS,
            MPI_LIBRARY, METIS_LIBRARY, GRAPH_PARTITIONER);

    private RuntimeSwitches() {
    }
}
