package org.colony.cuda.tuning;

import java.util.List;
import org.colony.kernel.Switch;

/**
 * The tuning switches of the CUDA backend; see {@link Switch}. Each changes how a model runs on the GPU, never what it
 * computes.
 */
public final class CudaSwitches {

    /** {@code colony.cuda.graphs}: whether repeated ticks are replayed as CUDA graphs. */
    public static final Switch GRAPHS = Switch.flag("colony.cuda.graphs", true,
            "A tick whose kernel launches repeat the tick before is replayed as one CUDA graph (`docs/gpu.md`, "
            + "\"Launches and CUDA graphs\"); `false` launches every kernel at once. Results are the same bits.");

    /** {@code colony.cuda.graphChunk}: the most launches a graph holds before it goes out. */
    public static final Switch GRAPH_CHUNK = Switch.whole("colony.cuda.graphChunk", 0, 256, "launches", 16,
            "0: a whole run", "Launches held for a CUDA graph go out as a graph of at most this many, so that the device starts on "
            + "a long run of launches between two waits while the host prepares the rest; 0 holds the whole run for "
            + "one graph. Results are the same bits.");

    /** {@code colony.cuda.graphBlocks}: the most blocks a launch has for its grid to change in a kept graph. */
    public static final Switch GRAPH_BLOCKS = Switch.whole("colony.cuda.graphBlocks", 0, Integer.MAX_VALUE, "blocks",
            0, "0: 1024, any once partitions of one GPU run side by side", "A launch of at most this many blocks fits "
            + "a kept CUDA graph whatever its grid (the graph's node takes the new grid), and a run of such launches "
            + "goes out in chunks (`colony.cuda.graphChunk`); a larger one fits only a graph learnt with its exact "
            + "grid, so a run whose large grids follow a changing population goes out launch by launch, one kernel "
            + "after another. Results are the same bits.");

    /** {@code colony.cuda.swar}: whether steps with a SWAR form launch it. */
    public static final Switch SWAR = Switch.flag("colony.cuda.swar", true,
            "Steps on byte-sized cells that have a SWAR form (four cells in the byte lanes of a word) launch it; "
            + "`false` launches their ordinary kernels, to compare the two. Results are the same either way.");

    /** {@code colony.cuda.lanes}: the lanes of every row-marching kernel, where set. */
    public static final Switch LANES = Switch.whole("colony.cuda.lanes", 0, 4, "", 0, "0: each kernel's own",
            "The lanes (columns of cells) each thread of every row-marching kernel walks, a tuning knob for "
            + "benchmarks; 0 leaves each kernel its own choice. SWAR forms keep their four adjacent cells.");

    /** {@code colony.cuda.neighborChunk}: the edges a vertex's loop over its neighbours loads ahead, where set. */
    public static final Switch NEIGHBOR_CHUNK = Switch.whole("colony.cuda.neighborChunk", 0, 16, "edges", 0,
            "0: 4", "The edges a thread's loop over its vertex's neighbours loads at a time (their targets and the "
            + "attributes the loop reads through them) before it runs the loop's body on each in turn, a tuning "
            + "knob for benchmarks; 1 loads one edge at a time. Results are the same for every value.");

    /** {@code colony.cuda.hubDegree}: from how many edges a vertex's step runs on a warp of its own. */
    public static final Switch HUB_DEGREE = Switch.whole("colony.cuda.hubDegree", 32, Integer.MAX_VALUE, "edges",
            1024, "", "The row length (out- or in-edges) from which the step of a vertex that walks its neighbours "
            + "runs on a warp of its own (its edges loaded 32 at a time by the lanes) instead of one thread, so "
            + "that a vertex of many edges does not hold up its warp. Results are the same for every value.");

    /** {@code colony.cuda.flatBlocks}: whether a call on one row launches blocks of 256 threads along it. */
    public static final Switch FLAT_BLOCKS = Switch.flag("colony.cuda.flatBlocks", true,
            "A place step on one row (a 1-D grid, a graph's vertices) launches blocks of 256 threads along the row; "
            + "`false` launches the blocks of 32 x 8 threads of 2-D grids, whose 7 other warps have no row to run. "
            + "Results are the same either way.");

    /** {@code colony.cuda.march}: the rows per thread of row-marching kernels, where set. */
    public static final Switch MARCH = Switch.whole("colony.cuda.march", 0, Integer.MAX_VALUE, "rows", 0,
            "0: chosen per grid", "The rows each thread of a row-marching kernel walks, a tuning knob for benchmarks; 0 leaves each "
            + "kernel its own choice, lowered on grids too small to fill the device.");

