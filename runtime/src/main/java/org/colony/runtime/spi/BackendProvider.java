package org.colony.runtime.spi;


/**
 * Creates a backend; found through {@link java.util.ServiceLoader}. A provider that cannot run here (no
 * GPU, no driver) says why in one line from {@link #unavailableReason()}.
 */
public interface BackendProvider {

    /** {@return the name {@code --backend} selects it by} */
    String name();

    /** {@return preference for {@code --backend auto}: the usable provider with the highest priority wins} */
    int priority();

    /** {@return null when the backend can run here, otherwise one line saying why not} */
    String unavailableReason();

    /**
     * Starts, on a thread of its own, what opening the backend on device {@code device} does first (a GPU driver's
     * start, a device's context), so that it runs while the caller loads the rest; it never fails, since
     * {@link #open} meets and reports any problem again. The default does nothing.
     *
     * @param device the device the run will open
     */
    default void prepare(int device) {
    }

    /**
     * Waits, a short while at most, for what {@link #prepare} started, so that the process does not end while it runs
     * (inside a driver). The default does nothing.
     */
    default void settle() {
    }

    /**
     * Opens the backend.
     *
     * @param options the run's settings
     * @return the backend, open until closed
     */
    Backend open(BackendOptions options);
}
