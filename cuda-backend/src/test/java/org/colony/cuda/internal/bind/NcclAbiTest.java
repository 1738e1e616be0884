package org.colony.cuda.internal.bind;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.colony.ColonyException;
import org.colony.kernel.Switch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The NCCL bindings against a stand-in library compiled from {@code nccl-stub.c} with the C signatures of
 * {@code nccl.h}: what each call passes (the 128-byte {@code ncclUniqueId} by value, {@code size_t} counts,
 * handles) and what it reads back. Needs a C compiler ({@code cc}); skipped without one.
 */
class NcclAbiTest {

    @Test
    void bindings_passAndReturnWhatTheCSignaturesSay(@TempDir Path dir) throws IOException, InterruptedException {
        Path source = dir.resolve("nccl-stub.c");
        try (InputStream in = NcclAbiTest.class.getResourceAsStream("nccl-stub.c")) {
            Files.write(source, in.readAllBytes());
        }
        Path library = dir.resolve("libnccl.so.2");
        int cc = run(dir, List.of("cc", "-shared", "-fPIC", "-o", library.toString(), source.toString()));
        assumeTrue(cc == 0, "no C compiler (cc) to build the stand-in NCCL");

        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path log = dir.resolve("probe.log");
        Process p = new ProcessBuilder(java.toString(), "--enable-native-access=ALL-UNNAMED",
                "-D" + Nccl.LIBRARY_PROPERTY + "=" + library, "-cp", classPath(),
                NcclAbiProbe.class.getName()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean done = p.waitFor(60, TimeUnit.SECONDS);
        if (!done) {
            p.destroyForcibly();
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertEquals(true, done, out);
        assertEquals(String.join("\n",
                "unavailable=null",
                "version=2.27.3",
                "initRank nranks=3 rank=2 idsum=" + idSum(),
                "comm=0x1020 rank=2 device=12",
                "initAll rank=0 device=10",
                "initAll rank=1 device=11",
                "comms=0x1000,0x1010",
                "groupStart",
                "send buf=0x7f0000001000 count=8589934597 type=1 peer=1 comm=0x1000 stream=0x5000",
                "recv buf=0x7f0000002000 count=8589934597 type=1 peer=0 comm=0x1010 stream=0x6000",
                "groupEnd",
                "async=ncclSuccess,ncclInvalidUsage",
                "send buf=0x7f0000001000 count=4 type=1 peer=-1 comm=0x1000 stream=0",
                "error=ncclSend failed: ncclInvalidArgument (peer=-1 bytes=4: stub: peer is negative)",
                "destroy comm=0x1000",
                "abort comm=0x1010") + "\n", out);
        assertEquals(0, p.exitValue(), out);
    }

    /**
     * A class path for the probe: this JVM's, with the module path and the jars or folders of the classes the probe
     * needs, wherever this test found them (the module path, patched in; a launcher's own class loader).
     */
    private static String classPath() {
        StringBuilder path = new StringBuilder(System.getProperty("java.class.path", ""));
        for (String more : new String[] {System.getProperty("jdk.module.path"), location(NcclAbiProbe.class),
            location(Nccl.class), location(Switch.class), location(ColonyException.class)}) {
            if (more != null && !more.isEmpty()) {
                path.append(File.pathSeparator).append(more);
            }
        }
        return path.toString();
    }

    private static String location(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int idSum() {
        int sum = 0;
        for (int i = 0; i < 128; i++) {
            sum += (i * 7 + 3) & 0xff;
        }
        return sum;
    }

    private static int run(Path dir, List<String> command) throws InterruptedException {
        try {
            Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(dir.resolve("cc.log").toFile()).start();
            return p.waitFor(60, TimeUnit.SECONDS) ? p.exitValue() : -1;
        } catch (IOException e) {
            return -1;
        }
    }
}
