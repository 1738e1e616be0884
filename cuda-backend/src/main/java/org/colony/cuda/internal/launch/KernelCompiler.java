package org.colony.cuda.internal.launch;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.colony.ColonyException;
import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.bind.Nvrtc;

/**
 * Compiles CUDA sources with NVRTC into CUBINs for a device's own architecture, through a disk cache: the
 * key is a hash of the source, the device library (with its StrictMath), the architecture, NVRTC's and the
 * driver's versions and the options, so a second start skips compilation. The cache lives in
 * {@code $COLONY_CUDA_CACHE}, or {@code $XDG_CACHE_HOME/colony/cuda}, or {@code ~/.cache/colony/cuda}.
 */
public final class KernelCompiler {

    /** The device library that generated sources include. */
    public static final String HEADER = "colony.cuh";
    /** StrictMath's functions for the device, which the device library includes. */
    public static final String STRICT_MATH = "fdlibm.cuh";
    /**
     * Defined in fast mode: the device library then computes the model language's Math functions with CUDA's own
     * (a few ulps from StrictMath) instead of {@link #STRICT_MATH}'s.
     */
    static final String FAST_MATH_MACRO = "COLONY_FAST_MATH";

    private final String architecture;
    private final boolean fast;
    private final Path cache;
    private final String header;
    private final String strictMath;
    private int compiled;
    private int cached;

    /**
     * @param architecture {@code sm_90}
     * @param fast whether to allow fused multiply-add and fast math (results then differ from the CPU)
     */
    public KernelCompiler(String architecture, boolean fast) {
        this.architecture = architecture;
        this.fast = fast;
        this.cache = cacheDirectory();
        this.header = resource(HEADER);
        this.strictMath = resource(STRICT_MATH);
    }

    static Path cacheDirectory() {
        String explicit = System.getenv("COLONY_CUDA_CACHE");
        if (explicit != null && !explicit.isBlank()) {
            return Path.of(explicit);
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("colony").resolve("cuda");
    }

    /** A resource of this module, as text. */
    static String resource(String name) {
        try (InputStream in = KernelCompiler.class.getResourceAsStream("/org/colony/cuda/" + name)) {
            if (in == null) {
                throw new IllegalStateException("the CUDA backend lacks its resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + name, e);
        }
    }

    /** The NVRTC options. */
    List<String> options() {
        List<String> o = new ArrayList<>(List.of("--gpu-architecture=" + architecture, "-std=c++17"));
        if (fast) {
            o.add("--use_fast_math");
            o.add("-D" + FAST_MATH_MACRO);
        } else {
            o.add("--fmad=false");
            o.add("--prec-div=true");
            o.add("--prec-sqrt=true");
            o.add("--ftz=false");
        }
        int lanes = ModelKernels.lanesOverride();
        if (lanes > 0) {
            // A tuning knob for benchmarks: the lanes of every row-marching kernel (else each kernel's own).
            o.add("-DCOLONY_LANES=" + lanes);
        }
        return o;
    }

    /**
     * The CUBIN of {@code source}.
     *
     * @param what the model's name, for messages
     * @throws ColonyException naming the user's source line when NVRTC rejects the source
     */
    public byte[] compile(String source, String fileName, String what) {
        List<String> options = options();
        String key = key(source, options);
        Path file = cache.resolve(key + ".cubin");
        try {
            if (Files.isRegularFile(file)) {
                cached++;
                return Files.readAllBytes(file);
            }
        } catch (IOException e) {
            // An unreadable cache entry is compiled again.
        }
        Nvrtc.Result r = Nvrtc.compile(source, fileName, List.of(HEADER, STRICT_MATH), List.of(header, strictMath),
                options);
        if (r.cubin() == null) {
            throw new ColonyException("NVRTC could not compile the CUDA kernels of " + what + " for " + architecture
                    + ": " + firstError(r.log()));
        }
        compiled++;
        try {
            Files.createDirectories(cache);
            Path tmp = Files.createTempFile(cache, key, ".tmp");
            Files.write(tmp, r.cubin());
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | UnsupportedOperationException e) {
            // No cache: the next start compiles again.
        }
        return r.cubin();
    }

    /** The first error of an NVRTC log ({@code HeatCell.java(33): error: ...}), and how many there were. */
    static String firstError(String log) {
        String first = null;
        int errors = 0;
        for (String line : log.split("\n")) {
            if (line.contains("error")) {
                errors++;
                if (first == null) {
                    first = line.trim();
                }
            }
        }
        if (first == null) {
            return log.strip().replace('\n', ' ');
        }
        return errors > 1 ? first + " (and " + (errors - 1) + " more errors)" : first;
    }

    private String key(String source, List<String> options) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            int[] v = Nvrtc.version();
            for (String part : List.of(source, header, strictMath, architecture, String.join(" ", options), v[0] + "." + v[1],
                    Integer.toString(Driver.driverVersion()))) {
                md.update(part.getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
            }
            return HexFormat.of().formatHex(md.digest()).substring(0, 40);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** How many sources were compiled, and how many came from the cache. */
    public int[] statistics() {
        return new int[] {compiled, cached};
    }
}
