package org.colony.runtime.cli;

/**
 * How {@code mass} words an exception that is not one of Colony's refusals: one thrown by the user's own code (a
 * scenario's setup, a driver) is reported as theirs, naming the class, method and line it came from; one thrown
 * inside Colony is an internal error to report.
 */
final class Failures {

    /** Packages of the JDK and of picocli, which both Colony and the user's code call. */
    private static final String[] LIBRARIES = {"java.", "javax.", "jdk.", "sun.", "com.sun.", "picocli."};

    private Failures() {
    }

    /** One line for {@code e}, without the {@code mass: } prefix. */
    static String describe(Throwable e) {
        StackTraceElement user = userFrame(e);
        if (user != null) {
            return "error: " + e + ", thrown by " + user.getClassName() + "." + user.getMethodName() + " ("
                    + (user.getFileName() == null ? "unknown source" : user.getFileName() + ":"
                    + user.getLineNumber()) + "), not by Colony (set COLONY_DEBUG=1 for the stack trace)";
        }
        return "internal error: " + e + " (set COLONY_DEBUG=1 for the stack trace, and please report it)";
    }

    /**
     * One line for a run the Java heap ran out in, without the {@code mass: } prefix: the heap it had, and a larger one
     * to try (twice as much, in whole GiB).
     *
     * @param maxHeap the most memory the heap may use, in bytes ({@code Runtime.maxMemory()})
     */
    static String outOfMemory(OutOfMemoryError e, long maxHeap) {
        long mib = maxHeap >> 20;
        long suggest = Math.max(1, (2 * maxHeap + (1L << 30) - 1) >> 30);
        return "error: the Java heap ran out of memory during the run (" + e.getMessage() + ", with at most " + mib
                + " MiB): the run needed more than the check before the first step counted (agents born since, or a "
                + "copy of the model's values for a checksum, an output or a read); give Java more, "
                + "COLONY_JAVA_OPTS=-Xmx" + suggest + "g for ./mass (java -Xmx" + suggest + "g for a driver), or run "
                + "a smaller grid or fewer agents";
    }

    /**
     * The frame of the user's code nearest to where {@code e} was thrown, passing over the JDK's frames (a
     * {@code requireNonNull}, say); null where Colony's own code comes first.
     */
    static StackTraceElement userFrame(Throwable e) {
        for (StackTraceElement f : e.getStackTrace()) {
            String c = f.getClassName();
            if (c.startsWith("org.colony.") && !c.startsWith("org.colony.examples.")) {
                return null;
            }
            boolean library = false;
            for (String p : LIBRARIES) {
                library |= c.startsWith(p);
            }
            if (!library) {
                return f;
            }
        }
        return null;
    }
}
