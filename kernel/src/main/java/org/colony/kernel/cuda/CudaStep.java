package org.colony.kernel.cuda;

import java.util.List;

/**
 * How the CUDA backend launches one step.
 *
 * @param kernel the step's kernel
 * @param swar the step's SWAR form (four cells in the byte lanes of a 32-bit word), which the backend may launch
 *     instead, with the same parameters; null when the step has none
 * @param params the parameters both kernels declare, in order; the first is the {@link KernelParam.Kind#FRAME}
 * @param cell whether the source also has the step's work on one cell as a device function,
 *     {@code <kernel>__cell(const colony::Frame& f, jlong s, jint gx, jint gy, jint gz, ...)} with the kernel's other
 *     parameters after: a place step of a grid that takes only its frame, scalar columns and arguments. The backend's
 *     held steps call it from a kernel that runs several steps on a tile in shared memory. A marching step also has
 *     {@code <kernel>__strip(const colony::Frame& f, jint x0, jint ly0, jint lyEnd, ...)}, the rows
 *     {@code ly0 <= ly < lyEnd} of column {@code x0} as one lane of its kernel walks them, and where the step is split
 *     between interior and boundary, {@code <kernel>__stripIn} with the same parameters, which runs the interior
 *     statements alone (for columns of cells none of which is on the grid's boundary): see {@code interior}
 * @param bits whether the source also has the step's bit-sliced form, {@code <kernel>__bits(const jint w, const jint WW,
 *     const juint keep, ...)}: 32 cells a 32-bit word, for a step with a SWAR form on booleans alone
 * @param interior whether a marching step's source also has {@code <kernel>__stripIn}: a step split between interior
 *     and boundary whose interior statements leave it only at their end
 * @param warp whether an agent step's source also has {@code <kernel>__warp}, with the kernel's parameters: a warp an
 *     agent, whose 32 lanes load the places around it that the step's loops read (a window of its reach, in shared
 *     memory) before one lane runs the step on them; launched with 32 threads an agent in blocks of
 *     {@link #WARP_BLOCK} threads, where the agents are too few to fill the device a thread each
 */
public record CudaStep(CudaKernel kernel, CudaKernel swar, List<KernelParam> params, boolean cell, boolean bits,
        boolean interior, boolean warp) {

    /** The threads of a block of a warp form: its shared memory holds a window for each of its warps. */
    public static final int WARP_BLOCK = 256;

    /**
     * A step without a warp form.
     *
     * @param kernel as the record's
     * @param swar as the record's
     * @param params as the record's
     * @param cell as the record's
     * @param bits as the record's
     * @param interior as the record's
     */
    public CudaStep(CudaKernel kernel, CudaKernel swar, List<KernelParam> params, boolean cell, boolean bits,
            boolean interior) {
        this(kernel, swar, params, cell, bits, interior, false);
    }

    /**
     * A step without an interior strip.
     *
     * @param kernel as the record's
     * @param swar as the record's
     * @param params as the record's
     * @param cell as the record's
     * @param bits as the record's
     */
    public CudaStep(CudaKernel kernel, CudaKernel swar, List<KernelParam> params, boolean cell, boolean bits) {
        this(kernel, swar, params, cell, bits, false, false);
    }

    /**
     * A step without a bit-sliced form.
     *
     * @param kernel as the record's
     * @param swar as the record's
     * @param params as the record's
     * @param cell as the record's
     */
    public CudaStep(CudaKernel kernel, CudaKernel swar, List<KernelParam> params, boolean cell) {
        this(kernel, swar, params, cell, false, false, false);
    }

    /**
     * A step without a cell function.
     *
     * @param kernel as the record's
     * @param swar as the record's
     * @param params as the record's
     */
    public CudaStep(CudaKernel kernel, CudaKernel swar, List<KernelParam> params) {
        this(kernel, swar, params, false, false, false, false);
    }

    /** {@return the name of the step's bit-sliced function, {@code <kernel>__bits}, or null where it has none} */
    public String bitsName() {
        return bits ? kernel.name() + "__bits" : null;
    }

    /** {@return the name of the step's warp form, {@code <kernel>__warp}, or null where it has none} */
    public String warpName() {
        return warp ? kernel.name() + "__warp" : null;
    }

    /** {@return the name of the step's strip function, {@code <kernel>__strip}, or null where it has none} */
    public String stripName() {
        return cell && kernel.marches() ? kernel.name() + "__strip" : null;
    }

    /**
     * {@return the name of the step's interior strip function, {@code <kernel>__stripIn}, or null where it has none}
     */
    public String interiorName() {
        return interior && stripName() != null ? kernel.name() + "__stripIn" : null;
    }

    /** {@return the name of the step's cell function, {@code <kernel>__cell}} */
    public String cellName() {
        return kernel.name() + "__cell";
    }
}
