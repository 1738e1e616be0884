package org.colony.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.List;
import java.util.Properties;
import org.colony.ColonyException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ConfigTest {

    private static final Properties NONE = new Properties();

    private static Properties properties(String... pairs) {
        Properties p = new Properties();
        for (int i = 0; i < pairs.length; i += 2) {
            p.setProperty(pairs[i], pairs[i + 1]);
        }
        return p;
    }

    private static ColonyException rejected(Properties p, String... args) {
        ColonyException e = assertThrows(ColonyException.class, () -> Config.fromArgs(p, args));
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        return e;
    }

    @Test
    void noArguments_giveTheDefaults() {
        Config c = Config.fromArgs(NONE);
        assertEquals(Config.defaults(), c);
        assertEquals("auto", c.backend());
        assertEquals(Math.min(Config.MAX_THREADS, Runtime.getRuntime().availableProcessors()), c.threads());
        assertEquals(42L, c.seed());
        assertEquals(Mode.DETERMINISTIC, c.mode());
        assertEquals(List.of(), c.remaining());
    }

    @Test
    void settings_takeSeparateOrAttachedValues() {
        Config c = Config.fromArgs(NONE, "--threads", "4", "--seed=0x10", "--backend", "CPU", "--mode=fast");
        assertEquals(4, c.threads());
        assertEquals(16L, c.seed());
        assertEquals("cpu", c.backend());
        assertEquals(Mode.FAST, c.mode());
        Config d = Config.fromArgs(NONE, "--threads=3", "--seed", "-7", "--mode", "Deterministic");
        assertEquals(3, d.threads());
        assertEquals(-7L, d.seed());
        assertEquals(Mode.DETERMINISTIC, d.mode());
    }

    @Test
    void seed_acceptsHexUpTo64Bits() {
        assertEquals(-1L, Config.fromArgs(NONE, "--seed", "0xFFFFFFFFFFFFFFFF").seed());
        assertEquals(0x1234L, Config.fromArgs(NONE, "--seed", "0X1234").seed());
        assertEquals(Long.MIN_VALUE, Config.fromArgs(NONE, "--seed=" + Long.MIN_VALUE).seed());
    }

    @Test
    void modeFlags_selectTheMode_lastOneWins() {
        assertEquals(Mode.FAST, Config.fromArgs(NONE, "--fast").mode());
        assertEquals(Mode.DETERMINISTIC, Config.fromArgs(NONE, "--fast", "--deterministic").mode());
        assertEquals(Mode.FAST, Config.fromArgs(NONE, "--mode", "deterministic", "--fast").mode());
    }

    @Test
    void unknownArguments_keepingUnknown_areHandedBackInOrder() {
        Config c = Config.fromArgs(NONE, true, "--size", "100", "--threads", "2", "model.txt", "--steps=5", "-v");
        assertEquals(List.of("--size", "100", "model.txt", "--steps=5", "-v"), c.remaining());
        assertEquals(2, c.threads());
    }

    @Test
    void unknownOption_isRefusedWithTheClosestKnownOne() {
        String tail = " Colony's options are --backend, --threads, --seed, --mode, --fast, --deterministic, --device, "
                + "--devices, --partitions, --step-timeout; a driver with options of its own reads them with "
                + "Config.fromArgsKeepingUnknown(args) and finds them in remaining()";
        ColonyException e = assertThrows(ColonyException.class, () -> Config.fromArgs(NONE, "--thread=4"));
        assertEquals("unknown option --thread; did you mean --threads?" + tail, e.getMessage());
        e = assertThrows(ColonyException.class, () -> Config.fromArgs(NONE, "--sed", "4"));
        assertEquals("unknown option --sed; did you mean --seed?" + tail, e.getMessage());
        e = assertThrows(ColonyException.class, () -> Config.fromArgs(NONE, "--frobnicate"));
        assertEquals("unknown option --frobnicate;" + tail, e.getMessage());
        e = assertThrows(ColonyException.class, () -> Config.fromArgs(NONE, "-v"));
        assertEquals("unknown option -v;" + tail, e.getMessage());
    }

    @Test
    void argumentsThatAreNotOptions_areKeptWhenUnknownOptionsAreRefused() {
        assertEquals(List.of("model.txt", "-5"), Config.fromArgs(NONE, "model.txt", "--seed", "3", "-5").remaining());
    }

    @Test
    void stepTimeout_isReadFromArgumentsAndProperties() {
        assertEquals(null, Config.fromArgs(NONE).stepTimeout());
        assertEquals(Duration.ofSeconds(30), Config.fromArgs(NONE, "--step-timeout=30s").stepTimeout());
        assertEquals(Duration.ofMillis(1500), Config.fromArgs(NONE, "--step-timeout", "1500ms").stepTimeout());
        assertEquals(Duration.ofMinutes(5), Config.fromArgs(properties("colony.stepTimeout", "5m"))
                .stepTimeout());
        assertEquals(Duration.ofSeconds(2), Config.fromArgs(NONE, "--step-timeout=2").stepTimeout());
        ColonyException e = assertThrows(ColonyException.class, () -> Config.fromArgs(NONE, "--step-timeout=soon"));
        assertEquals("--step-timeout=soon is not a duration; write 30s, 5m, 1500ms or 2h", e.getMessage());
        e = assertThrows(ColonyException.class, () -> Config.defaults().withStepTimeout(Duration.ZERO));
        assertEquals("--step-timeout=0ms is not positive; give a duration such as 30s, 5m or 1500ms, or leave it out "
                + "for no watchdog", e.getMessage());
        assertEquals(Duration.ofSeconds(9), Config.defaults().withStepTimeout(Duration
                .ofSeconds(9)).withThreads(2).withSeed(3).stepTimeout());
    }

    @Test
    void systemProperties_setDefaultsThatArgumentsOverride() {
        Properties p = properties("colony.backend", "cpu", "colony.threads", "3", "colony.seed", "0x20",
                "colony.mode", "fast");
        Config c = Config.fromArgs(p);
        assertEquals("cpu", c.backend());
        assertEquals(3, c.threads());
        assertEquals(32L, c.seed());
        assertEquals(Mode.FAST, c.mode());
        Config d = Config.fromArgs(p, "--threads=1", "--seed", "5", "--deterministic", "--backend=auto");
        assertEquals("auto", d.backend());
        assertEquals(1, d.threads());
        assertEquals(5L, d.seed());
        assertEquals(Mode.DETERMINISTIC, d.mode());
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
        "--threads | 0     | --threads=0 is out of range; use 1 to 1024",
        "--threads | -2    | --threads=-2 is out of range; use 1 to 1024",
        "--threads | 1025  | --threads=1025 is out of range; use 1 to 1024",
        "--threads | abc   | --threads=abc is not a whole number",
        "--threads | 2.5   | --threads=2.5 is not a whole number",
        "--seed    | 12x   | --seed=12x is not a 64-bit whole number",
        "--seed    | 0xZZ  | --seed=0xZZ is not a 64-bit whole number",
        "--backend | opencl| --backend=opencl is not a backend; use auto, cpu or cuda",
        "--mode    | quick | --mode=quick is not a mode; use deterministic or fast",
    })
    void badValues_areRejectedInOneLineNamingTheSetting(String setting, String value, String message) {
        assertEquals(message, rejected(NONE, setting, value).getMessage());
        assertEquals(message, rejected(NONE, setting + "=" + value).getMessage());
    }

    @Test
    void badSystemProperty_isRejectedNamingTheSetting() {
        assertEquals("--threads=zero is not a whole number",
                rejected(properties("colony.threads", "zero")).getMessage());
        assertEquals("--backend=gpu is not a backend; use auto, cpu or cuda",
                rejected(properties("colony.backend", "gpu")).getMessage());
    }

    @Test
    void settingWithoutValue_isRejected() {
        assertEquals("--threads needs a value", rejected(NONE, "--threads").getMessage());
        assertEquals("--seed needs a value", rejected(NONE, "--fast", "--seed").getMessage());
    }

    @Test
    void withers_validateToo() {
        Config c = Config.defaults().withThreads(2).withSeed(9).withBackend("cpu").withMode(Mode.FAST);
        assertEquals(new Config("cpu", 2, 9, Mode.FAST, List.of()), c);
        assertEquals("--threads=0 is out of range; use 1 to 1024",
                assertThrows(ColonyException.class, () -> c.withThreads(0)).getMessage());
        assertEquals("--backend=tpu is not a backend; use auto, cpu or cuda",
                assertThrows(ColonyException.class, () -> c.withBackend("tpu")).getMessage());
    }

    @Test
    void describe_listsTheSettings() {
        Config c = new Config("cpu", 2, 9, Mode.FAST, List.of("x"));
        assertEquals(List.of("backend", "threads", "device", "devices", "partitions", "seed", "mode"),
                List.copyOf(c.describe().keySet()));
        assertEquals("{backend=cpu, threads=2, device=0, devices=1, partitions=1, seed=9, mode=fast}",
                c.describe().toString());
    }

    @Test
    void partitionsAndDevices_areRead() {
        Config c = Config.fromArgs(NONE, "--partitions", "6", "--devices=2");
        assertEquals(new Config.Partitions(6, List.of()), c.partitions());
        assertEquals(2, c.devices());
        assertEquals(new Config.Partitions(6, List.of(3, 2)), Config.fromArgs(NONE, "--partitions=3x2").partitions());
        assertEquals(List.of(1, 1, 4), Config.fromArgs(NONE, "--partitions=1x1x4").partitions().shape());
        assertEquals(Config.Partitions.ONE, Config.defaults().partitions());
        assertEquals(new Config.Partitions(4, List.of(2, 2)), Config.defaults().withPartitions(2, 2).partitions());
    }

    @Test
    void badPartitionsOrDevices_areRejectedInOneLine() {
        assertEquals("--partitions=0 is not positive; use 1 or more partitions",
                rejected(NONE, "--partitions=0").getMessage());
        assertEquals("--partitions=two is not a whole number", rejected(NONE, "--partitions=two").getMessage());
        assertEquals("--partitions=3x0 has a count below 1", rejected(NONE, "--partitions=3x0").getMessage());
        assertEquals("--partitions=2x2x2x2 has 4 dimensions; grids have at most 3",
                rejected(NONE, "--partitions=2x2x2x2").getMessage());
        assertEquals("--devices=0 is not positive; use 1 or more GPUs", rejected(NONE, "--devices=0").getMessage());
    }

    @Test
    void withDevices_keepsTheStepTimeout() {
        Config c = Config.defaults().withStepTimeout(Duration.ofSeconds(5)).withDevices(2);
        assertEquals(Duration.ofSeconds(5), c.stepTimeout());
        assertEquals(2, c.devices());
    }
}
