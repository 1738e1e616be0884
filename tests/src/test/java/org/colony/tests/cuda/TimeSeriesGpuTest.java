package org.colony.tests.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.colony.runtime.cli.Main;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Time series recorded on a GPU are the CPU's byte for byte: the examples' own series (populations, means, sums,
 * histograms) and grouped ones, on one GPU and cut into partitions on it, through {@code mass run --record}.
 */
@Tag("gpu")
class TimeSeriesGpuTest {

    @TempDir
    Path dir;

    private Path record(String name, String model, String size, String steps, String series, String... backend)
            throws IOException {
        Path file = dir.resolve(name + ".csv");
        List<String> args = new ArrayList<>(List.of("run", model, "--quiet", "--size=" + size, "--steps=" + steps,
                "--record=" + file + "@3"));
        if (!series.isEmpty()) {
            args.add("--series=" + series);
        }
        args.addAll(List.of(backend));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = Main.execute(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), args.toArray(String[]::new));
        assertEquals(0, rc, err.toString(StandardCharsets.UTF_8));
        return file;
    }

    @ParameterizedTest(name = "{0} {1}, partitions {3}")
    @CsvSource({"stupidmodel, 48x32, '', 1", "stupidmodel, 48x32, '', 3",
        "stupidmodel, 48x32, 'Bug.count.by(asked:0:1),Bug.size.max.by(asked:0:1),Bug.fromX.sum', 1",
        "stupidmodel, 48x32, 'Bug.size.min,Bug.size.max,Bug.size.hist(0:10:7),Bug.fromX.max,Bug.fromX.mean', 1",
        "sugarscape, 61, '', 1", "sugarscape, 61, '', 2x2", "epidemic, 64, '', 1", "epidemic, 64, '', 3"})
    void seriesOnTheGpu_areTheCpusByteForByte(String model, String size, String series, String partitions)
            throws IOException {
        Gpu.require();
        Path cpu = record("cpu", model, size, "25", series, "--backend=cpu", "--threads=2");
        Path gpu = record("gpu", model, size, "25", series, "--backend=cuda", "--partitions=" + partitions);
        assertEquals(Files.readString(cpu), Files.readString(gpu), model + " " + series + " partitions " + partitions);
    }
}
