package org.colony.runtime.cpu;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.colony.runtime.tuning.RuntimeSwitches;

/**
 * When the CPU backend's blocks hold place steps back to run them together ({@link HeldSteps}): the switches
 * {@link RuntimeSwitches#HOLD}, {@link RuntimeSwitches#HOLD_MIN_CELLS} and {@link RuntimeSwitches#HOLD_MIN_CELL_BYTES},
 * read when the backend starts, and whether a profile is being collected (which times every call on its own, so
 * nothing is held meanwhile).
 */
final class HoldSettings {

    /** The L2 cache of one core, from the operating system where it says, else 1 MiB. */
    static final long CACHE_BYTES = l2Bytes();

    private final boolean enabled;
    private final long minCells;
    private final long minCellBytes;
    private volatile boolean profiling;

    private HoldSettings(boolean enabled, long minCells, long minCellBytes) {
        this.enabled = enabled;
        this.minCells = minCells;
        this.minCellBytes = minCellBytes;
    }

    /** The settings the system properties give. */
    static HoldSettings fromProperties() {
        return new HoldSettings(RuntimeSwitches.HOLD.on(), RuntimeSwitches.HOLD_MIN_CELLS.whole(),
                RuntimeSwitches.HOLD_MIN_CELL_BYTES.whole());
    }

    /** Whether blocks may hold steps at all. */
    boolean enabled() {
        return enabled;
    }

    /** The smallest grid, in places, whose steps are held. */
    long minCells() {
        return minCells;
    }

    /** The fewest bytes a cell's columns take for its steps to be held. */
    long minCellBytes() {
        return minCellBytes;
    }

    /** Bytes of cache the held steps' rows should fit in. */
    long cacheBytes() {
        return CACHE_BYTES;
    }

    /** Whether a profile is being collected (nothing is held then). */
    boolean profiling() {
        return profiling;
    }

    void profiling(boolean on) {
        this.profiling = on;
    }

    private static long l2Bytes() {
        try {
            Path p = Path.of("/sys/devices/system/cpu/cpu0/cache/index2/size");
            if (Files.isReadable(p)) {
                String s = Files.readString(p).trim().toUpperCase(Locale.ROOT);
                long unit = s.endsWith("K") ? 1024 : s.endsWith("M") ? 1024 * 1024 : 1;
                String digits = s.replaceAll("[^0-9]", "");
                if (!digits.isEmpty()) {
                    long bytes = Long.parseLong(digits) * unit;
                    if (bytes >= 64 * 1024 && bytes <= 64L * 1024 * 1024) {
                        return bytes;
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // fall through to the default
        }
        return 1024 * 1024;
    }
}
