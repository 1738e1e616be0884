/**
 * The kernel contract: what the annotation processor writes code against and the runtime and its backends read
 * (model descriptors, the blocks generated CPU kernels see, the random stream, the switches of generated kernels).
 */
module org.colony.kernel {
    requires transitive org.colony.annotations;

    exports org.colony.kernel;
    exports org.colony.kernel.cuda;
}
