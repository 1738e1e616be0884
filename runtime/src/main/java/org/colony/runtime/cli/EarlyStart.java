package org.colony.runtime.cli;

import java.util.Arrays;
import java.util.Locale;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.colony.runtime.Config;
import org.colony.runtime.cluster.MpiCluster;
import org.colony.runtime.spi.BackendProvider;

/**
 * Lets a GPU backend start its driver and device while the JVM loads the command line and the model
 * ({@link BackendProvider#prepare}): for {@code mass run} on the backend {@code auto} or {@code cuda}, in one process
 * (under {@code mpirun} each rank's device is chosen later, by its place among the host's ranks), not for
 * {@code --help}.
 */
final class EarlyStart {

    private EarlyStart() {
    }

    /** The provider that started early, or null. */
    private static BackendProvider started;

    /**
     * Starts the CUDA backend's driver and device early where {@code args} are a run that may use it: the backend and
     * device as the run reads them (the command line, else {@code -Dcolony.backend} and {@code -Dcolony.device}).
     */
    static void begin(String[] args) {
        if (args.length < 2 || !args[0].equals("run") || MpiCluster.launched()) {
            return;
        }
        for (int i = 1; i < args.length && !args[i].equals("--"); i++) {
            if (args[i].equals("-h") || args[i].equals("--help") || args[i].equals("-V")
                    || args[i].equals("--version")) {
                return;
            }
        }
        Config config;
        try {
            // the backend and device as the run will read them: options, else -Dcolony.backend, -Dcolony.device
            config = Config.fromArgsKeepingUnknown(Arrays.copyOfRange(args, 1, args.length));
        } catch (RuntimeException e) {
            return; // refused where the options are read
        }
        String backend = config.backend().toLowerCase(Locale.ROOT);
        if (!backend.equals("auto") && !backend.equals("cuda")) {
            return;
        }
        int device = config.device();
        try {
            for (BackendProvider p : ServiceLoader.load(BackendProvider.class)) {
                if (p.name().equals("cuda")) {
                    p.prepare(device);
                    started = p;
                }
            }
        } catch (RuntimeException | ServiceConfigurationError | LinkageError e) {
            // the backend meets it again where it opens
        }
    }

    /** Before the process exits: lets what started early finish (a short while at most), not end inside a driver. */
    static void finish() {
        if (started != null) {
            started.settle();
        }
    }
}
