package org.colony.runtime.cli;

import java.util.ServiceLoader;
import org.colony.runtime.cluster.MpiCluster;
import org.colony.runtime.spi.BackendProvider;

/**
 * Lets a GPU backend start its driver and device while the JVM loads the command line and the model
 * ({@link BackendProvider#prepare}): for {@code mass run} on {@code --backend auto} or {@code cuda}, in one process
 * (under {@code mpirun} each rank's device is chosen later, by its place among the host's ranks).
 */
final class EarlyStart {

    private EarlyStart() {
    }

    /** Starts the CUDA backend's driver and device early where {@code args} are a run that may use it. */
    static void begin(String[] args) {
        if (args.length == 0 || !args[0].equals("run") || MpiCluster.launched()) {
            return;
        }
        String backend = value(args, "--backend", "auto");
        if (!backend.equals("auto") && !backend.equals("cuda")) {
            return;
        }
        int device;
        try {
            device = Integer.parseInt(value(args, "--device", "0"));
        } catch (NumberFormatException e) {
            return; // refused where the options are read
        }
        try {
            for (BackendProvider p : ServiceLoader.load(BackendProvider.class)) {
                if (p.name().equals("cuda")) {
                    p.prepare(device);
                }
            }
        } catch (RuntimeException | LinkageError e) {
            // the backend meets it again where it opens
        }
    }

    /** {@return the value of option {@code name} ({@code --name V} or {@code --name=V}), or {@code otherwise}} */
    private static String value(String[] args, String name, String otherwise) {
        String found = otherwise;
        for (int i = 1; i < args.length; i++) {
            if (args[i].equals(name) && i + 1 < args.length) {
                found = args[i + 1];
            } else if (args[i].startsWith(name + "=")) {
                found = args[i].substring(name.length() + 1);
            }
        }
        return found;
    }
}
