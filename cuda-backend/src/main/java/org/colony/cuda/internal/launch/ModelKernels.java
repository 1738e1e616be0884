package org.colony.cuda.internal.launch;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.colony.ColonyException;
import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.device.CudaModule;
import org.colony.cuda.internal.device.DeviceErrors;
import org.colony.cuda.tuning.CudaSwitches;
import org.colony.kernel.ModelDescriptor;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.SharedInfo;
import org.colony.kernel.cuda.CudaKernel;
import org.colony.kernel.cuda.CudaModel;
import org.colony.kernel.cuda.CudaStep;
import org.colony.kernel.cuda.KernelParam;
import org.colony.runtime.storage.HostCopy;

/**
 * The CUDA kernels of one model: its generated source, compiled and loaded once per backend, and how each step is
 * launched, from the {@link CudaModel} its descriptor carries (the same value the processor printed the kernels
 * from: names, parameters, marching lanes and rows, SWAR forms).
 */
public final class ModelKernels implements AutoCloseable {

    /**
     * Whether steps with a SWAR form (four cells in the byte lanes of a word, see the processor's
     * {@code SwarStep}) launch it rather than their ordinary kernel ({@link CudaSwitches#SWAR}, read once).
     */
    static final boolean SWAR = CudaSwitches.SWAR.on();

    private final CudaModule module;
    private final ModelInfo model;
    private final List<String> symbols;
    private final long[] steps;
    /** Per step its warp form ({@link CudaStep#warpName}), 0 where it has none. */
    private final long[] warps;
    private final Launch[] launches;
    private final List<List<KernelParam>> params;
    private final String sourceFile;
    private final int id;
    private final String source;
    private final List<CudaStep> cudaSteps;

    /**
     * Compiles and loads the model's generated CUDA source, with the launch facts its descriptor carries.
     *
     * @throws ColonyException if the model has no CUDA source, uses what the backend cannot run, or NVRTC fails
     */
    public ModelKernels(ModelDescriptor descriptor, KernelCompiler compiler, DeviceErrors errors) {
        int override = lanesOverride(); // before anything is loaded: a value the switch refuses leaves nothing behind
        this.model = descriptor.info();
        Class<?> cls = model.modelClass();
        CudaModel cuda = descriptor.cuda();
        if (cuda == null) {
            throw new ColonyException(cls.getSimpleName() + " has no generated CUDA kernels; rebuild it with the "
                    + "current Colony processor");
        }
        this.source = source(cls, cuda.resource());
        this.cudaSteps = cuda.steps();
        this.sourceFile = sourceFile(model);
        this.id = errors.register(model, sourceFile);
        this.module = compiler.load(source, cls.getSimpleName() + ".cu", cls.getSimpleName(),
                loader(cls)::getResourceAsStream, cuda.resource());
        this.symbols = cuda.sharedSymbols();
        this.steps = new long[model.steps().size()];
        this.warps = new long[steps.length];
        this.launches = new Launch[steps.length];
        this.params = new ArrayList<>(steps.length);
        for (int i = 0; i < steps.length; i++) {
            CudaStep step = cuda.steps().get(i);
            launches[i] = Launch.of(step, SWAR, override);
            steps[i] = module.function(launches[i].kernel());
            warps[i] = step.warp() ? module.function(step.warpName()) : 0L;
            params.add(step.params());
        }
    }

    private static ClassLoader loader(Class<?> cls) {
        return cls.getClassLoader() == null ? ClassLoader.getSystemClassLoader() : cls.getClassLoader();
    }

