package org.colony.runtime;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * The settings of a simulation: backend, threads, seed, mode. Read from command-line arguments
 * ({@code --threads 4} or {@code --threads=4}) over system properties ({@code -Dcolony.threads=4}) over
 * defaults; arguments Colony does not know are kept for the model's own use ({@link #remaining()}).
 *
 * <pre>{@code
 * try (Simulation sim = Simulation.create(Config.fromArgs(args))) { ... }
 * Config c = Config.defaults().withThreads(2).withSeed(7);
 * }</pre>
 *
 * @param backend {@code auto} (a GPU when one is usable, else the CPU), {@code cpu} or {@code cuda}
 * @param threads CPU worker threads, 1 to {@value #MAX_THREADS}
 * @param device the GPU the CUDA backend uses (0-based)
 * @param seed the seed of every random draw
 * @param mode deterministic (bit-identical everywhere) or fast
 * @param remaining arguments that are not Colony settings, in order
 */
public record Config(String backend, int threads, int device, long seed, Mode mode, List<String> remaining) {

    /** The most CPU worker threads a simulation may use. */
    public static final int MAX_THREADS = 1024;
    /** The backends {@code --backend} accepts. */
    public static final List<String> BACKENDS = List.of("auto", "cpu", "cuda");

    /** Validates the settings. */
    public Config {
        backend = backend.toLowerCase(Locale.ROOT);
        if (!BACKENDS.contains(backend)) {
            throw new ColonyException("--backend=" + backend + " is not a backend; use auto, cpu or cuda");
        }
        if (threads < 1 || threads > MAX_THREADS) {
            throw new ColonyException("--threads=" + threads + " is out of range; use 1 to " + MAX_THREADS);
        }
        if (device < 0) {
            throw new ColonyException("--device=" + device + " is negative; devices are numbered from 0");
        }
        remaining = List.copyOf(remaining);
    }

    /** Settings on device 0. */
    public Config(String backend, int threads, long seed, Mode mode, List<String> remaining) {
        this(backend, threads, 0, seed, mode, remaining);
    }

    /** The defaults: backend auto, one thread per available processor, seed 42, deterministic. */
    public static Config defaults() {
        return new Config("auto", Math.min(MAX_THREADS, Runtime.getRuntime().availableProcessors()), 42L,
                Mode.DETERMINISTIC, List.of());
    }

    /**
     * Reads settings from system properties ({@code colony.backend}, {@code colony.threads}, {@code colony.seed},
     * {@code colony.mode}) and then from arguments, which win.
     *
     * @throws ColonyException naming the setting when a value is malformed or out of range
     */
    public static Config fromArgs(String... args) {
        return fromArgs(System.getProperties(), args);
    }

    static Config fromArgs(Properties properties, String... args) {
        Config d = defaults();
        String backend = properties.getProperty("colony.backend", d.backend());
        String threads = properties.getProperty("colony.threads");
        String seed = properties.getProperty("colony.seed");
        String mode = properties.getProperty("colony.mode");
        String device = properties.getProperty("colony.device");
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String key = a;
            String value = null;
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 0) {
                key = a.substring(0, eq);
                value = a.substring(eq + 1);
            }
            switch (key) {
                case "--backend", "--threads", "--seed", "--mode", "--device" -> {
                    if (value == null) {
                        if (i + 1 >= args.length) {
                            throw new ColonyException(key + " needs a value");
                        }
                        value = args[++i];
                    }
                    switch (key) {
                        case "--backend" -> backend = value;
                        case "--threads" -> threads = value;
                        case "--seed" -> seed = value;
                        case "--device" -> device = value;
                        default -> mode = value;
                    }
                }
                case "--fast" -> mode = "fast";
                case "--deterministic" -> mode = "deterministic";
                default -> rest.add(a);
            }
        }
        return new Config(backend,
                threads == null ? d.threads() : parseInt("--threads", threads),
                device == null ? 0 : parseInt("--device", device),
                seed == null ? d.seed() : parseLong("--seed", seed),
                mode == null ? d.mode() : parseMode(mode), rest);
    }

    /** This configuration with another backend. */
    public Config withBackend(String name) {
        return new Config(name, threads, device, seed, mode, remaining);
    }

    /** This configuration with another thread count. */
    public Config withThreads(int n) {
        return new Config(backend, n, device, seed, mode, remaining);
    }

    /** This configuration with another seed. */
    public Config withSeed(long s) {
        return new Config(backend, threads, device, s, mode, remaining);
    }

    /** This configuration with another mode. */
    public Config withMode(Mode m) {
        return new Config(backend, threads, device, seed, m, remaining);
    }

    /** This configuration with another GPU. */
    public Config withDevice(int d) {
        return new Config(backend, threads, d, seed, mode, remaining);
    }

    /** The settings as name/value pairs, for reports. */
    public Map<String, String> describe() {
        Map<String, String> m = new java.util.LinkedHashMap<>();
        m.put("backend", backend);
        m.put("threads", Integer.toString(threads));
        m.put("device", Integer.toString(device));
        m.put("seed", Long.toString(seed));
        m.put("mode", mode.name().toLowerCase(Locale.ROOT));
        return Collections.unmodifiableMap(m);
    }

    static int parseInt(String setting, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new ColonyException(setting + "=" + value + " is not a whole number");
        }
    }

    static long parseLong(String setting, String value) {
        String v = value.trim();
        try {
            if (v.startsWith("0x") || v.startsWith("0X")) {
                return Long.parseUnsignedLong(v.substring(2), 16);
            }
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new ColonyException(setting + "=" + value + " is not a 64-bit whole number");
        }
    }

    private static Mode parseMode(String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "deterministic" -> Mode.DETERMINISTIC;
            case "fast" -> Mode.FAST;
            default -> throw new ColonyException("--mode=" + value + " is not a mode; use deterministic or fast");
        };
    }
}
