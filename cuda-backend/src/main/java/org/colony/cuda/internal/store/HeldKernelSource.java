package org.colony.cuda.internal.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.LongAdder;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.ScalarType;
import org.colony.kernel.StepInfo;
import org.colony.kernel.cuda.CudaStep;
import org.colony.kernel.cuda.KernelParam;

/**
 * The CUDA source of a pass of held place steps ({@link HeldPlaceSteps}), appended to the model's own source, whose
 * cell functions it calls. One block of threads owns a tile of {@code tileX x tileY} of the owned cells of a block of
 * the grid (the whole grid, or a partition's, whose halo then holds the neighbouring partitions' cells):
 * <ol>
 *   <li>it loads the tile and a halo {@code H} wide (the steps' reaches added up) of every attribute the steps take
 *       into shared memory, both copies of an attribute that a step double-buffers (so that the cells off the grid
 *       read the same in either; cells past the block's stored halo are never read and load as 0);</li>
 *   <li>step {@code i} runs its cell function on every cell of the grid in the tile and the halo of the steps after it
 *       ({@code H} less the reaches up to its own), with a frame whose base and strides are the tile's, then the block
 *       waits; a step that buffers an attribute writes the other copy, which is current from then on;</li>
 *   <li>the tile's cells go back to the second column of every attribute a step wrote: other blocks may still be
 *       loading the first.</li>
 * </ol>
 * Every cell a step runs on reads only cells of the region the step before ran on, or cells off the grid (the
 * block's halo, which no step writes), so each cell gets the values it would get with the steps run one by one.
 *
 * <p>On a wrapping grid the tile's halo holds the cells across the seams: a block holding the whole torus loads them
 * from the other side, a partition's block from its own halo (which the exchange filled with them), and the steps run
 * on them as on the cells they copy (their coordinates wrapped, so their random draws are those cells' own), so a halo
 * cell evolves as its original does for as many steps as the halo is wide. A tile none of whose cells crosses a seam
 * runs as on a grid.
 */
public final class HeldKernelSource {

    /** The pass's kernel. */
    public static final String NAME = "colony_held";

    /**
     * How a pass lays out its tile.
     *
     * @param attributes the attributes the steps take, in order
     * @param written those a step writes
     * @param doubled those a step double-buffers (two copies in shared memory)
     * @param halo the halo the tile loads around the cells it writes back
     * @param tileX the cells the block writes back along x
     * @param tileY ... along y
     * @param bits whether the pass is bit-sliced ({@link HeldBitsSource})
     * @param wrap whether the grid wraps (the block is the whole torus, or a partition of it)
     */
    public record Plan(TreeSet<Integer> attributes, Set<Integer> written, Set<Integer> doubled, int halo, int tileX,
            int tileY, boolean bits, boolean wrap) {
    }

    /** The most shared memory a block declares statically. */
    static final int STATIC_SHARED = 48 * 1024;

    /** The words of 32 cells a bit-sliced pass's block writes back along a row. */
    static final int WORDS = 16;

    private static final LongAdder PASSES = new LongAdder();

    private HeldKernelSource() {
    }

    /** {@return how many passes of held steps were launched in this process (for tests)} */
    public static long passes() {
        return PASSES.sum();
    }

    /** The dynamic shared memory of the last tile pass launched in this process (for tests). */
    private static volatile int lastShared;

    /** {@return the dynamic shared memory, in bytes, of the last tile pass launched in this process (for tests)} */
    public static int lastSharedBytes() {
        return lastShared;
    }

    /** Counts a launched pass, of {@code sharedBytes} of dynamic shared memory (0: bit-sliced). */
    static void launched(int sharedBytes) {
        PASSES.increment();
        if (sharedBytes > 0) {
            lastShared = sharedBytes;
        }
    }

