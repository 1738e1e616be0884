package org.colony.cuda.internal.launch;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.colony.ColonyException;
import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.device.CudaModule;
import org.colony.cuda.internal.device.DeviceErrors;
import org.colony.cuda.tuning.CudaSwitches;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.SharedInfo;
import org.colony.runtime.storage.HostCopy;

/** The CUDA kernels of one model: its generated source, compiled and loaded once per backend. */
public final class ModelKernels implements AutoCloseable {

    /**
     * Whether steps with a SWAR form (four cells in the byte lanes of a word, see the processor's
     * {@code SwarStep}) launch it rather than their ordinary kernel ({@link CudaSwitches#SWAR}, read once).
     */
    static final boolean SWAR = CudaSwitches.SWAR.on();

    private final CudaModule module;
    private final long[] steps;
    private final boolean[] marches;
    private final int[] lanes;
    private final int[] rows;
    private final boolean[] swar;
    private final String simpleName;
    private final String sourceFile;
    private final int id;

    /**
     * Compiles and loads the model's generated CUDA source.
     *
     * @throws ColonyException if the model has no CUDA source, uses what the backend cannot run, or NVRTC fails
     */
    public ModelKernels(ModelInfo model, KernelCompiler compiler, DeviceErrors errors) {
        Class<?> cls = model.modelClass();
        String path = "META-INF/colony/cuda/" + cls.getName() + ".cu";
        String source;
        ClassLoader loader = cls.getClassLoader() == null ? ClassLoader.getSystemClassLoader() : cls.getClassLoader();
        try (InputStream in = loader.getResourceAsStream(path)) {
            if (in == null) {
                throw new ColonyException(cls.getSimpleName() + " has no generated CUDA source (" + path + "); rebuild it "
                        + "with the current Colony processor");
            }
            source = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ColonyException("cannot read " + path + ": " + e.getMessage(), e);
        }
        for (String line : source.lines().limit(3).toList()) {
            if (line.startsWith("// colony-unsupported: ")) {
                throw new ColonyException(cls.getSimpleName() + " cannot run on the CUDA backend: "
                        + line.substring("// colony-unsupported: ".length()) + "; run it with --backend cpu");
            }
        }
        this.simpleName = prefix(cls);
        this.sourceFile = sourceFile(model);
        this.id = errors.register(model, sourceFile);
        byte[] cubin = compiler.compile(source, cls.getSimpleName() + ".cu", cls.getSimpleName());
        this.module = new CudaModule(cubin);
        this.steps = new long[model.steps().size()];
        this.marches = new boolean[steps.length];
        this.lanes = new int[steps.length];
        this.rows = new int[steps.length];
        this.swar = new boolean[steps.length];
        int override = lanesOverride();
        for (int i = 0; i < steps.length; i++) {
            Launch l = Launch.of(source, simpleName + "__" + model.steps().get(i).name(), SWAR, override);
            steps[i] = module.function(l.kernel());
            marches[i] = l.marches();
            swar[i] = l.swar();
            lanes[i] = l.lanes();
            rows[i] = l.rows();
        }
    }

    /**
     * How a step is launched, from the header of its model's generated source.
     *
     * @param kernel the kernel's name: the step's own, or its SWAR form's
     * @param marches whether each thread walks several rows
     * @param swar whether the kernel is the step's SWAR form (4 adjacent cells per thread)
     * @param lanes the columns of cells each thread walks (1 unless it marches)
     * @param rows the most rows each thread walks (1 unless it marches)
     */
    record Launch(String kernel, boolean marches, boolean swar, int lanes, int rows) {

        /**
         * Reads "// colony-march: <kernel> <lanes> <rows>" (each row-marching kernel) and "// colony-swar: <kernel>
         * <swar kernel>" (each step with a SWAR form, whose lanes are its 4 adjacent cells) from the header.
         *
         * @param swarForms whether a step with a SWAR form launches it
         * @param lanesOverride the lanes of ordinary marching kernels where positive (colony.cuda.lanes)
         */
        static Launch of(String source, String kernel, boolean swarForms, int lanesOverride) {
            Map<String, int[]> marching = new HashMap<>();
            Map<String, String> forms = new HashMap<>();
            for (String line : source.lines().takeWhile(l -> l.startsWith("//")).toList()) {
                if (line.startsWith("// colony-march: ")) {
                    String[] parts = line.substring("// colony-march: ".length()).trim().split(" ");
                    marching.put(parts[0], new int[] {Integer.parseInt(parts[1]), Integer.parseInt(parts[2])});
                } else if (line.startsWith("// colony-swar: ")) {
                    String[] parts = line.substring("// colony-swar: ".length()).trim().split(" ");
                    forms.put(parts[0], parts[1]);
                }
            }
            boolean swar = swarForms && forms.containsKey(kernel) && marching.containsKey(forms.get(kernel));
            String name = swar ? forms.get(kernel) : kernel;
            int[] march = marching.get(name);
            if (march == null) {
                return new Launch(name, false, false, 1, 1);
            }
            return new Launch(name, true, swar, swar || lanesOverride <= 0 ? march[0] : lanesOverride, march[1]);
        }
    }

    /** The generated-name prefix of a model class: nested simple names joined with '_'. */
    static String prefix(Class<?> cls) {
        String name = cls.getName();
        String simple = name.substring(name.lastIndexOf('.') + 1);
        return simple.replace('$', '_');
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

    /** Whether the kernel of step number {@code step} walks several rows per thread. */
    public boolean marches(int step) {
        return marches[step];
    }

    /**
     * The columns of cells each thread of step number {@code step} walks (1 unless it marches): lanes
     * {@code blockDim.x} apart, or for a SWAR form 4 adjacent cells.
     */
    public int lanes(int step) {
        return lanes[step];
    }

    /** Whether step number {@code step} launches its SWAR form (4 adjacent cells per thread). */
    public boolean swar(int step) {
        return swar[step];
    }

    /** Whether any step launches its SWAR form (whose word loads need columns of whole 32-bit words). */
    public boolean anySwar() {
        for (boolean s : swar) {
            if (s) {
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
        return rows[step];
    }

    /**
     * The lanes of every row-marching kernel when set by {@link CudaSwitches#LANES} (a tuning knob for benchmarks,
     * 1 to 4), else 0: each kernel's own choice.
     *
     * @throws ColonyException if the property is set to anything but 0 to 4
     */
    static int lanesOverride() {
        return (int) CudaSwitches.LANES.whole(0, 4);
    }

    /** Copies a shared attribute's host values ({@code length} elements, at least one) to its constant symbol. */
    public void uploadShared(SharedInfo s, Object values) {
        int n = Math.max(1, s.length());
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment host = arena.allocate((long) n * s.type().bytes());
            HostCopy.toSegment(values, 0, host, 0, n, s.type());
            Driver.copyToDevice(shared(s.name()), host, host.byteSize());
        }
    }

    /** The device address of a shared attribute's constant symbol. */
    public long shared(String name) {
        return module.global(simpleName + "_shared_" + name)[0];
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
