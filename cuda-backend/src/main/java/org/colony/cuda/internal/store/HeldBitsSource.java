package org.colony.cuda.internal.store;

import java.util.ArrayList;
import java.util.List;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.StepInfo;
import org.colony.kernel.cuda.CudaStep;

/**
 * The CUDA source of a bit-sliced pass of held steps: steps whose every attribute is a {@code boolean} and which have a
 * bit-sliced form ({@code <kernel>__bits}), run on a tile of bits in shared memory, 32 cells a 32-bit word. One block
 * of threads owns {@code tileX} cells (whole words) by {@code tileY} rows of a block of the grid:
 * <ol>
 *   <li>its warps load the tile and a halo of whole words along x and {@code H} rows along y, a word at a time: each
 *       lane reads one cell's byte, and {@code __ballot_sync} makes the word (bit j, the cell j places right of the
 *       word's first); cells past the block's stored halo load as false, and on a torus held by one block the cells
 *       across a seam load from the other side, so a word may hold cells of both sides (a partition of a torus
 *       loads them from its halo);</li>
 *   <li>each step computes every word of the tile at once, 32 cells a thread, writing false for cells off the grid
 *       (a grid's outside reads false; a torus has none: every cell of the tile is one of its cells); the words at
 *       the tile's edges read words past them (the tile's padding, or the row before or after), so their values are
 *       wrong, but a wrong value moves inwards only a step's reach per step, and the halo is as wide as the steps
 *       reach together: the tile's own cells are exact;</li>
 *   <li>its warps write the tile's own cells back as bytes, a lane a cell, to the second columns.</li>
 * </ol>
 * Over bytes only the tile holds bits, so a pass of {@code k} steps moves the grid's bytes in and out once. Where the
 * block keeps the booleans as bits in device memory ({@link BitColumns}, {@code stored}), a word of 32 owned cells loads
 * in one load, a thread a word, and only the tile's other words go a lane a cell as above (off the block, across a
 * torus's seam, a partition's halo from its byte columns, a row's last part); the tile's own words go back a thread a
 * word.
 */
final class HeldBitsSource {

    /**
     * The words a warp loads at a time: their bytes are independent loads, in flight together. On an H100 GameOfLife
     * at 9000² took 0.051 ms a step with one word at a time (the loads of a tile took most of a pass), 0.033 with 8,
     * 0.043 with 16 (another run, whose steps one at a time were 7% slower).
     */
    static final int UNROLL = 8;

    private HeldBitsSource() {
    }

    /** {@return the words of halo along x for a halo of {@code halo} cells} */
    static int haloWords(int halo) {
        return Math.max(1, (halo + 31) / 32);
    }

    /** {@return the words of padding before and after a copy: the rows a step reaches past the tile, and a word} */
    static int padding(int halo, int wide) {
        return halo * wide + 1;
    }

    /** Word {@code index} of attribute {@code a}'s tile set to {@code value}, in both copies where it is doubled. */
    private static String tile(HeldKernelSource.Plan plan, int a, String index, String value) {
        String first = "t" + a + "_0[P + " + index + "] = " + value + ";";
        return plan.doubled().contains(a) ? first + " t" + a + "_1[P + " + index + "] = " + value + ";" : first;
    }

