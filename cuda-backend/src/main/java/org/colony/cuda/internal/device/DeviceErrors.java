package org.colony.cuda.internal.device;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.util.ArrayList;
import java.util.List;
import org.colony.ColonyException;
import org.colony.kernel.KernelSupport;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.StepInfo;
import org.colony.runtime.spi.StepFailure;

/**
 * The error record kernels write when a step fails on the device (a division by zero, an index out of
 * range, a neighbour beyond the reach, ...), shared by every store of one device. The first failure is
 * kept: {@code kind << 24 | line}, a detail (the offending value), which step of which model ran
 * ({@code model << 16 | step}, from the frame) and a second detail; it is reported, in the words the CPU
 * backend uses, at the next point where the host waits for the device. Which failure is first when several
 * threads fail is up to the device; within one thread it is the first in program order.
 */
public final class DeviceErrors implements AutoCloseable {

    /**
     * The record, as {@code fail()} in {@code colony.cuh} writes it: 4 unsigned ints, {@code kind << 24 | line} (set
     * once, by the first failure), a detail, the frame's {@code step} and a second detail.
     */
    public static final StructLayout RECORD = MemoryLayout.structLayout(
            JAVA_INT.withName("code"),
            JAVA_INT.withName("detail"),
            JAVA_INT.withName("step"),
            JAVA_INT.withName("detail2")).withName("ErrorRecord");

    /** The bytes of the record. */
    public static final long BYTES = RECORD.byteSize();

    /** The frame's {@code step} value of kernels that run no step of a model (halo fills, scans). */
    public static final int NO_STEP = -1;

    private static final long CODE = offset("code");
    private static final long DETAIL = offset("detail");
    private static final long STEP = offset("step");
    private static final long DETAIL2 = offset("detail2");

    private final DeviceBuffer record = DeviceBuffer.zeroed(BYTES);
    private final List<ModelInfo> models = new ArrayList<>();
    private final List<String> sourceFiles = new ArrayList<>();

    /** The byte offset of field {@code field} in the record. */
    public static long offset(String field) {
        return RECORD.byteOffset(groupElement(field));
    }

    /** The record's device address, for frames. */
    public long pointer() {
        return record.pointer();
    }

    /** Registers a model; the number goes into its kernels' frames. */
    public synchronized int register(ModelInfo model, String sourceFile) {
        models.add(model);
        sourceFiles.add(sourceFile);
        if (models.size() > 0x7FFF) {
            throw new ColonyException("more than 32767 models on one device");
        }
        return models.size() - 1;
    }

    /** The frame's {@code step} value for step number {@code step} of registered model {@code model}. */
    public static int who(int model, int step) {
        return model << 16 | step;
    }

    /** Reads the record (waiting for the device) and throws if a kernel failed; clears it. */
    public void check() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(BYTES);
            record.download(s, 0, BYTES);
            check(s);
        }
    }

    /** Throws if {@code copy}, the record as copied to the host after the kernels in question, holds a failure. */
    public void check(MemorySegment copy) {
        int code = copy.get(JAVA_INT, CODE);
        if (code == 0) {
            return;
        }
        int detail = copy.get(JAVA_INT, DETAIL);
        int who = copy.get(JAVA_INT, STEP);
        int detail2 = copy.get(JAVA_INT, DETAIL2);
        record.clear();
        int kind = code >>> 24;
        if (kind >= 5 && kind <= 8) {
            // manageAll's spawn limit and a plain place write by two agents are refused before anything changes, as on
            // the CPU: the simulation goes on
            throw new ColonyException(message(code, detail, detail2, who));
        }
        // a step that failed while it ran (division by zero, an index, a bound): the simulation is failed
        throw new StepFailure(message(code, detail, detail2, who), null);
    }

    private String message(int code, int detail, int detail2, int who) {
        int line = code & 0xFFFFFF;
        int model = who >> 16;
        int step = who & 0xFFFF;
        ModelInfo info = who != NO_STEP && model < models.size() ? models.get(model) : null;
        StepInfo stepInfo = info != null && step < info.steps().size() ? info.steps().get(step) : null;
        String what = switch (code >>> 24) {
            case 1 -> "integer division by zero";
            case 2 -> "array index " + detail + " is out of range";
            case 3 -> "neighbor offset " + detail + " is beyond the step's reach "
                    + (stepInfo == null ? "" : stepInfo.reach()) + "; raise @Step(reach = ...)";
            case 4 -> "uniformInt bound must be positive, was " + detail;
            case 5 -> "spawn(" + detail + ") makes " + Integer.toUnsignedLong(detail2)
                    + " children asked for by one agent; at most " + Integer.MAX_VALUE + " per agent and manageAll";
            case 6 -> "an attribute of place " + Integer.toUnsignedLong(detail)
                    + " is written with a plain assignment by two agents on it; plain writes need at most one agent "
                    + "per place";
            case 7 -> KernelSupport.SPAWN_PLACES;
            case 8 -> KernelSupport.spreadError(detail, detail2);
            default -> "error " + (code >>> 24);
        };
        // Where the CPU backend names no line (its check sits in a shared helper), neither does this.
        int kind = code >>> 24;
        String site = kind == 5 || kind == 7 || kind == 8 ? what
                : (info == null ? "" : sourceFiles.get(model) + ":") + line + ": " + what;
        if (stepInfo == null) {
            return site + " (reported by the GPU)";
        }
        return "step " + info.modelClass().getSimpleName() + "." + stepInfo.name() + " (" + stepInfo.source()
                + ") failed: " + site;
    }

    @Override
    public void close() {
        record.close();
    }
}
