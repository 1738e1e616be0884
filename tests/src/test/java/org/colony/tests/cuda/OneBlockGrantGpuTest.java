package org.colony.tests.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Function;
import org.colony.cuda.CudaSettling;
import org.colony.cuda.tuning.CudaSwitches;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Requests for places with room for one agent settled in one launch of one block ({@code colony.cuda.oneBlockGrant})
 * give what grouping them by place gives, and the CPU's: StupidModel (larger bugs first, many newborn bugs of the same
 * size whose moves the random priorities decide, children placed in five birth rounds) on one block and on two
 * partitions of one GPU, with the one-block settling always, never, or only for settlements of at most a few
 * requests (both ways in one run); where it is never used, with the requests settled by atomics over them
 * ({@code colony.cuda.atomicGrant}) or grouped. Runs where a GPU is present; elsewhere each test is skipped with the reason.
 */
@Tag("gpu")
class OneBlockGrantGpuTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}x{1} partitions={2}")
    @CsvSource({"48, 40, 1", "96, 64, 1", "64, 48, 2"})
    void oneBlockSettling_givesWhatGroupingGives_andTheCpus(int w, int h, int partitions) throws IOException {
        Gpu.require();
        int ticks = 60;
        StupidRuns.Case c = StupidRuns.of(dir, w, h, partitions, ticks);
        // a run with the switch set to the value given
        Function<String, String> oneBlockGrant = most -> c.with(CudaSwitches.ONE_BLOCK_GRANT, most);
        String cpu = c.cpu().all();
        long before = CudaSettling.inOneBlock();
        long atomicsBefore = CudaSettling.byAtomics();
        String grouped = c.with(CudaSwitches.ONE_BLOCK_GRANT, "0", CudaSwitches.ATOMIC_GRANT, "false");
        assertEquals(before, CudaSettling.inOneBlock(), "with colony.cuda.oneBlockGrant=0 no settling ran in one block");
        assertEquals(atomicsBefore, CudaSettling.byAtomics(), "with colony.cuda.atomicGrant=false none by atomics");
        // more requests than one block settles (here: any) are settled by atomics over the requests, in many blocks
        String atomics = oneBlockGrant.apply("0");
        long byAtomics = CudaSettling.byAtomics() - atomicsBefore;
        assertTrue(byAtomics >= ticks, "settlings by atomics: " + byAtomics);
        assertEquals(before, CudaSettling.inOneBlock(), "with colony.cuda.oneBlockGrant=0 no settling ran in one block");
        String oneBlock = oneBlockGrant.apply("8192");
        long always = CudaSettling.inOneBlock() - before;
        assertTrue(always >= ticks, "settlings in one block: " + always);
        // settlements of more than 20 requests by atomics, the rest in one block: on one block, the moves of every bug are
        // grouped and the children of a tick (fewer) are not; partitions settle only moves (births run on the host)
        String mixed = oneBlockGrant.apply("20");
        long some = CudaSettling.inOneBlock() - before - always;
        if (partitions == 1) {
            assertTrue(some > 0 && some < always, "settlings in one block with at most 20 requests: " + some);
        }
        assertEquals(cpu, grouped);
        assertEquals(cpu, atomics);
        assertEquals(cpu, oneBlock);
        assertEquals(cpu, mixed);
    }
}