    /**
     * The layout of a pass of {@code steps}, or null where its tile does not fit {@code sharedBytes} with at least as
     * many cells as its halo is wide along each side (or 8).
     *
     * @param tileOverride the tile's side where positive, else the largest that fits
     * @param wrap whether the grid wraps (one block holding it all, or partitions of it)
     */
    public static Plan plan(ModelInfo model, List<CudaStep> kernels, int[] steps, int tileOverride, int sharedBytes,
            boolean wrap) {
        TreeSet<Integer> attributes = new TreeSet<>();
        TreeSet<Integer> written = new TreeSet<>();
        TreeSet<Integer> doubled = new TreeSet<>();
        int halo = 0;
        int bits = 0;
        boolean swar = false;
        for (int step : steps) {
            bits += kernels.get(step).bits() ? 1 : 0;
            swar |= kernels.get(step).swar() != null;
            StepInfo info = model.steps().get(step);
            halo += info.reach();
            written.addAll(info.writes());
            for (KernelParam p : kernels.get(step).params()) {
                if (p.kind() == KernelParam.Kind.COLUMN) {
                    attributes.add(p.index());
                } else if (p.kind() == KernelParam.Kind.NEXT) {
                    attributes.add(p.index());
                    if (info.buffers(p.index())) {
                        doubled.add(p.index());
                    }
                }
            }
        }
        if (!attributes.containsAll(written)) {
            return null;
        }
        long perCell = 0;
        for (int a : attributes) {
            AttributeInfo info = model.attributes().get(a);
            perCell += (long) info.type().bytes() * info.columns() * (doubled.contains(a) ? 2 : 1);
        }
        if (perCell == 0) {
            return null;
        }
        if (bits == steps.length) {
            // (a bit-sliced pass's arrays are static: at most 48 KiB)
            return bitsPlan(attributes, written, doubled, halo, tileOverride, Math.min(sharedBytes, STATIC_SHARED),
                    wrap);
        }
        if (swar) { // a step with a SWAR form runs bit-sliced or at once, not on a tile of bytes
            return null;
        }
        int side = (int) Math.sqrt((double) sharedBytes / perCell);
        int tile = side - 2 * halo;
        if (tileOverride > 0) {
            tile = Math.min(tile, tileOverride);
        }
        Plan plan = new Plan(attributes, written, doubled, halo, tile, tile, false, wrap);
        while (tile > 0 && sharedBytes(model, plan) > sharedBytes) { // (each array is rounded up to 16 bytes)
            tile--;
            plan = new Plan(attributes, written, doubled, halo, tile, tile, false, wrap);
        }
        if (tile < Math.max(8, halo)) {
            return null;
        }
        return plan;
    }

    /**
     * The layout of a bit-sliced pass ({@link HeldBitsSource}): {@link #WORDS} words of 32 cells a row (or the
     * override's cells, in whole words), a halo of whole words along x and of {@code halo} rows, and as many rows as
     * the shared memory holds.
     */
    private static Plan bitsPlan(TreeSet<Integer> attributes, Set<Integer> written, Set<Integer> doubled, int halo,
            int tileOverride, int sharedBytes, boolean wrap) {
        int copies = 0;
        for (int a : attributes) {
            copies += doubled.contains(a) ? 2 : 1;
        }
        int words = tileOverride > 0 ? Math.max(1, tileOverride / 32) : WORDS;
        int wide = words + 2 * HeldBitsSource.haloWords(halo);
        int perCopy = sharedBytes / 4 / copies - 2 * HeldBitsSource.padding(halo, wide);
        int rows = perCopy / wide - 2 * halo;
        if (rows < Math.max(8, halo)) {
            return null;
        }
        return new Plan(attributes, written, doubled, halo, 32 * words, rows, true, wrap);
    }

    /**
     * The kernel {@value #NAME} of a pass of {@code steps} laid out by {@code plan}, for blocks of {@code threads}, to
     * follow the model's source (whose cell, strip and interior strip functions, {@link CudaStep#interiorName}, it
     * calls); {@code partition}: for a partition's block, whose steps run on no cell past what its halo holds.
     */
    public static String kernel(ModelInfo model, List<CudaStep> kernels, int[] steps, Plan plan, int threads,
            boolean partition) {
        return kernel(model, kernels, steps, plan, threads, partition, false);
    }

