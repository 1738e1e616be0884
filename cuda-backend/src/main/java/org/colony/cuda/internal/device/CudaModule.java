package org.colony.cuda.internal.device;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.HashMap;
import java.util.Map;
import org.colony.cuda.internal.bind.Driver;

/** A loaded CUBIN: its kernels by name and its global symbols. */
public final class CudaModule implements AutoCloseable {

    private final long handle;
    private final Map<String, Long> functions = new HashMap<>();
    private boolean unloaded;

    /** Loads a CUBIN image into the current context, every kernel of it onto the device. */
    public CudaModule(byte[] cubin) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment image = arena.allocate(cubin.length + 1L);
            MemorySegment.copy(cubin, 0, image, ValueLayout.JAVA_BYTE, 0, cubin.length);
            this.handle = Driver.loadModule(image);
        }
        Driver.loadFunctions(handle);
    }

    /** The kernel with this name. */
    public long function(String name) {
        return functions.computeIfAbsent(name, n -> Driver.function(handle, n));
    }

    /** The device address and byte size of a global symbol. */
    public long[] global(String name) {
        return Driver.global(handle, name);
    }

    @Override
    public void close() {
        if (!unloaded) {
            unloaded = true;
            Driver.unloadModule(handle);
        }
    }
}
