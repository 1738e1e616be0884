/**
 * The CUDA backend: runs Colony models on NVIDIA GPUs through the CUDA driver API, NVRTC and NCCL, bound with
 * {@code java.lang.foreign}. Exported: the backend's face ({@code CudaBackend}, {@code CudaGraphs}) and its tuning
 * switches; its floors ({@code internal.bind}, {@code device}, {@code launch}, {@code store}, {@code transport})
 * and the {@code NcclCheck} tool stay inside. Needs {@code --enable-native-access=org.colony.cuda} on the module
 * path ({@code ALL-UNNAMED} on the class path).
 */
module org.colony.cuda {
    requires transitive org.colony.runtime;

    exports org.colony.cuda;
    exports org.colony.cuda.tuning;

    provides org.colony.runtime.spi.BackendProvider with org.colony.cuda.CudaBackendProvider;
}
