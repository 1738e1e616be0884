package org.colony.cuda.internal.store;

/**
 * The compaction into id order of slots that hold runs, each in id order: the runs a partition's round on the device
 * leaves (the agents that were there, then each sender's arrivals), merged by a scan and one launch
 * ({@code colony_merge_runs}) into the map a compaction gathers through.
 */
final class RunMerge {

    private final AgentDevice device;
    private final DeviceAgentColumns columns;
    private final DeviceAgentIndex index;

    RunMerge(AgentDevice device, DeviceAgentColumns columns, DeviceAgentIndex index) {
        this.device = device;
        this.columns = columns;
        this.index = index;
    }

    /**
     * The map (new slot to old slot) of the compaction into id order of slots {@code [0, bounds[last])}, which hold
     * runs each in id order (run u: slots {@code bounds[u] .. bounds[u + 1]}); {@code total} stay: those not killed
     * ({@code byKilled}) or those with a place.
     */
    long mergeMap(int[] bounds, long total, boolean byKilled) {
        long all = bounds[bounds.length - 1];
        long flags = device.pool().get("merge.flags", 4 * Math.max(1, all));
        long ranks = device.pool().get("merge.ranks", 4 * (all + 1));
        if (byKilled) {
            device.run("colony_flags", all, p -> p.add(all).add(columns.killed().pointer()).addBoolean(true)
                    .add(flags));
        } else {
            device.run("colony_placed", all, p -> p.add(all).add(columns.locations().pointer()).add(flags));
        }
        device.scanner().scanOnDevice(flags, ranks, all, ranks + 4 * all, 0L);
        long map = device.pool().get("merge.map", 4 * Math.max(1, total));
        long killedOrNone = byKilled ? columns.killed().pointer() : 0L;
        int runCount = bounds.length - 1;
        if (bounds.length <= 2 * AgentDevice.TABLE_LONGS) { // the bounds go in the parameters: no upload before
            long[] words = new long[(bounds.length + 1) / 2];
            for (int i = 0; i < bounds.length; i++) {
                words[i / 2] |= Integer.toUnsignedLong(bounds[i]) << (32 * (i % 2));
            }
            device.runWithTable("colony_merge_runs_inline", all, 1, words, words.length, p -> p.add(all)
                    .add(killedOrNone).add(columns.locations().pointer()).add(ranks).add(columns.ids().pointer())
                    .addInt(runCount).add(map));
            return map;
        }
        long boundsOnDevice = device.pool().get("merge.bounds", 4L * bounds.length);
        device.stage().upload(boundsOnDevice, bounds);
        device.run("colony_merge_runs", all, p -> p.add(all).add(killedOrNone).add(columns.locations().pointer())
                .add(ranks).add(columns.ids().pointer()).add(boundsOnDevice).addInt(runCount).add(map));
        return map;
    }

    /**
     * Compacts what a deferred round left ({@link DeviceRound#finishRound}): the slots without an agent go, the runs
     * merge into id order, and the deaths, moves and children asked for since stay with their agents. Called before
     * anything reads the columns from the host.
     */
    void settle() {
        if (columns.runs() == null) {
            return;
        }
        device.checkOpen();
        if (index.ghosts() != 0) {
            // (ghost rows are given only after a compaction, see CudaAgentPartition.ghosts: they would be lost here)
            throw new IllegalStateException(device.name() + ": ghost rows while a compaction waits");
        }
        long total = columns.count() - columns.gone();
        long map = mergeMap(columns.runs(), total, false);
        if (total > 0) {
            columns.gatherInPlace(map, total);
            columns.gatherRequestsInPlace(map, total);
        }
        // Past the agents: nothing killed, no children or moves asked for.
        columns.clearRequests(total);
        columns.hold(total, 0, null);
        // (the agents counted on the halo, ghostBoxes, stay: they are not in slots)
        index.invalidate();
    }
}
