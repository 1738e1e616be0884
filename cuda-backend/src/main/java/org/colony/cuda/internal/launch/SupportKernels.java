package org.colony.cuda.internal.launch;

import org.colony.cuda.internal.device.CudaModule;

/** The runtime's own kernels ({@code support.cu}), compiled and loaded once per backend. */
public final class SupportKernels implements AutoCloseable {

    private final CudaModule module;

    /** Compiles and loads the support kernels. */
    public SupportKernels(KernelCompiler compiler) {
        String source = KernelCompiler.resource("support.cu");
        // (through the class, which reads its own module's resources on the module path too)
        this.module = compiler.load(source, "support.cu", "the Colony runtime",
                name -> SupportKernels.class.getResourceAsStream("/" + name), KernelCompiler.RESOURCES + "support.cu");
    }

    /** A support kernel by name. */
    public long function(String name) {
        return module.function(name);
    }

    @Override
    public void close() {
        module.close();
    }
}
