package org.colony.cuda.internal.store;

import org.colony.kernel.Layout;

/**
 * A list of agents' slots regrouped by the partition that owns each one's place, owner after owner, as a partition's
 * round on the device sends them: the movers to other partitions' places ({@link DeviceRound}) and the children born
 * on them ({@link CrossBirths}). One flag launch, one scan and one pick per owner.
 */
final class OwnerGroups {

    private OwnerGroups() {
    }

    /**
     * {@return the {@code total} slots of {@code list} grouped by owner: those of each partition q with a nonzero
     * {@code counts[q]}, in q's order, each group in the list's order; {@code list} itself where one partition owns
     * them all} The place of listed slot s is {@code places[s]} (8 bytes a slot), its owner as {@code table} (the
     * owner table of {@link DeviceRound#ownerTable}) and {@code layout} tell; the scratch buffers are named after
     * {@code prefix}, one prefix per caller.
     */
    static long group(AgentDevice device, String prefix, long list, long total, long[] counts, long places, long table,
            Layout layout) {
        int owners = 0;
        for (long c : counts) {
            owners += c > 0 ? 1 : 0;
        }
        if (owners <= 1) {
            return list;
        }
        long grouped = device.pool().get(prefix + ".grouped", 4 * total);
        long flags = device.pool().get(prefix + ".ownerFlags", 4 * total);
        long ranks = device.pool().get(prefix + ".ownerRanks", 4 * total);
        long at = 0;
        for (int q = 0; q < counts.length; q++) {
            if (counts[q] == 0) {
                continue;
            }
            int owner = q;
            long into = grouped + 4 * at;
            device.run("colony_owner_flags", total, p -> p.add(total).add(list).add(places).add(table)
                    .addInt(layout.size0()).addInt(layout.size1()).addInt(owner).add(flags));
            device.scanner().scanOnDevice(flags, ranks, total, 0L, 0L);
            device.run("colony_pick", total, p -> p.add(total).add(flags).add(ranks).add(list).add(into));
            at += counts[q];
        }
        return grouped;
    }
}