    /** {@code colony.cuda.hold}: how many place steps one pass over a tile in shared memory runs. */
    public static final Switch HOLD = Switch.whole("colony.cuda.hold", 0, 16, "steps", 0, "0: chosen per model",
            "Consecutive place steps of a large 2-D grid without agents are held back and run several at a time, "
            + "each block of threads taking a tile with a halo wide enough for all of them into shared memory "
            + "(temporal blocking, `docs/gpu.md`, \"Held steps\"): this many a pass, or with 0 as many as keep the "
            + "tile 10 times as wide as its halo; 1 runs every step at once. Results are the same bits.");

    /** {@code colony.cuda.hold.tile}: the side of the cells a held pass's block writes, where set. */
    public static final Switch HOLD_TILE = Switch.whole("colony.cuda.hold.tile", 0, 1024, "cells", 0,
            "0: the most shared memory holds", "The side of the square of cells each block of a held pass writes "
            + "back, a tuning knob for benchmarks; 0 takes the largest the shared memory holds with its halo. "
            + "Results are the same for every value.");

    /** {@code colony.cuda.hold.shared}: the shared memory a block of a held pass's tile takes. */
    public static final Switch HOLD_SHARED = Switch.whole("colony.cuda.hold.shared", 0, 227 * 1024, "bytes", 0,
            "0: 75 KiB", "The shared memory each block of a held pass's tile takes (dynamic "
            + "shared memory; more than the device lets a block take is refused): a larger tile computes fewer halo "
            + "cells again, while fewer blocks fit a multiprocessor; 0 takes 75 KiB (three blocks a multiprocessor on "
            + "an H100), or the device's most where that is less. Partitions on different GPUs, and ranks, run the "
            + "passes all of them can. Bit-sliced passes keep 48 KiB. Results are the same for every value.");

    /** {@code colony.cuda.hold.minCells}: the fewest places of a grid whose steps are held. */
    public static final Switch HOLD_MIN_CELLS = Switch.whole("colony.cuda.hold.minCells", 0, Long.MAX_VALUE,
            "places", 65536, "", "The fewest places a grid must have for its steps to be held (`colony.cuda.hold`); "
            + "a smaller grid runs each step at once. Results are the same either way.");

    /** {@code colony.cuda.hold.compile}: whether held steps wait for their pass's kernel. */
    public static final Switch HOLD_COMPILE = Switch.choice("colony.cuda.hold.compile", List.of("background", "wait"),
            "`background`: NVRTC compiles the kernel of a held pass on a thread of its own while the steps run at "
            + "once, and they are held from when it is ready; `wait`: the first pass waits for it (tests that must "
            + "see a pass). Results are the same bits either way.");

    /** {@code colony.cuda.bitStorage}: whether held bit-sliced passes keep booleans as bits in device memory. */
    public static final Switch BIT_STORAGE = Switch.flag("colony.cuda.bitStorage", true,
            "The `boolean` attributes that bit-sliced steps read and write (GameOfLife's `alive`) stay in device "
            + "memory as bits, one a cell, between the held passes of a block (a whole grid's, whose byte columns are "
            + "freed until anything else reads or writes them, or a partition's, whose byte columns keep the halo) "
            + "(`docs/gpu.md`, \"Booleans stored as bits\"); `false` keeps a byte a cell. Results are the same bits "
            + "either way.");

    /** {@code colony.cuda.deferCompaction}: whether a partition's round that only moved agents compacts later. */
    public static final Switch DEFER_COMPACTION = Switch.flag("colony.cuda.deferCompaction", true,
            "A partition's round on the device that only moved agents across leaves its compaction to the next "
            + "round (`docs/scaling.md`); `false` compacts after every round, for comparison. The final states are "
            + "the same.");

    /** {@code colony.cuda.finishAhead}: whether a deferred round's end is queued before the wait for its counts. */
    public static final Switch FINISH_AHEAD = Switch.flag("colony.cuda.finishAhead", true,
            "A partition's deferred round queues its end on the device before the host waits for the counts of "
            + "winners; `false` queues it after the wait, for comparison.");

    /** {@code colony.cuda.oneBlockGrant}: the most requests for places settled by one block in one launch. */
    public static final Switch ONE_BLOCK_GRANT = Switch.whole("colony.cuda.oneBlockGrant", 0, 8192, "requests",
            8192, "0: none", "Where places hold one agent at most, a manageAll settles up to this many requests for "
            + "places (moves, children) in one launch of one block (8 a thread at most), each place's winner found "
            + "by atomics, instead of "
            + "grouping them by place first (`docs/agents.md`, \"Settling in one block\"); 0 never settles them in one "
            + "block (more are settled by `colony.cuda.atomicGrant`, or grouped). "
            + "Results are the same bits.");

