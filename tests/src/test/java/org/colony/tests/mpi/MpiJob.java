package org.colony.tests.mpi;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Starting {@code mpirun} from a test: the command, the wait with a limit, what came out. */
final class MpiJob {

    /** What a job printed and how it ended. */
    record Result(int status, String out, String err, long millis) {
    }

    private MpiJob() {
    }

    /**
     * Skips the calling test where Open MPI is missing, except on CI, where its absence is a failure of the set-up
     * ({@code scripts/install-mpi.sh}, run by {@code .ci/run}).
     */
    static void require() {
        boolean present = Files.isExecutable(Path.of("/usr/bin/mpirun")) || onPath("mpirun");
        if (!present && System.getenv("CI") != null) {
            throw new AssertionError("mpirun is missing on CI: .ci/run installs Open MPI with scripts/install-mpi.sh");
        }
        assumeTrue(present, "Open MPI is not installed here (scripts/install-mpi.sh installs it)");
    }

    private static boolean onPath(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }

    /** The java command that runs a class of this test's class path, with the flags Colony needs. */
    static List<String> java(String mainClass, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.add("--enable-native-access=ALL-UNNAMED");
        cmd.add("--add-modules");
        cmd.add("jdk.incubator.vector");
        cmd.add("-XX:TieredStopAtLevel=1"); // short runs: the C1 compiler alone starts sooner
        cmd.add("-Xss4m");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(mainClass);
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** {@code mpirun -np ranks [mca...] command}, for this machine (oversubscribed, as root where we are root). */
    static List<String> mpirun(int ranks, List<String> mca, List<String> command) {
        List<String> cmd = new ArrayList<>(List.of("mpirun", "--oversubscribe", "-np", Integer.toString(ranks)));
        if ("root".equals(System.getProperty("user.name"))) {
            cmd.add("--allow-run-as-root");
        }
        for (int i = 0; i + 1 < mca.size(); i += 2) {
            cmd.addAll(List.of("--mca", mca.get(i), mca.get(i + 1)));
        }
        cmd.addAll(command);
        return cmd;
    }

    /** Runs a command to its end or {@code limitSeconds}; a job past its limit is killed and reported as 124. */
    static Result run(List<String> command, int limitSeconds) throws IOException, InterruptedException {
        Path out = Files.createTempFile("colony-mpi", ".out");
        Path err = Files.createTempFile("colony-mpi", ".err");
        try {
            ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
            // Open MPI in a container: no shared-memory single-copy (ptrace is refused), and no warning about it.
            pb.environment().put("OMPI_MCA_btl_vader_single_copy_mechanism", "none");
            pb.environment().put("OMPI_MCA_rmaps_base_oversubscribe", "1");
            long t0 = System.nanoTime();
            Process p = pb.start();
            int status;
            if (p.waitFor(limitSeconds, TimeUnit.SECONDS)) {
                status = p.exitValue();
            } else {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly().waitFor();
                status = 124;
            }
            long millis = (System.nanoTime() - t0) / 1_000_000;
            return new Result(status, Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8), millis);
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