    /**
     * As {@link #kernel(ModelInfo, List, int[], Plan, int, boolean)}; {@code bitsStored}: a bit-sliced pass loads and
     * writes its columns as bits in device memory ({@link BitColumns}), not bytes.
     */
    public static String kernel(ModelInfo model, List<CudaStep> kernels, int[] steps, Plan plan, int threads,
            boolean partition, boolean bitsStored) {
        if (plan.bits()) {
            return HeldBitsSource.kernel(model, kernels, steps, plan, threads, bitsStored, partition);
        }
        List<String> params = parameters(model, kernels, steps, plan, false, false);
        StringBuilder k = new StringBuilder();
        k.append("// ").append(steps.length).append(" held steps in one pass over tiles in shared memory\n");
        k.append("extern \"C\" __global__ void __launch_bounds__(").append(threads).append(") ").append(NAME)
                .append("(\n        ").append(String.join(",\n        ", params)).append(")\n{\n");
        int h = plan.halo();
        k.append("    constexpr jint H = ").append(h).append(", TX = ").append(plan.tileX()).append(", TY = ")
                .append(plan.tileY()).append(", W = TX + 2 * H, AREA = W * (TY + 2 * H);\n");
        // the tile's arrays in dynamic shared memory (sharedBytes), each 16-byte aligned
        k.append("    extern __shared__ __align__(16) unsigned char colony_tile[];\n");
        long offset = 0;
        for (int a : plan.attributes()) {
            AttributeInfo info = model.attributes().get(a);
            String t = type(info.type());
            for (int copy = 0; copy < (plan.doubled().contains(a) ? 2 : 1); copy++) {
                k.append("    ").append(t).append("* const t").append(a).append("_").append(copy).append(" = (")
                        .append(t).append("*) (colony_tile + ").append(offset).append(");\n");
                offset += arrayBytes(plan, info);
            }
        }
        k.append("    // the tile's first cell, in the block's own coordinates and on the grid\n");
        k.append("    const jint x0 = (jint) blockIdx.x * TX - H, y0 = (jint) blockIdx.y * TY - H;\n");
        k.append("    const jint ox = f.origin0 + x0, oy = f.origin1 + y0;\n");
        k.append("    const jint me = (jint) threadIdx.x, n = (jint) blockDim.x;\n");
        if (partition) {
            // A partition's tile runs each step on the cells at most M from its own cells that the partition owns
            // (the last tile along a cut owns fewer than TX x TY): what a step reads from one of them is then in the
            // halo the exchange filled, H wide. The cells past that hold no values (they load as 0), so a step run
            // there could fail, dividing by such a 0 or indexing an array with it, where the model cannot (their
            // results would reach no cell written back). The first tile along a cut starts at the partition's first
            // cell, so only the far side needs the bound.
            k.append("    const jint RX = colony::min(TX, f.extent0 - (jint) blockIdx.x * TX), "
                    + "RY = colony::min(TY, f.extent1 - (jint) blockIdx.y * TY);\n");
        }
        if (plan.wrap()) {
            // A tile on a torus at least as wide is at most one torus past a seam: no division. One none of whose
            // cells crosses a seam runs its steps as on a grid (below). A block holding the whole torus loads the cells
            // across a seam from the other side; a partition's block from its halo, as on a grid (the exchange filled
            // it with them).
            k.append("    const bool near = f.size0 >= W && f.size1 >= TY + 2 * H;\n");
            k.append("    const bool inside = ox >= 0 && ox + W <= f.size0 && oy >= 0 && oy + TY + 2 * H <= f.size1;\n");
            k.append("    const bool plain = inside || f.extent0 != f.size0 || f.extent1 != f.size1;\n");
        }
        // (a thread's cells n apart, their column and row stepped along rather than divided out each time)
        k.append("    const jint nx = n % W, ny = n / W;\n");
        k.append("    for (jint i = me, cx = me % W, cy = me / W; i < AREA; i += n, cx += nx, cy += ny) {\n");
        k.append("        if (cx >= W) { cx -= W; cy++; }\n");
        k.append("        const jint lx = x0 + cx, ly = y0 + cy;\n");
        if (plan.wrap()) { // across a seam: the cell on the other side
            k.append("        const bool stored = !plain || lx >= -f.pad && lx < f.extent0 + f.pad && ly >= -f.pad"
                    + " && ly < f.extent1 + f.pad;\n");
            k.append("        const jlong g = f.base + (plain ? lx + (jlong) ly * f.strideY : colony::wrapped(lx, f.extent0, "
                    + "near) + (jlong) colony::wrapped(ly, f.extent1, near) * f.strideY);\n");
        } else {
            k.append("        const bool stored = lx >= -f.pad && lx < f.extent0 + f.pad && ly >= -f.pad"
                    + " && ly < f.extent1 + f.pad;\n");
            k.append("        const jlong g = f.base + lx + (jlong) ly * f.strideY;\n");
        }
        for (int a : plan.attributes()) {
            AttributeInfo info = model.attributes().get(a);
            String t = type(info.type());
            // (an array's elements a column's pitch apart in the block, the tile's area apart in the tile)
            String open = info.isArray() ? "        for (jint e = 0; e < " + info.length() + "; e++) { const " + t
                    + " v = stored ? in" + a + "[g + e * f.pitch] : (" + t + ") 0; t" + a + "_0[i + e * AREA] = v;"
                    : "        { const " + t + " v = stored ? in" + a + "[g] : (" + t + ") 0; t" + a + "_0[i] = v;";
            k.append(open);
            if (plan.doubled().contains(a)) {
                k.append(" t").append(a).append("_1[i").append(info.isArray() ? " + e * AREA" : "").append("] = v;");
            }
            k.append(" }\n");
        }
        k.append("    }\n");
        k.append("    __syncthreads();\n");
        k.append("    colony::Frame fs = f;\n");
        k.append("    fs.base = 0; fs.strideY = W; fs.strideZ = AREA; fs.pitch = AREA; fs.origin0 = ox; "
                + "fs.origin1 = oy; fs.extent0 = W;\n");
        int[] copy = new int[model.attributes().size()]; // which shared copy of each attribute is current
        int margin = h;
        for (int i = 0; i < steps.length; i++) {
            StepInfo info = model.steps().get(steps[i]);
            margin -= info.reach();
            k.append("    // ").append(info.name()).append(", on the tile and ").append(margin).append(" more\n");
            k.append("    fs.seed = seed").append(i).append("; fs.epoch = epoch").append(i).append("; fs.time = time")
                    .append(i).append("; fs.step = who").append(i).append(";\n");
            k.append("    {\n");
            List<String> args = new ArrayList<>();
            List<Integer> flips = new ArrayList<>();
            stepArguments(info, kernels.get(steps[i]), i, copy, args, flips, "a cell function");
            String strip = kernels.get(steps[i]).stripName();
            String cell = kernels.get(steps[i]).cellName();
            boolean interior = kernels.get(steps[i]).interiorName() != null;
            k.append("        constexpr jint M = ").append(margin).append(", SX = TX + 2 * M, SY = TY + 2 * M;\n");
            if (strip != null && plan.wrap()) {
                // A strip's rows stay on the grid: on a torus, a tile none of whose cells crosses a seam runs the
                // strips as on a grid (every neighbour a step reads there is on the grid, the same cell either way),
                // the others every cell of the region, wrapped.
                k.append("        if (inside) {\n");
                stripLoop(k, strip, interior, args, threads, partition);
                k.append("        } else {\n");
                cellLoop(k, cell, true, args, partition);
                k.append("        }\n");
            } else if (strip != null) {
                stripLoop(k, strip, interior, args, threads, partition);
            } else {
                cellLoop(k, cell, plan.wrap(), args, partition);
            }
            k.append("    }\n");
            k.append("    __syncthreads();\n");
            for (int a : flips) {
                copy[a] = 1 - copy[a];
            }
        }
        k.append("    for (jint i = me, cx = me % TX, cy = me / TX; i < TX * TY; i += n, cx += n % TX, cy += n / TX) {\n");
        k.append("        if (cx >= TX) { cx -= TX; cy++; }\n");
        k.append("        const jint tx = H + cx, ty = H + cy;\n");
        k.append("        const jint lx = x0 + tx, ly = y0 + ty;\n");
        k.append("        if (lx >= f.extent0 || ly >= f.extent1) continue;\n");
        k.append("        const jlong g = f.base + lx + (jlong) ly * f.strideY, l = tx + (jlong) ty * W;\n");
        for (int a : plan.written()) {
            AttributeInfo info = model.attributes().get(a);
            if (info.isArray()) {
                k.append("        for (jint e = 0; e < ").append(info.length()).append("; e++) out").append(a)
                        .append("[g + e * f.pitch] = t").append(a).append("_").append(copy[a]).append("[l + e * AREA];\n");
            } else {
                k.append("        out").append(a).append("[g] = t").append(a).append("_").append(copy[a])
                        .append("[l];\n");
            }
        }
        k.append("    }\n");
        k.append("}\n");
        return k.toString();
    }