    /** {@code colony.cuda.atomicGrant}: whether more requests than one block settles are settled by atomics too. */
    public static final Switch ATOMIC_GRANT = Switch.flag("colony.cuda.atomicGrant", true,
            "Where places hold one agent at most and the requests are more than `colony.cuda.oneBlockGrant`, a "
            + "manageAll settles them in five launches over the requests, each place's winner found by atomic maxima "
            + "of the ranks, priorities and ties (`docs/agents.md`, \"Settling in one block\"), instead of grouping "
            + "them over every place; `false` groups them. Results are the same bits.");

    /** {@code colony.cuda.warpAgents}: the most agents whose steps that scan the places around run a warp an agent. */
    public static final Switch WARP_AGENTS = Switch.whole("colony.cuda.warpAgents", -1, Integer.MAX_VALUE, "agents",
            -1, "-1: 64 a multiprocessor of the device; 0: never", "Up to this many agents, an agent step whose loops "
            + "read the places within its reach (StupidModel's `look`) runs a warp an agent: the lanes load the places "
            + "around the agent into shared memory together, then one lane runs the step on them (`docs/agents.md`, "
            + "\"A warp an agent\"); more agents run a thread each. Results are the same bits.");

    /** {@code colony.cuda.histogramAhead}: whether a histogram asked after every manageAll is counted in its wait. */
    public static final Switch HISTOGRAM_AHEAD = Switch.flag("colony.cuda.histogramAhead", true,
            "Where a driver asks for the same histogram of an agent collection on one block right after each of its "
            + "manageAll calls (StupidModel's sizes), the next manageAll counts it before its first wait and brings the "
            + "counts back with its own, instead of a wait of their own (the first histogram asked after a manageAll "
            + "only; `docs/agents.md`, \"A histogram in the manageAll's wait\"); `false` counts every histogram when "
            + "asked, for comparison. The counts are the same.");

    /** {@code colony.cuda.deviceRounds}: whether partitions' rounds without births run on the device. */
    public static final Switch DEVICE_ROUNDS = Switch.flag("colony.cuda.deviceRounds", true,
            "The manageAll rounds of partitions on GPUs run on the device unless agents ask for children (see "
            + "`colony.cuda.birthsHere` for those); `false` copies every round's agents to the host and runs the "
            + "CPU's rounds there, for comparison.");

    /** {@code colony.cuda.birthsHere}: whether a partitions' round with births at home stays on the device. */
    public static final Switch BIRTHS_HERE = Switch.flag("colony.cuda.birthsHere", true,
            "A partitions' manageAll in which every child is born on its parent's partition (plain `spawn`, or a place "
            + "named there) and no agent moves to another partition's places is settled by each partition on its "
            + "device as one block settles it, the children numbered over all partitions on the host "
            + "(`docs/agents.md`, \"Births on partitions\"); `false` runs such rounds on the host, for comparison. "
            + "Results are the same bits.");

    /** {@code colony.cuda.birthsAcross}: whether a partitions' round with births elsewhere stays on the devices. */
    public static final Switch BIRTHS_ACROSS = Switch.flag("colony.cuda.birthsAcross", true,
            "A partitions' manageAll whose children may be born on other partitions' places (a `spawnNear`, a place "
            + "named there) and in which no agent moves to another partition's places is settled on the devices: each "
            + "birth round's requests for other partitions' places go to their owners and the verdicts come back in "
            + "device memory, and the children born elsewhere follow as rows (`docs/agents.md`, \"Births on "
            + "partitions\"); `false` runs such rounds on the host, for comparison. Results are the same bits.");

    /** {@code colony.cuda.numberOnDevice}: whether partitions of one GPU number their children there. */
    public static final Switch NUMBER_ON_DEVICE = Switch.flag("colony.cuda.numberOnDevice", true,
            "Partitions of one GPU whose births were settled on it number the children there, one kernel a partition "
            + "reading every partition's parents' ids where they lie (`docs/agents.md`, \"Births on partitions\"); "
            + "`false` reads each partition's (parent id, children born) list back, exchanges the lists and numbers "
            + "the children on the host. Results are the same bits.");

