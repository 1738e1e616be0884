package org.colony.benchmarks.report;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes a result file that {@link Results} reads: one pretty-printed JSON document with a {@code kind}. */
public final class ResultFile {

    private ResultFile() {
    }

    /** Writes {@code doc} to {@code file}, creating its folder. */
    public static void write(Path file, JsonObject doc) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(file, new GsonBuilder().setPrettyPrinting().create().toJson(doc) + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
