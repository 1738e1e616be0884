package org.colony.cuda.internal;

import java.util.HashMap;
import java.util.Map;
import org.colony.runtime.spi.ModelInfo;

/** What every store of one backend shares: the device, the compiler, the loaded kernels. */
public final class CudaContext implements AutoCloseable {

    private final CudaDevice device;
    private final KernelCompiler compiler;
    private final Map<Class<?>, ModelKernels> models = new HashMap<>();
    private SupportKernels support;
    private final DeviceErrors errors;
    private final LaunchTimer timer;

    /**
     * @param device the GPU
     * @param fast whether kernels may use fused multiply-add and fast math
     */
    public CudaContext(CudaDevice device, boolean fast) {
        this.device = device;
        this.timer = new LaunchTimer(device);
        this.compiler = new KernelCompiler(device.architecture(), fast);
        device.makeCurrent();
        this.errors = new DeviceErrors();
    }

    /** The error record every kernel on this device reports to. */
    public DeviceErrors errors() {
        return errors;
    }

    /** The GPU. */
    public CudaDevice device() {
        return device;
    }

    /** The compiler. */
    public KernelCompiler compiler() {
        return compiler;
    }

    /** The kernels of a model, compiled and loaded on first use. */
    public ModelKernels kernels(ModelInfo model) {
        device.makeCurrent();
        return models.computeIfAbsent(model.modelClass(), c -> new ModelKernels(model, compiler, errors));
    }

    /** The runtime's own kernels, compiled and loaded on first use. */
    public SupportKernels support() {
        device.makeCurrent();
        if (support == null) {
            support = new SupportKernels(compiler);
        }
        return support;
    }

    /** Device time of step calls for {@code --profile}; off unless the runtime asks for it. */
    public LaunchTimer timer() {
        return timer;
    }

    @Override
    public void close() {
        device.makeCurrent();
        timer.close();
        for (ModelKernels k : models.values()) {
            k.close();
        }
        if (support != null) {
            support.close();
        }
        errors.close();
        device.close();
    }
}