    /**
     * The kernel {@value HeldKernelSource#NAME} of a bit-sliced pass; {@code stored}: its columns are bits in device
     * memory ({@link BitColumns}): a lane loads its cell's bit from the word holding it (the lanes of a word read the
     * same word, or two across a torus's seam), and a thread writes back a word of the tile's own cells at a time;
     * {@code partition}: a partition's block, whose halo cells load from its byte columns (the exchange's).
     */
    static String kernel(ModelInfo model, List<CudaStep> kernels, int[] steps, HeldKernelSource.Plan plan,
            int threads, boolean stored, boolean partition) {
        int h = plan.halo();
        int hw = haloWords(h);
        int words = plan.tileX() / 32;
        int wide = words + 2 * hw;
        int pad = padding(h, wide);
        List<String> params = HeldKernelSource.parameters(model, kernels, steps, plan, stored, stored && partition);
        StringBuilder k = new StringBuilder();
        k.append("// ").append(steps.length).append(" held steps, bit-sliced, in one pass over tiles in shared memory\n");
        k.append("extern \"C\" __global__ void __launch_bounds__(").append(threads).append(") ")
                .append(HeldKernelSource.NAME).append("(\n        ").append(String.join(",\n        ", params))
                .append(")\n{\n");
        k.append("    constexpr jint H = ").append(h).append(", HW = ").append(hw).append(", WX = ").append(words)
                .append(", TY = ").append(plan.tileY()).append(", WW = WX + 2 * HW, HT = TY + 2 * H, AREA = WW * HT, P = ")
                .append(pad).append(";\n");
        for (int a : plan.attributes()) {
            k.append("    __shared__ juint t").append(a).append("_0[AREA + 2 * P];\n");
            if (plan.doubled().contains(a)) {
                k.append("    __shared__ juint t").append(a).append("_1[AREA + 2 * P];\n");
            }
        }
        k.append("    // the tile's first cell, in the block's own coordinates and on the grid\n");
        k.append("    const jint x0 = (jint) blockIdx.x * WX * 32 - HW * 32, y0 = (jint) blockIdx.y * TY - H;\n");
        k.append("    const jint ox = f.origin0 + x0, oy = f.origin1 + y0;\n");
        k.append("    const jint me = (jint) threadIdx.x, n = (jint) blockDim.x, lane = me & 31;\n");
        if (stored) {
            k.append("    const jint RW = (f.extent0 + 31) >> 5; // the words of a row of bits\n");
        }
        if (plan.wrap() && !stored) {
            // A block holding the whole torus loads the cells across a seam from the other side, but a tile none of
            // whose cells crosses one as on a grid (no division); a partition's block loads from its halo, as on a
            // grid (the exchange filled it with them), and so does a whole torus's block whose halo is as wide as the
            // pass's (HeldPlaceSteps.torusPad: filled before the pass).
            k.append("    const bool plain = f.pad >= H\n");
            k.append("            || x0 >= 0 && x0 + WW * 32 <= f.extent0 && y0 >= 0 && y0 + HT <= f.extent1\n");
            k.append("            || f.extent0 != f.size0 || f.extent1 != f.size1;\n");
        }
        if (stored) {
            // Words of 32 owned cells, aligned as the bits' (x0 is a multiple of 32): a thread a word, straight from
            // the bits. The rest (cells off the block, across a torus's seam, a partition's halo, a row's last part)
            // a warp a word, a lane a cell, below; a tile with none skips that.
            k.append("    for (jint i = me; i < AREA; i += n) {\n");
            k.append("        const jint wx = x0 + (i % WW) * 32, wy = y0 + i / WW;\n");
            k.append("        if (wy >= 0 && wy < f.extent1 && wx >= 0 && wx + 32 <= f.extent0) {\n");
            k.append("            const jlong g = (jlong) wy * RW + (wx >> 5);\n");
            for (int a : plan.attributes()) {
                k.append("            { const juint w = in").append(a).append("[g]; ").append(tile(plan, a, "i", "w"))
                        .append(" }\n");
            }
            k.append("        }\n");
            k.append("    }\n");
            k.append("    if (!(x0 >= 0 && x0 + WW * 32 <= f.extent0 && y0 >= 0 && y0 + HT <= f.extent1)) {\n");
        }
        // A warp loads U words at a time, their bytes first (U loads in flight), then their ballots.
        k.append("    constexpr jint U = ").append(UNROLL).append(";\n");
        k.append("    for (jint i0 = (me >> 5) * U; i0 < AREA; i0 += (n >> 5) * U) {\n");
        for (int a : plan.attributes()) {
            k.append("        bool v").append(a).append("[U];\n");
        }
        if (stored) {
            k.append("        bool whole[U];\n");
        }
        k.append("        #pragma unroll\n");
        k.append("        for (jint u = 0; u < U; u++) {\n");
        k.append("            const jint i = i0 + u;\n");
        k.append("            const jint lx = x0 + (i % WW) * 32 + lane, ly = y0 + i / WW;\n");
        if (stored) {
            // (a word the loop above loaded: warp-uniform, no load here)
            k.append("            const jint lx0 = lx - lane;\n");
            k.append("            whole[u] = ly >= 0 && ly < f.extent1 && lx0 >= 0 && lx0 + 32 <= f.extent0;\n");
            // the bits hold the owned cells alone: off a grid a cell is false, across a torus's seam the other side's;
            // a partition's halo cells are in its byte columns
            if (partition) {
                k.append("            const bool own = (unsigned) lx < (unsigned) f.extent0 && (unsigned) ly < "
                        + "(unsigned) f.extent1;\n");
                k.append("            const bool stored = i < AREA && !whole[u] && lx >= -f.pad && lx < f.extent0 + f.pad"
                        + " && ly >= -f.pad && ly < f.extent1 + f.pad;\n");
                k.append("            const jint wx = own ? lx : 0, wy = own ? ly : 0;\n");
                k.append("            const jlong h = stored && !own ? f.base + lx + (jlong) ly * f.strideY : 0;\n");
            } else if (plan.wrap()) {
                k.append("            const bool stored = i < AREA && !whole[u];\n");
                k.append("            const jint wx = (unsigned) lx < (unsigned) f.extent0 ? lx : colony::wrapped(lx, "
                        + "f.extent0);\n");
                k.append("            const jint wy = (unsigned) ly < (unsigned) f.extent1 ? ly : colony::wrapped(ly, "
                        + "f.extent1);\n");
            } else {
                k.append("            const bool stored = i < AREA && !whole[u] && (unsigned) lx < (unsigned) f.extent0"
                        + " && (unsigned) ly < (unsigned) f.extent1;\n");
                k.append("            const jint wx = stored ? lx : 0, wy = stored ? ly : 0;\n");
            }
            k.append("            const jlong g = (jlong) wy * RW + (wx >> 5);\n");
            for (int a : plan.attributes()) {
                if (partition) {
                    k.append("            v").append(a).append("[u] = stored && (own ? (in").append(a)
                            .append("[g] >> (wx & 31) & 1u) != 0 : halo").append(a).append("[h]);\n");
                } else {
                    k.append("            v").append(a).append("[u] = stored && (in").append(a)
                            .append("[g] >> (wx & 31) & 1u);\n");
                }
            }
        } else if (plan.wrap()) { // across a seam: the cell on the other side (a word may hold cells of both sides)
            k.append("            const bool stored = i < AREA && (!plain || lx >= -f.pad && lx < f.extent0 + f.pad"
                    + " && ly >= -f.pad && ly < f.extent1 + f.pad);\n");
            k.append("            const jlong g = f.base + (plain ? lx + (jlong) ly * f.strideY : colony::wrapped(lx, "
                    + "f.extent0) + (jlong) colony::wrapped(ly, f.extent1) * f.strideY);\n");
        } else {
            k.append("            const bool stored = i < AREA && lx >= -f.pad && lx < f.extent0 + f.pad && ly >= -f.pad"
                    + " && ly < f.extent1 + f.pad;\n");
            k.append("            const jlong g = f.base + lx + (jlong) ly * f.strideY;\n");
        }
        if (!stored) {
            for (int a : plan.attributes()) {
                k.append("            v").append(a).append("[u] = stored && in").append(a).append("[g];\n");
            }
        }
        k.append("        }\n");
        k.append("        #pragma unroll\n");
        k.append("        for (jint u = 0; u < U; u++) {\n");
        String skip = stored ? " && !whole[u]" : "";
        for (int a : plan.attributes()) {
            k.append("            { const juint v = __ballot_sync(0xFFFFFFFFu, v").append(a).append("[u]);");
            k.append(" if (lane == 0 && i0 + u < AREA").append(skip).append(") { ")
                    .append(tile(plan, a, "i0 + u", "v")).append(" } }\n");
        }
        k.append("        }\n");
        k.append("    }\n");
        if (stored) {
            k.append("    }\n");
        }
        k.append("    __syncthreads();\n");
        int[] copy = new int[model.attributes().size()];
        for (int i = 0; i < steps.length; i++) {
            StepInfo info = model.steps().get(steps[i]);
            k.append("    // ").append(info.name()).append("\n");
            k.append("    for (jint i = me; i < AREA; i += n) {\n");
            if (plan.wrap()) { // every cell of the tile is a cell of the torus
                k.append("        const juint keep = 0xFFFFFFFFu;\n");
            } else {
                k.append("        const jint gx = ox + (i % WW) * 32, gy = oy + i / WW;\n");
                k.append("        const jint lo = colony::max(0, -gx), hi = colony::min(32, f.size0 - gx);\n");
                k.append("        const juint keep = gy < 0 || gy >= f.size1 || hi <= lo ? 0u\n");
                k.append("                : (hi == 32 ? 0xFFFFFFFFu : (1u << hi) - 1u) & ~((1u << lo) - 1u);\n");
            }
            List<String> args = new ArrayList<>(List.of("P + i", "WW", "keep"));
            List<Integer> flips = new ArrayList<>();
            HeldKernelSource.stepArguments(info, kernels.get(steps[i]), i, copy, args, flips, "a bit-sliced step");
            k.append("        ").append(kernels.get(steps[i]).bitsName()).append("(").append(String.join(", ", args))
                    .append(");\n");
            k.append("    }\n");
            k.append("    __syncthreads();\n");
            for (int a : flips) {
                copy[a] = 1 - copy[a];
            }
        }
        // the tile's own cells back: as bits a thread a word (the block's words start at its first cell), as bytes a
        // warp a word, a lane a cell
        String lane = stored ? "" : " + lane";
        k.append("    for (jint i = ").append(stored ? "me" : "me >> 5").append("; i < WX * TY; i += ")
                .append(stored ? "n" : "n >> 5").append(") {\n");
        k.append("        const jint c = HW + i % WX, r = H + i / WX;\n");
        k.append("        const jint lx = x0 + c * 32").append(lane).append(", ly = y0 + r;\n");
        k.append("        if (lx >= f.extent0 || ly >= f.extent1) continue;\n");
        String index = stored ? "(jlong) ly * RW + (lx >> 5)" : "f.base + lx + (jlong) ly * f.strideY";
        k.append("        const jlong g = ").append(index).append(";\n");
        for (int a : plan.written()) {
            String word = "t" + a + "_" + copy[a] + "[P + r * WW + c]";
            k.append("        out").append(a).append("[g] = ").append(stored ? word : "(" + word + " >> lane) & 1u")
                    .append(";\n");
        }
        k.append("    }\n");
        k.append("}\n");
        return k.toString();
    }
}