    private static String source(Class<?> cls, String path) {
        try (InputStream in = loader(cls).getResourceAsStream(path)) {
            if (in == null) {
                throw new ColonyException(cls.getSimpleName() + " has no generated CUDA source (" + path + "); rebuild it "
                        + "with the current Colony processor");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ColonyException("cannot read " + path + ": " + e.getMessage(), e);
        }
    }

    /**
     * How a step is launched.
     *
     * @param kernel the kernel's name: the step's own, or its SWAR form's
     * @param marches whether each thread walks several rows
     * @param swar whether the kernel is the step's SWAR form (4 adjacent cells per thread)
     * @param lanes the columns of cells each thread walks (1 unless it marches)
     * @param rows the most rows each thread walks (1 unless it marches)
     */
    record Launch(String kernel, boolean marches, boolean swar, int lanes, int rows) {

        /**
         * The launch of a step as its generated facts describe it: its SWAR form where it has one and
         * {@code swarForms} allows (its lanes are its 4 adjacent cells), else its own kernel, marching with its own
         * lanes or {@code lanesOverride} where that is positive ({@link CudaSwitches#LANES}).
         */
        static Launch of(CudaStep step, boolean swarForms, int lanesOverride) {
            boolean swar = swarForms && step.swar() != null && step.swar().marches();
            CudaKernel kernel = swar ? step.swar() : step.kernel();
            if (!kernel.marches()) {
                return new Launch(kernel.name(), false, false, 1, 1);
            }
            return new Launch(kernel.name(), true, swar, swar || lanesOverride <= 0 ? kernel.lanes() : lanesOverride,
                    kernel.rows());
        }
    }

    private static String sourceFile(ModelInfo model) {
        if (!model.steps().isEmpty()) {
            String s = model.steps().get(0).source();
            return s.substring(0, s.lastIndexOf(':'));
        }
        return model.modelClass().getSimpleName() + ".java";
    }

    /** The kernel of step number {@code step}. */
    public long step(int step) {
        return steps[step];
    }

    /**
     * The warp form of step number {@code step} (a warp an agent, launched with 32 threads an agent in blocks of at
     * most 256 threads, with the kernel's parameters), or 0 where it has none.
     */
    public long warp(int step) {
        return warps[step];
    }

    /** The parameters of the kernel of step number {@code step}, in the order it declares them. */
    public List<KernelParam> params(int step) {
        return params.get(step);
    }

    /** Whether the kernel of step number {@code step} walks several rows per thread. */
    public boolean marches(int step) {
        return launches[step].marches();
    }

    /**
     * The columns of cells each thread of step number {@code step} walks (1 unless it marches): lanes
     * {@code blockDim.x} apart, or for a SWAR form 4 adjacent cells.
     */
    public int lanes(int step) {
        return launches[step].lanes();
    }

    /** Whether step number {@code step} launches its SWAR form (4 adjacent cells per thread). */
    public boolean swar(int step) {
        return launches[step].swar();
    }

    /** Whether any step launches its SWAR form (whose word loads need columns of whole 32-bit words). */
    public boolean anySwar() {
        for (Launch launch : launches) {
            if (launch.swar()) {
                return true;
            }
        }
        return false;
    }

    /** The frame's {@code step} value for step number {@code step} of this model. */
    public int who(int step) {
        return DeviceErrors.who(id, step);
    }

    /** The most rows each thread of step number {@code step} walks (1 unless it marches). */
    public int rows(int step) {
        return launches[step].rows();
    }

    /**
     * The lanes of every row-marching kernel when set by {@link CudaSwitches#LANES} (a tuning knob for benchmarks,
     * 1 to 4), else 0: each kernel's own choice.
     *
     * @throws ColonyException if the property is set to anything but 0 to 4
     */
    static int lanesOverride() {
        return (int) CudaSwitches.LANES.whole();
    }

    /** {@return the edges a neighbours loop loads at a time where {@code colony.cuda.neighborChunk} sets it, else 0} */
    static int neighborChunkOverride() {
        return (int) CudaSwitches.NEIGHBOR_CHUNK.whole();
    }

    /**
     * Copies the host values of shared attribute number {@code index} ({@code length} elements, at least one) to
     * its constant symbol.
     */
    public void uploadShared(int index, Object values) {
        uploadShared(index, values, module);
    }

    /**
     * Copies the host values of shared attribute number {@code index} to its constant symbol in {@code into}, a module
     * compiled from this model's source with more after it (a pass of held steps), which has symbols of its own.
     */
    public void uploadShared(int index, Object values, CudaModule into) {
        SharedInfo info = model.shared().get(index);
        int n = Math.max(1, info.length());
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment host = arena.allocate((long) n * info.type().bytes());
            HostCopy.toSegment(values, 0, host, 0, n, info.type());
            Driver.copyToDevice(into.global(symbols.get(index))[0], host, host.byteSize());
        }
    }

    /** The device address of the constant symbol of shared attribute number {@code index}. */
    public long shared(int index) {
        return module.global(symbols.get(index))[0];
    }

    /** How each step is launched, as the processor described it. */
    public List<CudaStep> steps() {
        return cudaSteps;
    }

    /** The model's generated CUDA source. */
    public String source() {
        return source;
    }

    /** Whether step number {@code step} has a cell function ({@link CudaStep#cell}). */
    public boolean hasCell(int step) {
        return cudaSteps.get(step).cell();
    }

    /** The name of the cell function of step number {@code step}, or null where it has none ({@link CudaStep#cell}). */
    public String cell(int step) {
        CudaStep s = cudaSteps.get(step);
        return s.cell() ? s.cellName() : null;
    }

    /** The model's source file name. */
    public String sourceFile() {
        return sourceFile;
    }

    @Override
    public void close() {
        module.close();
    }
}
