package org.colony.cuda.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.colony.runtime.ColonyException;

/**
 * The error word kernels write when a step fails on the device (a division by zero, an index out of
 * range): the first failure of a run is kept as {@code kind << 24 | line} and reported at the next point
 * where the host waits for the device.
 */
public final class DeviceErrors implements AutoCloseable {

    private final DeviceBuffer word = DeviceBuffer.zeroed(4);

    /** The word's device address, for frames. */
    public long pointer() {
        return word.pointer();
    }

    /**
     * Reads the word (waiting for the device) and throws if a kernel failed.
     *
     * @param sourceFile the model's source file, to name the line
     * @param model the model's name
     */
    public void check(String sourceFile, String model) {
        int code;
        try (Arena a = Arena.ofConfined()) {
            MemorySegment s = a.allocate(4);
            word.download(s, 0, 4);
            code = s.get(ValueLayout.JAVA_INT, 0);
        }
        if (code == 0) {
            return;
        }
        word.clear();
        int line = code & 0xFFFFFF;
        String what = switch (code >>> 24) {
            case 1 -> "integer division by zero";
            case 2 -> "an array index out of range";
            case 3 -> "a neighbor offset beyond the step's declared reach";
            case 4 -> "uniformInt with a bound that is not positive";
            case 5 -> "spawn(n) with a negative n, or more than 2147483647 children asked for by one agent";
            case 6 -> "two plain writes of one place attribute by agents on the same place";
            default -> "error " + (code >>> 24);
        };
        throw new ColonyException(sourceFile + ":" + line + ": " + what + " in a step of " + model
                + " (reported by the GPU)");
    }

    @Override
    public void close() {
        word.close();
    }
}
