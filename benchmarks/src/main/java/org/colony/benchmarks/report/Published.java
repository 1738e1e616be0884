package org.colony.benchmarks.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The peers' published per-step times (MASS CUDA 2026 thesis: MASS CUDA on two A5000s, FLAME GPU 2 on
 * one), shipped as {@code published.csv} next to this class. They are other hardware and are shown for
 * context only, never in a ratio.
 *
 * @param model the benchmark model
 * @param places places on the grid
 * @param massCudaMs MASS CUDA (new), 2 GPUs, ms per step
 * @param flameGpuMs FLAME GPU 2, 1 GPU, ms per step (NaN: not reported)
 */
public record Published(String model, long places, double massCudaMs, double flameGpuMs) {

    /** The hardware the figures were measured on, for captions. */
    public static final String HARDWARE = "published: MASS CUDA on 2x NVIDIA A5000, FLAME GPU 2 on 1x A5000 "
            + "(MASS CUDA 2026 thesis, Tables 2, 3, 6, 7, 10, 11)";

    /** All published figures. */
    public static List<Published> all() {
        List<Published> out = new ArrayList<>();
        try (var in = Published.class.getResourceAsStream("published.csv");
                BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            boolean header = true;
            while ((line = r.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                if (header) {
                    header = false;
                    continue;
                }
                String[] f = line.split(",", -1);
                out.add(new Published(f[0], Long.parseLong(f[1]), Double.parseDouble(f[2]),
                        f[3].isEmpty() ? Double.NaN : Double.parseDouble(f[3])));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** The figures of one model. */
    public static List<Published> of(String model) {
        return all().stream().filter(p -> p.model().equals(model)).toList();
    }
}
