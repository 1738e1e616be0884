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
        Throwable first = close(resources);
        if (first instanceof RuntimeException e) {
            throw e;
        }
        if (first instanceof Error e) {
            throw e;
        }
        if (first != null) {
            throw new IllegalStateException("close failed: " + first, first);
        }
    }

    /** Closes each of {@code resources} (nulls skipped); returns the first failure, the later ones suppressed in it. */
    private static Throwable close(Iterable<? extends AutoCloseable> resources) {
        Throwable first = null;
        if (resources == null) {
            return null;
        }
        for (AutoCloseable resource : resources) {
            if (resource == null) {
                continue;
            }
            try {
                resource.close();
            } catch (Throwable t) {
                if (first == null) {
                    first = t;
                } else if (t != first) {
                    first.addSuppressed(t);
                }
            }
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
