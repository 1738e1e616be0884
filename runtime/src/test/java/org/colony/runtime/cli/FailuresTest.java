package org.colony.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** {@code mass} reports an exception of the user's code as theirs and one of Colony's code as an internal error. */
class FailuresTest {

    private static RuntimeException thrownAt(RuntimeException e, StackTraceElement... frames) {
        e.setStackTrace(frames);
        return e;
    }

    private static StackTraceElement at(String className, String method, String file, int line) {
        return new StackTraceElement(className, method, file, line);
    }

    @Test
    void exceptionOfAUsersScenario_namesItsClassAndLine_notColony() {
        RuntimeException e = thrownAt(new IllegalStateException("no sheep"),
                at("demo.Pasture", "setup", "Pasture.java", 42),
                at("org.colony.runtime.cli.Main$Run", "call", "Main.java", 250));
        assertEquals("error: java.lang.IllegalStateException: no sheep, thrown by demo.Pasture.setup (Pasture.java:42), "
                + "not by Colony (set COLONY_DEBUG=1 for the stack trace)", Failures.describe(e));
    }

    @Test
    void exceptionFromTheJdkCalledByUserCode_namesTheUsersFrame() {
        RuntimeException e = thrownAt(new NullPointerException("grid"),
                at("java.util.Objects", "requireNonNull", "Objects.java", 233),
                at("demo.Pasture", "tick", "Pasture.java", 7),
                at("org.colony.runtime.cli.Main$Run", "call", "Main.java", 250));
        assertEquals("error: java.lang.NullPointerException: grid, thrown by demo.Pasture.tick (Pasture.java:7), "
                + "not by Colony (set COLONY_DEBUG=1 for the stack trace)", Failures.describe(e));
    }

    @Test
    void exceptionOfColonysOwnCode_isAnInternalErrorToReport() {
        RuntimeException e = thrownAt(new ArrayIndexOutOfBoundsException("Index 3 out of bounds for length 3"),
                at("java.util.Arrays", "copyOf", "Arrays.java", 10),
                at("org.colony.runtime.storage.BlockStorage", "read", "BlockStorage.java", 88),
                at("demo.Pasture", "tick", "Pasture.java", 7));
        assertEquals("internal error: java.lang.ArrayIndexOutOfBoundsException: Index 3 out of bounds for length 3 "
                + "(set COLONY_DEBUG=1 for the stack trace, and please report it)", Failures.describe(e));
    }
}