    /**
     * The loop of a step over the columns of its region, each cut into segments of rows so that every thread has one,
     * through the step's strip function ({@code strip}), and its interior statements on a column none of whose cells
     * is on the grid's boundary; with {@code clip} (a partition's pass) none past M from the tile's own cells that the
     * partition owns ({@code RX x RY}).
     */
    private static void stripLoop(StringBuilder k, String strip, boolean interior, List<String> args, int threads,
            boolean clip) {
        k.append("        constexpr jint SEGS = SX >= ").append(threads).append(" ? 1 : ").append(threads)
                .append(" / SX, RPS = (SY + SEGS - 1) / SEGS;\n");
        k.append("        for (jint i = me; i < SX * SEGS; i += n) {\n");
        k.append("            const jint tx = H - M + i % SX, seg = i / SX;\n");
        k.append("            const jint gx = ox + tx;\n");
        k.append("            if (gx < 0 || gx >= f.size0").append(clip ? " || tx >= H + RX + M" : "")
                .append(") continue;\n");
        k.append("            const jint lo = colony::max(H - M + seg * RPS, -oy);\n");
        k.append("            const jint hi = colony::min(colony::min(H - M + seg * RPS + RPS, H + ")
                .append(clip ? "RY" : "TY").append(" + M), f.size1 - oy);\n");
        k.append("            if (lo >= hi) continue;\n");
        String call = "(fs, tx, lo, hi, " + String.join(", ", args) + ");\n";
        if (interior) {
            k.append("            if (gx >= 1 && gx < f.size0 - 1 && oy + lo >= 1 && oy + hi < f.size1) ")
                    .append(strip).append("In").append(call);
            k.append("            else ").append(strip).append(call);
        } else {
            k.append("            ").append(strip).append(call);
        }
        k.append("        }\n");
    }

