package org.colony.tests.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.Locale;
import org.colony.runtime.cli.Main;

/**
 * Runs {@code mass run wolfsheep} in this JVM until it outgrows the heap, three times, for {@link HeapTest}: after each
 * run it prints what it returned, the heap still in use after full collections and the CPU backend's worker threads
 * still alive, which a run that ran out of memory must not leave behind.
 */
public final class RepeatedOutOfMemory {

    private RepeatedOutOfMemory() {
    }

    /**
     * Runs the three runs.
     *
     * @param args none
     * @throws InterruptedException if interrupted while the collections run
     */
    public static void main(String[] args) throws InterruptedException {
        PrintStream none = new PrintStream(OutputStream.nullOutputStream());
        Runtime rt = Runtime.getRuntime();
        for (int run = 0; run < 3; run++) {
            int status = Main.execute(none, none, "run", "wolfsheep", "--size=2500", "--steps=30", "--backend=cpu",
                    "--threads=2", "--quiet");
            for (int g = 0; g < 3; g++) {
                System.gc();
                Thread.sleep(100);
            }
            long workers = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().startsWith("colony-cpu-")).count();
            System.out.printf(Locale.ROOT, "run %d: status %d, %d MiB in use, %d workers%n", run, status,
                    (rt.totalMemory() - rt.freeMemory()) >> 20, workers);
        }
    }
}
