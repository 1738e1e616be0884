package org.colony.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.colony.ColonyException;

/**
 * The settings of a simulation: backend, threads, seed, mode. Read from command-line arguments
 * ({@code --threads 4} or {@code --threads=4}) over system properties ({@code -Dcolony.threads=4}) over
 * defaults. {@link #fromArgs} refuses an option it does not know ({@code --thread=4} names {@code --threads}), so a
 * typo is never ignored; a driver with options of its own reads them with {@link #fromArgsKeepingUnknown}, which
 * hands every argument it does not know back in {@link #remaining()}.
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
 * @param partitions how many partitions a grid is cut into ({@code --partitions 6}), and optionally how many
 *     along each dimension ({@code --partitions 3x2})
 * @param devices how many GPUs the CUDA backend spreads a grid over, one partition on each ({@code --devices 2},
 *     from {@code --device} on)
 * @param stepTimeout the longest one call may run ({@code --step-timeout 30s}) before a watchdog names it and ends
 *     the process with exit status 2; null for no watchdog (the default)
 */
public record Config(String backend, int threads, int device, long seed, Mode mode, List<String> remaining,
        Partitions partitions, int devices, Duration stepTimeout) {

    /**
     * How a grid is cut into partitions.
     *
     * @param count the number of partitions (1: the grid is one block)
     * @param shape partitions along each dimension, x first, or empty to let Colony choose the shape with the
     *     least halo surface
     */
    public record Partitions(int count, List<Integer> shape) {

        /** One partition. */
        public static final Partitions ONE = new Partitions(1, List.of());

        /** Validates the count and the shape. */
        public Partitions {
            shape = List.copyOf(shape);
            if (count < 1) {
                throw new ColonyException("--partitions=" + count + " is not positive; use 1 or more partitions");
            }
            if (!shape.isEmpty()) {
                long product = 1;
                for (int c : shape) {
                    if (c < 1) {
                        throw new ColonyException("--partitions=" + text(shape) + " has a count below 1");
                    }
                    product *= c;
                }
                if (product != count) {
                    throw new ColonyException("--partitions=" + text(shape) + " makes " + product
                            + " partitions, not " + count);
                }
            }
        }

        /**
         * Reads {@code 6} or {@code 3x2}.
         *
         * @param value the option's value, a count or a shape
         * @return the partitions it names
         */
        public static Partitions parse(String value) {
            String v = value.trim().toLowerCase(Locale.ROOT);
            if (!v.contains("x")) {
                return new Partitions(parseInt("--partitions", v), List.of());
            }
            List<Integer> shape = new ArrayList<>();
            long product = 1;
            for (String part : v.split("x", -1)) {
                int c = parseInt("--partitions", part);
                shape.add(c);
                product *= Math.max(1, c);
            }
            if (shape.size() > 3) {
                throw new ColonyException("--partitions=" + value + " has " + shape.size()
                        + " dimensions; grids have at most 3");
            }
            if (product > Integer.MAX_VALUE) {
                throw new ColonyException("--partitions=" + value + " makes too many partitions");
            }
            return new Partitions((int) product, shape);
        }

        @Override
        public String toString() {
            return shape.isEmpty() ? Integer.toString(count) : text(shape);
        }

        private static String text(List<Integer> shape) {
            return String.join("x", shape.stream().map(String::valueOf).toList());
        }
    }

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
        if (devices < 1) {
            throw new ColonyException("--devices=" + devices + " is not positive; use 1 or more GPUs");
        }
        if (partitions == null) {
            partitions = Partitions.ONE;
        }
        if (stepTimeout != null && (stepTimeout.isNegative() || stepTimeout.isZero())) {
            throw new ColonyException("--step-timeout=" + stepTimeout.toMillis() + "ms is not positive; give a "
                    + "duration such as 30s, 5m or 1500ms, or leave it out for no watchdog");
        }
        remaining = List.copyOf(remaining);
    }

    /**
     * Settings on {@code partitions} and {@code devices}, without a watchdog.
     *
     * @param backend {@code auto}, {@code cpu} or {@code cuda}
     * @param device the first GPU's ordinal, from 0
     * @param devices the GPUs to spread the partitions over, 1 or more
     * @param mode deterministic (bit-identical everywhere) or fast
     * @param partitions the partitions to cut each grid into
     * @param remaining the arguments Colony did not read, for the driver
     * @param seed the seed of every random draw
     * @param threads the CPU worker threads, 1 to {@value #MAX_THREADS}
     */
    public Config(String backend, int threads, int device, long seed, Mode mode, List<String> remaining,
            Partitions partitions, int devices) {
        this(backend, threads, device, seed, mode, remaining, partitions, devices, null);
    }

    /**
     * Settings on one partition and device {@code device}.
     *
     * @param backend {@code auto}, {@code cpu} or {@code cuda}
     * @param device the first GPU's ordinal, from 0
     * @param mode deterministic (bit-identical everywhere) or fast
     * @param remaining the arguments Colony did not read, for the driver
     * @param seed the seed of every random draw
     * @param threads the CPU worker threads, 1 to {@value #MAX_THREADS}
     */
    public Config(String backend, int threads, int device, long seed, Mode mode, List<String> remaining) {
        this(backend, threads, device, seed, mode, remaining, Partitions.ONE, 1);
    }

    /**
     * Settings on device 0.
     *
     * @param backend {@code auto}, {@code cpu} or {@code cuda}
     * @param mode deterministic (bit-identical everywhere) or fast
     * @param remaining the arguments Colony did not read, for the driver
     * @param seed the seed of every random draw
     * @param threads the CPU worker threads, 1 to {@value #MAX_THREADS}
     */
    public Config(String backend, int threads, long seed, Mode mode, List<String> remaining) {
        this(backend, threads, 0, seed, mode, remaining);
    }

    /**
     * {@return the defaults: backend auto, one thread per available processor (under {@code mpirun}, the processors
     * shared among the ranks of this host), seed 42, deterministic}
     */
    public static Config defaults() {
        return new Config("auto", Math.min(MAX_THREADS, defaultThreads()), 42L, Mode.DETERMINISTIC, List.of());
    }

    /**
     * The processors this process may use; under {@code mpirun}, at most its share of the host's (the host's online
     * processors over the ranks on the host), since ranks that are not bound to cores of their own would otherwise
     * each take them all.
     */
    private static int defaultThreads() {
        int mine = Runtime.getRuntime().availableProcessors();
        String ranksHere = System.getenv("OMPI_COMM_WORLD_LOCAL_SIZE");
        if (ranksHere == null) {
            return mine;
        }
        try {
            int share = Math.max(1, onlineProcessors(mine) / Math.max(1, Integer.parseInt(ranksHere.trim())));
            return Math.max(1, Math.min(mine, share));
        } catch (NumberFormatException e) {
            return mine;
        }
    }

    /** The host's online processors (Linux's {@code /sys/devices/system/cpu/online}: {@code 0-15,32-47}), or else {@code otherwise}. */
    private static int onlineProcessors(int otherwise) {
        try {
            int n = 0;
            for (String range : Files.readString(Path.of("/sys/devices/system/cpu/online"))
                    .trim().split(",")) {
                String[] ends = range.split("-");
                n += ends.length == 1 ? 1 : Integer.parseInt(ends[1]) - Integer.parseInt(ends[0]) + 1;
            }
            return n > 0 ? n : otherwise;
        } catch (IOException | RuntimeException e) {
            return otherwise;
        }
    }

    /** The options {@link #fromArgs} reads. */
    public static final List<String> OPTIONS = List.of("--backend", "--threads", "--seed", "--mode", "--fast",
            "--deterministic", "--device", "--devices", "--partitions", "--step-timeout");

    /**
     * Reads settings from system properties ({@code colony.backend}, {@code colony.threads}, {@code colony.seed},
     * {@code colony.mode}, {@code colony.device}, {@code colony.devices}, {@code colony.partitions},
     * {@code colony.stepTimeout}) and then from arguments, which win. Arguments that do not start with {@code -}
     * are kept in {@link #remaining()}.
     *
     * @param args the command-line arguments
     * @return the settings
     * @throws ColonyException naming the setting when a value is malformed or out of range, or naming an option
     *     Colony does not know (with the closest one it knows); use {@link #fromArgsKeepingUnknown} to take options
     *     of your own
     */
    public static Config fromArgs(String... args) {
        return fromArgs(System.getProperties(), false, args);
    }

    /**
     * As {@link #fromArgs}, but every argument Colony does not know (an option of the driver's own, with its value)
     * is handed back in order in {@link #remaining()} instead of refused.
     *
     * @param args the command-line arguments
     * @return the settings, with the unknown arguments in {@link #remaining()}
     */
    public static Config fromArgsKeepingUnknown(String... args) {
        return fromArgs(System.getProperties(), true, args);
    }

    static Config fromArgs(Properties properties, String... args) {
        return fromArgs(properties, false, args);
    }

    static Config fromArgs(Properties properties, boolean keepUnknown, String... args) {
        Config d = defaults();
        String backend = properties.getProperty("colony.backend", d.backend());
        String threads = properties.getProperty("colony.threads");
        String seed = properties.getProperty("colony.seed");
        String mode = properties.getProperty("colony.mode");
        String device = properties.getProperty("colony.device");
        String partitions = properties.getProperty("colony.partitions");
        String devices = properties.getProperty("colony.devices");
        String stepTimeout = properties.getProperty("colony.stepTimeout");
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
                case "--backend", "--threads", "--seed", "--mode", "--device", "--partitions", "--devices",
                        "--step-timeout" -> {
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
                        case "--partitions" -> partitions = value;
                        case "--devices" -> devices = value;
                        case "--step-timeout" -> stepTimeout = value;
                        default -> mode = value;
                    }
                }
                case "--fast" -> mode = "fast";
                case "--deterministic" -> mode = "deterministic";
                default -> {
                    if (!keepUnknown && a.startsWith("-") && !a.equals("-") && !isNumber(a)) {
                        throw new ColonyException(unknownOption(key));
                    }
                    rest.add(a);
                }
            }
        }
        return new Config(backend,
                threads == null ? d.threads() : parseInt("--threads", threads),
                device == null ? 0 : parseInt("--device", device),
                seed == null ? d.seed() : parseLong("--seed", seed),
                mode == null ? d.mode() : parseMode(mode), rest,
                partitions == null ? Partitions.ONE : Partitions.parse(partitions),
                devices == null ? 1 : parseInt("--devices", devices),
                stepTimeout == null ? null : parseDuration("--step-timeout", stepTimeout));
    }

    /** The message for an option {@link #fromArgs} does not know, with the closest known one. */
    private static String unknownOption(String option) {
        String closest = null;
        int best = Integer.MAX_VALUE;
        for (String known : OPTIONS) {
            int d = editDistance(option, known);
            if (d < best) {
                best = d;
                closest = known;
            }
        }
        return "unknown option " + option + (best <= Math.max(2, option.length() / 3) ? "; did you mean " + closest
                + "?" : ";") + " Colony's options are " + String.join(", ", OPTIONS) + "; a driver with options of "
                + "its own reads them with Config.fromArgsKeepingUnknown(args) and finds them in remaining()";
    }

    private static int editDistance(String a, String b) {
        int[] row = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            row[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            int diagonal = row[0];
            row[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int up = row[j];
                row[j] = Math.min(Math.min(row[j] + 1, row[j - 1] + 1),
                        diagonal + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
                diagonal = up;
            }
        }
        return row[b.length()];
    }

    private static boolean isNumber(String text) {
        try {
            Double.parseDouble(text);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /**
     * Reads a duration: a number with a unit ({@code 1500ms}, {@code 30s}, {@code 5m}, {@code 2h}), or seconds
     * alone ({@code 30}).
     *
     * @param setting the setting's name for the message, {@code --step-timeout}
     * @param value the text to read
     * @return the duration, at least 1 ms
     */
    public static Duration parseDuration(String setting, String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        int unit = 0;
        while (unit < v.length() && (Character.isDigit(v.charAt(unit)) || v.charAt(unit) == '.')) {
            unit++;
        }
        try {
            double amount = Double.parseDouble(v.substring(0, unit));
            double millis = amount * switch (v.substring(unit).trim()) {
                case "ms" -> 1;
                case "", "s" -> 1e3;
                case "m", "min" -> 60e3;
                case "h" -> 3600e3;
                default -> throw new NumberFormatException();
            };
            if (!(millis >= 1) || millis > Long.MAX_VALUE / 2) {
                throw new ColonyException(setting + "=" + value + " is out of range; give at least 1ms");
            }
            return Duration.ofMillis(Math.round(millis));
        } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
            throw new ColonyException(setting + "=" + value + " is not a duration; write 30s, 5m, 1500ms or 2h");
        }
    }

    /**
     * {@return this configuration with another backend}
     *
     * @param name {@code auto}, {@code cpu} or {@code cuda}
     */
    public Config withBackend(String name) {
        return new Config(name, threads, device, seed, mode, remaining, partitions, devices, stepTimeout);
    }

    /**
     * {@return this configuration with another thread count}
     *
     * @param n the CPU worker threads, 1 or more
     */
    public Config withThreads(int n) {
        return new Config(backend, n, device, seed, mode, remaining, partitions, devices, stepTimeout);
    }

    /**
     * {@return this configuration with another seed}
     *
     * @param s the seed
     */
    public Config withSeed(long s) {
        return new Config(backend, threads, device, s, mode, remaining, partitions, devices, stepTimeout);
    }

    /**
     * {@return this configuration with another mode}
     *
     * @param m deterministic or fast
     */
    public Config withMode(Mode m) {
        return new Config(backend, threads, device, seed, m, remaining, partitions, devices, stepTimeout);
    }

    /**
     * {@return this configuration with another GPU}
     *
     * @param d the GPU's ordinal, from 0
     */
    public Config withDevice(int d) {
        return new Config(backend, threads, d, seed, mode, remaining, partitions, devices, stepTimeout);
    }

    /**
     * {@return this configuration with {@code n} partitions, shaped by Colony}
     *
     * @param n the partitions, 1 or more
     */
    public Config withPartitions(int n) {
        return new Config(backend, threads, device, seed, mode, remaining, new Partitions(n, List.of()), devices, stepTimeout);
    }

    /**
     * {@return this configuration with partitions in the given shape, x first ({@code withPartitions(3, 2)})}
     *
     * @param shape the partitions along each dimension
     */
    public Config withPartitions(int... shape) {
        long product = 1;
        List<Integer> s = new ArrayList<>();
        for (int c : shape) {
            s.add(c);
            product *= c;
        }
        return new Config(backend, threads, device, seed, mode, remaining,
                new Partitions((int) Math.max(0, Math.min(Integer.MAX_VALUE, product)), s), devices, stepTimeout);
    }

    /**
     * {@return this configuration spread over {@code n} GPUs from {@link #device()} on}
     *
     * @param n the GPUs, 1 or more
     */
    public Config withDevices(int n) {
        return new Config(backend, threads, device, seed, mode, remaining, partitions, n, stepTimeout);
    }

    /**
     * {@return this configuration with a watchdog that ends the process when one call runs longer than {@code limit}}
     *
     * @param limit the longest a call may run, positive
     */
    public Config withStepTimeout(Duration limit) {
        return new Config(backend, threads, device, seed, mode, remaining, partitions, devices, limit);
    }

    /** {@return the settings as name/value pairs, for reports} */
    public Map<String, String> describe() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("backend", backend);
        m.put("threads", Integer.toString(threads));
        m.put("device", Integer.toString(device));
        m.put("devices", Integer.toString(devices));
        m.put("partitions", partitions.toString());
        m.put("seed", Long.toString(seed));
        m.put("mode", mode.name().toLowerCase(Locale.ROOT));
        if (stepTimeout != null) {
            m.put("stepTimeout", stepTimeout.toMillis() + "ms");
        }
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
