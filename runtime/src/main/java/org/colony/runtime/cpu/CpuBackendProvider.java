package org.colony.runtime.cpu;

import org.colony.runtime.spi.Backend;
import org.colony.runtime.spi.BackendOptions;
import org.colony.runtime.spi.BackendProvider;

/** Provides the CPU backend, which runs everywhere. */
public final class CpuBackendProvider implements BackendProvider {

    @Override
    public String name() {
        return "cpu";
    }

    @Override
    public int priority() {
        return 0;
    }

    @Override
    public String unavailableReason() {
        return null;
    }

    @Override
    public Backend open(BackendOptions options) {
        return new CpuBackend(options.threads());
    }
}