    /** {@code colony.cuda.queuedReads}: whether partitions of one GPU queue the reads of their counts and wait once. */
    public static final Switch QUEUED_READS = Switch.flag("colony.cuda.queuedReads", true,
            "Partitions of one GPU queue the copies of their counts (a round's start, its settling, the children born "
            + "of a round settled alone) one after another and read them in turn, waiting once for the device "
            + "(`docs/agents.md`, \"Births on partitions\"); `false` reads each partition's counts in a wait of its own. "
            + "Results are the same bits.");

    /** {@code colony.cuda.winsKnown}: whether partitions count a settling where every move wins without a wait. */
    public static final Switch WINS_KNOWN = Switch.flag("colony.cuda.winsKnown", true,
            "Where places have no capacity every move wins, so a partition settling the moves to its places on the GPU "
            + "knows its counts (its own movers, every request received) without reading them back: the round waits "
            + "once, for its start (`docs/agents.md`, \"Births on partitions\"); `false` reads them as where moves can "
            + "be refused. Results are the same bits.");

    /** {@code colony.cuda.birthsKnown}: whether a round where every child is born takes their number as asked. */
    public static final Switch BIRTHS_KNOWN = Switch.flag("colony.cuda.birthsKnown", true,
            "Where places have no capacity and each child is born on its parent's place or on a place its parent named "
            + "on the grid (no spawnNear), every child asked for is born: `manageAll` takes their number from the "
            + "counts it read as it began and does not wait for the device to count them again (`docs/agents.md`); "
            + "`false` reads the count, for comparison. Results are the same bits.");

    /** {@code colony.cuda.sideBySide}: whether the graphs of partitions of one GPU run each partition as a branch. */
    public static final Switch SIDE_BY_SIDE = Switch.flag("colony.cuda.sideBySide", true,
            "Where partitions of one GPU replay a run of their launches as a CUDA graph, each partition's own kernels "
            + "(its agent steps, the indexes and rounds of its manageAll) are a branch of the graph after its own, and "
            + "what crosses partitions (the transport's copies) after every branch, so the partitions' small kernels "
            + "run side by side on the device (`docs/gpu.md`, \"Launches and CUDA graphs\"); `false` makes every "
            + "graph one chain, in the order of the launches. Results are the same bits.");

    /** {@code colony.cuda.perThreadStreams}: whether each thread issues its device work on a stream of its own. */
    public static final Switch PER_THREAD_STREAMS = Switch.flag("colony.cuda.perThreadStreams", false,
            "Each thread issues its device work on its own default stream (the driver's per-thread default "
            + "stream) instead of the one legacy stream, so simulations driven from different threads run side by "
            + "side on one GPU; a simulation then stays on the thread that created it. Read when the CUDA driver "
            + "is first used; `mass sweep --parallel` on a GPU sets it. Results are the same bits.");

    /** {@code colony.cuda.aheadOfTime}: whether CUBINs compiled when the model was built are loaded. */
    public static final Switch AHEAD_OF_TIME = Switch.flag("colony.cuda.aheadOfTime", true,
            "A model's kernels are loaded from the CUBINs `nvcc` compiled when it was built, where there is one for the "
            + "device's architecture and the very source, device library and options (`docs/gpu.md`, \"Start-up\"); "
            + "`false` compiles every source with NVRTC (through the kernel cache). Results are the same bits.");

    /** {@code colony.nccl.library}: where NCCL is loaded from. */
    public static final Switch NCCL_LIBRARY = Switch.text("colony.nccl.library", "a path to libnccl.so.2",
            "libnccl.so.2", "Where NCCL, which `--devices N` with N > 1 needs, is loaded from; unset, its soname "
            + "is looked up as the system's loader does.");

    /** Every switch of this module, in the order the table lists them. */
    public static final List<Switch> ALL = List.of(GRAPHS, GRAPH_CHUNK, GRAPH_BLOCKS, SWAR, LANES, NEIGHBOR_CHUNK, HUB_DEGREE, FLAT_BLOCKS, MARCH, HOLD, HOLD_TILE, HOLD_SHARED, HOLD_MIN_CELLS,
            HOLD_COMPILE, BIT_STORAGE,
            DEFER_COMPACTION, FINISH_AHEAD, ONE_BLOCK_GRANT, ATOMIC_GRANT, WARP_AGENTS, HISTOGRAM_AHEAD,
            DEVICE_ROUNDS, BIRTHS_HERE, BIRTHS_ACROSS, NUMBER_ON_DEVICE, QUEUED_READS, WINS_KNOWN, BIRTHS_KNOWN,
            SIDE_BY_SIDE, PER_THREAD_STREAMS, AHEAD_OF_TIME, NCCL_LIBRARY);

    private CudaSwitches() {
    }
}
