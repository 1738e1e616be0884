package org.colony.cuda.internal.device;

import java.util.Arrays;

/**
 * Closes several resources whatever happens to each: every one is closed even when another's {@code close()}
 * throws, null entries are skipped, and the first failure is thrown after the last close with the later ones added
 * to it as suppressed (as Agrona's {@code CloseHelper.closeAll}). For owners that free several buffers, handles or
 * native objects: one throw must not leak the rest.
 */
public final class CloseHelper {

    private CloseHelper() {
    }

    /** Closes each of {@code resources} in order (nulls skipped); see the class comment for failures. */
    public static void closeAll(AutoCloseable... resources) {
        closeAll(resources == null ? null : Arrays.asList(resources));
    }

    /** Closes each of {@code resources} in order (nulls skipped); see the class comment for failures. */
    public static void closeAll(Iterable<? extends AutoCloseable> resources) {
        if (resources == null) {
            return;
        }
        Throwable first = null;
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
}