    /**
     * The loop of a step over every cell of its region through its cell function ({@code cell}): on a torus
     * ({@code wrap}) the cells past a seam run as the cells they copy, on a grid those off it are skipped; with
     * {@code clip} (a partition's pass) those past M from the tile's own cells that the partition owns too
     * ({@code RX x RY}).
     */
    private static void cellLoop(StringBuilder k, String cell, boolean wrap, List<String> args, boolean clip) {
        k.append("        for (jint i = me; i < SX * SY; i += n) {\n");
        k.append("            const jint tx = H - M + i % SX, ty = H - M + i / SX;\n");
        if (clip) {
            k.append("            if (tx >= H + RX + M || ty >= H + RY + M) continue;\n");
        }
        if (wrap) {
            k.append("            const jint gx = colony::wrapped(ox + tx, f.size0, near), "
                    + "gy = colony::wrapped(oy + ty, f.size1, near);\n");
        } else {
            k.append("            const jint gx = ox + tx, gy = oy + ty;\n");
            k.append("            if (gx < 0 || gx >= f.size0 || gy < 0 || gy >= f.size1) continue;\n");
        }
        k.append("            ").append(cell).append("(fs, (jlong) tx + (jlong) ty * W, gx, gy, 0");
        for (String a : args) {
            k.append(", ").append(a);
        }
        k.append(");\n");
        k.append("        }\n");
    }

