package org.colony.examples;

/**
 * The backend the functional tests run on, for the examples' tests and for those of the {@code tests} module, which
 * reaches it through this module's test jar.
 */
public final class TestBackend {

    private TestBackend() {
    }

    /**
     * The backend's name: the CPU unless the {@code colony.test.backend} property names another (a GPU machine runs
     * the same tests with {@code -Dcolony.test.backend=cuda}, each against its plain-Java reference).
     */
    public static String name() {
        return System.getProperty("colony.test.backend", "cpu");
    }
}
