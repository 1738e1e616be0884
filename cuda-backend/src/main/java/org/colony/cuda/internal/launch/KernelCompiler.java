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
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.colony.ColonyException;
import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.bind.Nvrtc;
import org.colony.cuda.internal.device.CudaModule;
import org.colony.cuda.tuning.CudaSwitches;

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
    // Counted from the threads that compile held passes too.
    private final AtomicInteger compiled = new AtomicInteger();
    private final AtomicInteger cached = new AtomicInteger();
    private final AtomicInteger aheadOfTime = new AtomicInteger();
    private final AtomicInteger refused = new AtomicInteger();

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

    /** Where this module's CUDA sources lie, as a class loader's resource path. */
    public static final String RESOURCES = "org/colony/cuda/";

    /**
     * {@return a resource of this module ({@link #RESOURCES}), as text}
     *
     * @param name its name ({@code colony.cuh})
     */
    public static String resource(String name) {
        try (InputStream in = KernelCompiler.class.getResourceAsStream("/" + RESOURCES + name)) {
            if (in == null) {
                throw new IllegalStateException("the CUDA backend lacks its resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + name, e);
        }
    }

    /**
     * The options of a deterministic compile after the architecture, the same for NVRTC and for {@code nvcc} ahead of
     * time: C++17, no fused multiply-add, IEEE division and square root, subnormals kept.
     */
    public static final List<String> STRICT = List.of("-std=c++17", "--fmad=false", "--prec-div=true",
            "--prec-sqrt=true", "--ftz=false");

    /** The NVRTC options. */
    List<String> options() {
        List<String> o = new ArrayList<>(List.of("--gpu-architecture=" + architecture));
        if (fast) {
            o.add("-std=c++17");
            o.add("--use_fast_math");
            o.add("-D" + FAST_MATH_MACRO);
        } else {
            o.addAll(STRICT);
        }
        int lanes = ModelKernels.lanesOverride();
        if (lanes > 0) {
            // A tuning knob for benchmarks: the lanes of every row-marching kernel (else each kernel's own).
            o.add("-DCOLONY_LANES=" + lanes);
        }
        int chunk = ModelKernels.neighborChunkOverride();
        if (chunk > 0) {
            o.add("-DCOLONY_NEIGHBOR_CHUNK=" + chunk); // a tuning knob too: the edges a neighbours loop loads ahead
        }
        return o;
    }

    /**
     * {@return the name of the ahead-of-time CUBIN of the CUDA source resource {@code resource} for {@code
     * architecture}: {@code RESOURCE.ARCH.KEY.cubin}, KEY a hash of the source, the device library and {@link
     * #STRICT}} {@code nvcc} writes it beside the source when a model is built ({@code org.colony.cuda.tools
     * .AheadOfTime}); a run looks for it under the key of what it would compile, so a CUBIN of another source,
     * device library or option is never taken.
     *
     * @param resource the source's resource path ({@code META-INF/colony/cuda/org.example.Cell.cu})
     * @param source the source
     * @param header the device library ({@link #HEADER}) it includes
     * @param strictMath StrictMath's device functions ({@link #STRICT_MATH})
     * @param architecture {@code sm_90}
     */
    public static String aheadOfTimeName(String resource, String source, String header, String strictMath,
            String architecture) {
        return resource + "." + architecture + "." + hash(List.of(source, header, strictMath, architecture,
                String.join(" ", STRICT))).substring(0, 16) + ".cubin";
    }

    private static String hash(List<String> parts) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (String part : parts) {
                md.update(part.getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Loads the kernels of {@code source}: its ahead-of-time CUBIN where the build made one for this device's
     * architecture ({@link #aheadOfTimeName}; deterministic mode only, {@link CudaSwitches#AHEAD_OF_TIME}), else
     * NVRTC's, through the disk cache. A CUBIN the driver refuses is passed over for NVRTC's.
     *
     * @param resources opens a resource beside the source by its path (null where there is none), or null for no
     *     CUBIN ahead of time
     * @param resource the source's resource path, for its CUBIN's name
     * @param what the model's name, for messages
     * @throws ColonyException naming the user's source line when NVRTC rejects the source
     */
    public CudaModule load(String source, String fileName, String what, Function<String, InputStream> resources,
            String resource) {
        if (resources != null && !fast && ModelKernels.lanesOverride() == 0 && ModelKernels.neighborChunkOverride() == 0
                && CudaSwitches.AHEAD_OF_TIME.on()) {
            byte[] cubin = null;
            try (InputStream in = resources.apply(aheadOfTimeName(resource, source, header, strictMath,
                    architecture))) {
                cubin = in == null ? null : in.readAllBytes();
            } catch (IOException e) {
                // unreadable: compiled below
            }
            if (cubin != null) {
                try {
                    CudaModule module = new CudaModule(cubin);
                    aheadOfTime.incrementAndGet();
                    return module;
                } catch (RuntimeException e) {
                    refused.incrementAndGet(); // (a damaged or foreign CUBIN under the right name) compiled below
                }
            }
        }
        return new CudaModule(compile(source, fileName, what));
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
                cached.incrementAndGet();
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
        compiled.incrementAndGet();
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
        int[] v = Nvrtc.version();
        return hash(List.of(source, header, strictMath, architecture, String.join(" ", options), v[0] + "." + v[1],
                Integer.toString(Driver.driverVersion()))).substring(0, 40);
    }

    /**
     * {@return how many sources were compiled by NVRTC, came from the disk cache, were loaded from their ahead-of-time
     * CUBINs, and had an ahead-of-time CUBIN the driver refused}
     */
    public int[] statistics() {
        return new int[] {compiled.get(), cached.get(), aheadOfTime.get(), refused.get()};
    }
}
