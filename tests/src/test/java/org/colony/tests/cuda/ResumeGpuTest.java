package org.colony.tests.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.colony.tests.checkpoint.ResumeTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Checkpoints taken on the GPU resumed on the CPU and the other way round, on one block and on partitions of one
 * GPU and on two GPUs, end as the uninterrupted CPU run, bit for bit. Runs where a GPU (two GPUs) is present.
 */
@Tag("gpu")
class ResumeGpuTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} {1}: {3} at {4} to {5}")
    @CsvSource({
        "heat2d, 64x64, 30, --backend=cuda, 11, --threads=2 --partitions=3",
        "sugarscape, 64x64, 30, --threads=1, 13, --backend=cuda --partitions=2",
        "sugarscape, 64x64, 30, --backend=cuda --partitions=2, 13, --threads=2",
        "wolfsheep, 31x31, 40, --backend=cuda, 17, --threads=1 --partitions=3",
        "stupidmodel, 48x32, 30, --threads=1 --partitions=2, 12, --backend=cuda",
        "stupidmodel, 48x32, 30, --backend=cuda, 12, --backend=cuda --partitions=2x2",
        "braingrid, 30x30, 40, --backend=cuda --partitions=3, 15, --threads=1",
        "braingrid, 30x30, 40, --threads=2, 15, --backend=cuda",
        "sir, 20000, 30, --backend=cuda, 12, --threads=2 --partitions=3",
        "sir, 20000, 30, --threads=1, 12, --backend=cuda --partitions=2",
        "roads, 60x60, 30, --backend=cuda, 11, --threads=2"})
    void aCheckpoint_resumesAcrossBackends_bitIdentically(String name, String size, int ticks, String first, int at,
            String second) {
        Gpu.require();
        List<String> straight = ResumeTest.run(name, size, ticks, "--threads=1", null, -1);
        Path file = dir.resolve(name + ".colony");
        ResumeTest.run(name, size, at, first, file, at);
        assertEquals(straight, ResumeTest.run(name, size, ticks, second, file, -1));
    }

    @ParameterizedTest(name = "{0} {1}: {3} at {4} to {5}")
    @CsvSource({
        "sugarscape, 64x64, 30, --backend=cuda --devices=2, 13, --threads=2",
        "stupidmodel, 48x32, 30, --threads=1, 12, --backend=cuda --devices=2",
        "wolfsheep, 31x31, 40, --backend=cuda --devices=2, 17, --backend=cuda --partitions=3",
        "braingrid, 30x30, 40, --backend=cuda, 15, --backend=cuda --devices=2"})
    void aCheckpoint_resumesOnAnotherNumberOfGpus_bitIdentically(String name, String size, int ticks, String first,
            int at, String second) {
        PartitionedGpuTest.requireTwo();
        aCheckpoint_resumesAcrossBackends_bitIdentically(name, size, ticks, first, at, second);
    }
}
