package org.colony.cuda.internal.bind;

import org.colony.ColonyException;
import org.colony.runtime.spi.WorkFailure;

/**
 * A failure of a CUDA driver, NVRTC or NCCL call, naming the function and the error
 * ({@code cuMemAlloc_v2 failed: CUDA_ERROR_OUT_OF_MEMORY}, {@code ncclGroupEnd failed: ncclSystemError}). The
 * backend's floors catch it by type (an allocation retried after a trim, say); users see a {@link ColonyException}
 * whose message names the call and the error. One that reaches the simulation leaves it failed ({@link WorkFailure}):
 * the device's state may be half-updated.
 */
public final class CudaException extends ColonyException implements WorkFailure {
    private static final long serialVersionUID = 1L;

    private final String function;
    private final String error;

    /**
     * @param function the native function that failed
     * @param error the error's name
     * @param detail what Colony was doing, or null
     */
    public CudaException(String function, String error, String detail) {
        super(function + " failed: " + error + (detail == null ? "" : " (" + detail + ")"));
        this.function = function;
        this.error = error;
    }

    /** The native function that failed. */
    public String function() {
        return function;
    }

    /** The error's name, such as {@code CUDA_ERROR_OUT_OF_MEMORY} or {@code ncclInvalidUsage}. */
    public String error() {
        return error;
    }
}