    /**
     * Adds the arguments of step number {@code i} of a pass ({@code info}, launched as {@code kernel}) after its
     * frame to {@code args}: each column it reads as the shared copy now current ({@code copy}), each it writes as the
     * other copy where it buffers it (added to {@code flips}: current from then on), its own arguments.
     *
     * @param function what the step's device function is, for the message of a parameter it cannot take
     */
    static void stepArguments(StepInfo info, CudaStep kernel, int i, int[] copy, List<String> args,
            List<Integer> flips, String function) {
        for (KernelParam p : kernel.params()) {
            switch (p.kind()) {
                case FRAME -> { }
                case COLUMN -> args.add("t" + p.index() + "_" + copy[p.index()]);
                case NEXT -> { // the step writes it only where it buffers it: then the other copy
                    boolean buffers = info.buffers(p.index());
                    args.add("t" + p.index() + "_" + (buffers ? 1 - copy[p.index()] : copy[p.index()]));
                    if (buffers) {
                        flips.add(p.index());
                    }
                }
                case ARGUMENT -> args.add("arg" + i + "_" + p.index());
                default -> throw new IllegalStateException(p + " is no parameter of " + function);
            }
        }
    }

    /** {@return the dynamic shared memory a block of a tile pass laid out by {@code plan} takes (0: bit-sliced)} */
    public static int sharedBytes(ModelInfo model, Plan plan) {
        if (plan.bits()) {
            return 0;
        }
        long bytes = 0;
        for (int a : plan.attributes()) {
            int copies = plan.doubled().contains(a) ? 2 : 1;
            bytes += copies * arrayBytes(plan, model.attributes().get(a));
        }
        return (int) bytes;
    }

    /**
     * {@return the bytes of one copy of an attribute's tile with its halo (an array's elements one after the other),
     * rounded up to 16 (each starts aligned)}
     */
    private static long arrayBytes(Plan plan, AttributeInfo attribute) {
        long area = (long) (plan.tileX() + 2 * plan.halo()) * (plan.tileY() + 2 * plan.halo());
        return (area * attribute.columns() * attribute.type().bytes() + 15) / 16 * 16;
    }

    /**
     * The parameters of a pass's kernel: the frame, each step's seed, epoch, time and number, each attribute's column
     * and second column (written ones), each step's arguments; {@code words}: the columns are bits in 32-bit words
     * ({@link BitColumns}), {@code halo}: each followed by its byte column, whose halo a partition's exchange fills.
     */
    static List<String> parameters(ModelInfo model, List<CudaStep> kernels, int[] steps, Plan plan, boolean words,
            boolean halo) {
        List<String> params = new ArrayList<>();
        params.add("const colony::Frame f");
        for (int i = 0; i < steps.length; i++) {
            params.add("const julong seed" + i);
            params.add("const julong epoch" + i);
            params.add("const jlong time" + i);
            params.add("const jint who" + i);
        }
        for (int a : plan.attributes()) {
            String t = words ? "juint" : type(model.attributes().get(a).type());
            params.add("const " + t + "* __restrict__ in" + a);
            if (plan.written().contains(a)) {
                params.add(t + "* __restrict__ out" + a);
            }
            if (halo) {
                params.add("const bool* __restrict__ halo" + a);
            }
        }
        for (int i = 0; i < steps.length; i++) {
            StepInfo info = model.steps().get(steps[i]);
            for (KernelParam p : kernels.get(steps[i]).params()) {
                if (p.kind() == KernelParam.Kind.ARGUMENT) {
                    params.add("const " + type(info.params().get(p.index()).type()) + " arg" + i + "_" + p.index());
                }
            }
        }
        return params;
    }

    /** The C++ type of values of {@code type}. */
    static String type(ScalarType type) {
        return switch (type) {
            case BOOLEAN -> "bool";
            case BYTE -> "jbyte";
            case SHORT -> "jshort";
            case INT -> "jint";
            case LONG -> "jlong";
            case FLOAT -> "float";
            case DOUBLE -> "double";
        };
    }
}
