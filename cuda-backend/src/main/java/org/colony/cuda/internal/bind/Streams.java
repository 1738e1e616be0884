package org.colony.cuda.internal.bind;

import org.colony.cuda.tuning.CudaSwitches;

/**
 * The stream mode of the process, read once ({@link CudaSwitches#PER_THREAD_STREAMS}), in a class of its own so that
 * the code that only asks (the launch recorder) loads no driver.
 */
public final class Streams {

    /**
     * Whether device work goes to the calling thread's default stream: then {@link Driver} binds the functions that
     * take or imply a stream as their {@code _ptds}/{@code _ptsz} entry points, where stream 0 is the calling
     * thread's own, as {@code cuda.h} binds them under {@code CUDA_API_PER_THREAD_DEFAULT_STREAM}.
     */
    public static final boolean PER_THREAD = CudaSwitches.PER_THREAD_STREAMS.on();

    private Streams() {
    }
}
