/**
 * The Colony runtime: the driver API ({@code Simulation}, {@code Places}, {@code Agents}, {@code Config}), grids,
 * reductions, the command line, the backend SPI and the CPU backend.
 *
 * <p>Exported to everyone: the driver API and the backend SPI. Exported only to the CUDA backend: the host
 * machinery it shares with the CPU backend ({@code cpu}, {@code storage}). Internal: partitioned collections,
 * halos, migration priorities.
 */
@SuppressWarnings("module") // qualified exports name modules that are not built yet when this one compiles
module org.colony.runtime {
    requires transitive org.colony.annotations;
    requires transitive org.colony.kernel;
    requires info.picocli;
    requires java.desktop;
    requires java.management;
    requires transitive jdk.jfr; // StepEvent, a JFR event users may record, is public

    // the driver API
    exports org.colony.runtime;
    exports org.colony.runtime.agents;
    exports org.colony.runtime.cli;
    exports org.colony.runtime.graph;
    exports org.colony.runtime.grid;
    exports org.colony.runtime.io;
    exports org.colony.runtime.profile;
    exports org.colony.runtime.record;
    exports org.colony.runtime.reduce;
    exports org.colony.runtime.step;
    exports org.colony.runtime.tuning;
    // the backend SPI
    exports org.colony.runtime.spi;
    exports org.colony.runtime.cluster;
    exports org.colony.runtime.transport;
    // the host machinery the CUDA backend shares with the CPU backend
    exports org.colony.runtime.cpu to org.colony.cuda;
    exports org.colony.runtime.storage to org.colony.cuda;

    opens org.colony.runtime.cli to info.picocli;

    uses org.colony.kernel.ModelDescriptor;
    uses org.colony.runtime.cli.Plotter;
    uses org.colony.runtime.cli.Scenario;
    uses org.colony.runtime.spi.BackendProvider;

    provides org.colony.runtime.spi.BackendProvider with org.colony.runtime.cpu.CpuBackendProvider;
}
