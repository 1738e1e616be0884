package org.colony.runtime.spi;

import java.util.Arrays;

/**
 * Closes several resources whatever happens to each: every one is closed even when another's {@code close()}
 * throws, null entries are skipped, and the first failure is thrown after the last close with the later ones added
 * to it as suppressed (as Agrona's {@code Closeables.closeAll}). For owners that free several buffers, handles or
 * native objects (a simulation's collections, a partitioned collection's blocks, a backend's device memory): one
 * throw must not leak the rest.
 */
public final class Closeables {

    private Closeables() {
    }

    /**
     * Closes each of {@code resources} in order (nulls skipped); see the class comment for failures.
     *
     * @param resources what to close; nulls are skipped
     */
    public static void closeAll(AutoCloseable... resources) {
        closeAll(resources == null ? null : Arrays.asList(resources));
    }

    /**
     * Closes each of {@code resources} in order (nulls skipped); see the class comment for failures.
     *
     * @param resources what to close; nulls are skipped
     */
    public static void closeAll(Iterable<? extends AutoCloseable> resources) {
        rethrow(close(resources));
    }

    /**
     * Closes {@code resource} (null skipped) after the failure {@code first} of the closes before it (null: none);
     * returns the first failure, a later one added to it as suppressed. Allocates nothing where nothing fails: for an
     * owner that closes what it holds one by one where the heap may have run out (a simulation's close).
     *
     * @param first the first failure of the closes before, or null
     * @param resource what to close; null is skipped
     * @return the first failure, or null where none failed
     */
    public static Throwable closeAfter(Throwable first, AutoCloseable resource) {
        if (resource == null) {
            return first;
        }
        try {
            resource.close();
            return first;
        } catch (Throwable t) {
            return later(first, t);
        }
    }

    /**
     * {@return the first failure of a series of closes: {@code first}, with {@code t} suppressed in it, or {@code t}}
     *
     * @param first the first failure so far, or null
     * @param t a later failure
     */
    public static Throwable later(Throwable first, Throwable t) {
        if (first == null) {
            return t;
        }
        if (t != first) {
            try {
                first.addSuppressed(t);
            } catch (OutOfMemoryError full) {
                // (no room on the heap to note it: the closes go on, and the first failure is the one thrown)
            }
        }
        return first;
    }

    /**
     * Throws {@code failure} (unchecked as it is, checked wrapped), if not null: the end of a series of closes.
     *
     * @param failure the first failure of the closes, or null
     */
    public static void rethrow(Throwable failure) {
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure instanceof Error e) {
            throw e;
        }
        if (failure != null) {
            throw new IllegalStateException("close failed: " + failure, failure);
        }
    }

    /** Closes each of {@code resources} (nulls skipped); returns the first failure, the later ones suppressed in it. */
    private static Throwable close(Iterable<? extends AutoCloseable> resources) {
        Throwable first = null;
        if (resources == null) {
            return null;
        }
        for (AutoCloseable resource : resources) {
            first = closeAfter(first, resource); // (skips a null)
        }
        return first;
    }

    /**
     * Closes each of {@code resources} (nulls skipped) after {@code failure}, which stays the exception to throw: a
     * close that fails too is added to it as suppressed. Returns it, for {@code throw closeAllAfter(e, ...)}.
     *
     * @param <T> the failure's type
     * @param failure the exception to throw
     * @param resources what to close; nulls are skipped
     * @return {@code failure}
     */
    public static <T extends Throwable> T closeAllAfter(T failure, AutoCloseable... resources) {
        Throwable closing = close(resources == null ? null : Arrays.asList(resources));
        if (closing != null && closing != failure) {
            failure.addSuppressed(closing);
        }
        return failure;
    }
}
