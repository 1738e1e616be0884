package org.colony.cuda.internal.bind;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Calls each NCCL binding once, for {@link NcclAbiTest}, in a JVM of its own whose {@code colony.nccl.library}
 * names a stand-in library that prints what it receives.
 */
final class NcclAbiProbe {

    private NcclAbiProbe() {
    }

    private static void say(String line) {
        System.out.println(line);
        System.out.flush();
    }

    public static void main(String[] args) {
        say("unavailable=" + Nccl.unavailableReason());
        say("version=" + Nccl.versionText(Nccl.version()));
        try (Arena a = Arena.ofConfined()) {
            MemorySegment id = Nccl.uniqueId(a);
            long comm = Nccl.initRank(3, id, 2);
            say("comm=0x" + Long.toHexString(comm) + " rank=" + Nccl.rank(comm) + " device=" + Nccl.device(comm));
        }
        long[] comms = Nccl.initAll(new int[] {10, 11});
        say("comms=0x" + Long.toHexString(comms[0]) + ",0x" + Long.toHexString(comms[1]));
        Nccl.groupStart();
        Nccl.send(0x7f0000001000L, (1L << 33) + 5, 1, comms[0], 0x5000L);
        Nccl.recv(0x7f0000002000L, (1L << 33) + 5, 0, comms[1], 0x6000L);
        Nccl.groupEnd();
        say("async=" + Nccl.resultName(Nccl.asyncError(comms[0])) + "," + Nccl.resultName(Nccl.asyncError(comms[1])));
        try {
            Nccl.send(0x7f0000001000L, 4, -1, comms[0], 0L);
        } catch (CudaException e) {
            say("error=" + e.getMessage());
        }
        Nccl.destroy(comms[0]);
        Nccl.abort(comms[1]);
    }
}
