package org.colony.cuda.internal.launch;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.colony.cuda.internal.device.DeviceBuffer;
import org.colony.cuda.internal.device.DeviceErrors;

/**
 * The device word a predicate step's kernel adds its instances to where the predicate held ({@code count}): set to
 * zero before the launch, read back after it, with the device's errors checked on the way.
 */
public final class PredicateCounter implements AutoCloseable {

    private final DeviceBuffer counter = DeviceBuffer.zeroed(8);

    /** Sets the count to zero; returns the device address the kernel adds to. */
    public long cleared() {
        counter.clear();
        return counter.pointer();
    }

    /** Waits for the count and reports the device's errors; returns how many instances the predicate held for. */
    public long read(DeviceErrors errors) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment count = arena.allocate(8);
            counter.download(count, 0, 8);
            errors.check();
            return count.get(ValueLayout.JAVA_LONG, 0);
        }
    }

    @Override
    public void close() {
        counter.close();
    }
}
