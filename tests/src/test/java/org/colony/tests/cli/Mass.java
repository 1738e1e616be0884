package org.colony.tests.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.colony.runtime.cli.Main;

/** The {@code mass} command line run in this JVM, as the CLI tests run it: its status and both streams. */
final class Mass {

    /** One run of the command line: its status and what it wrote to each stream. */
    record Result(int rc, String out, String err) {
    }

    private Mass() {
    }

    /** {@return the run of {@code mass args...}} */
    static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = Main.execute(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), args);
        return new Result(rc, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
