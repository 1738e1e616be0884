package org.colony.cuda.internal.device;

import java.util.HashMap;
import java.util.Map;
import org.colony.cuda.internal.bind.Driver;
import org.colony.runtime.spi.Closeables;

/**
 * Named device buffers reused from call to call, grown when a call needs more, from the device's memory pool
 * ({@link DeviceBuffer#pooled}): agent bookkeeping must not allocate and free in every {@code manageAll}.
 */
public final class ScratchPool implements AutoCloseable {

    private final Map<String, DeviceBuffer> buffers = new HashMap<>();

    /** A buffer of at least {@code bytes} bytes (contents undefined). */
    public long get(String name, long bytes) {
        DeviceBuffer b = buffers.get(name);
        if (b == null || b.bytes() < bytes) {
            if (b != null) {
                b.close();
            }
            long size = Math.max(bytes, 64) + Math.max(bytes, 64) / 4;
            b = DeviceBuffer.pooled(size);
            buffers.put(name, b);
        }
        return b.pointer();
    }

    /**
     * A buffer of at least {@code bytes} bytes, all zero when it is first handed out (or grown); afterwards it holds
     * what its users left in it, for kernels that leave their counters zero when they finish.
     */
    public long cleared(String name, long bytes) {
        DeviceBuffer before = buffers.get(name);
        long p = get(name, bytes);
        DeviceBuffer now = buffers.get(name);
        if (now != before) {
            Driver.memset8(p, (byte) 0, now.bytes());
        }
        return p;
    }

    /** Bytes held. */
    public long bytes() {
        long b = 0;
        for (DeviceBuffer d : buffers.values()) {
            b += d.bytes();
        }
        return b;
    }

    @Override
    public void close() {
        try {
            Closeables.closeAll(buffers.values());
        } finally {
            buffers.clear();
        }
    }
}
