package org.colony.kernel;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.colony.ColonyException;

/** Small helpers that generated CPU kernels call. */
public final class KernelSupport {

    /**
     * Whether generated CPU kernels run their vector forms, where they have one: the JVM was started with
     * {@code --add-modules jdk.incubator.vector} and the system property {@code colony.vectors} is not
     * {@code false}. The vector forms give the same results as the scalar kernels, bit for bit.
     */
    public static final boolean VECTORS = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent()
            && KernelSwitches.VECTORS.on();

    /**
     * Whether generated CPU kernels run their bit-sliced forms (64 cells a {@code long}) where they have one: where
     * the vector forms run ({@link #VECTORS}, which packing and unpacking the cells use) and {@code colony.bits} is
     * not {@code false}. The same results as the scalar kernels, bit for bit.
     */
    public static final boolean BITS = VECTORS && KernelSwitches.BITS.on();

    private KernelSupport() {
    }

    /**
     * Checks a neighbour offset that is not a compile-time constant against the step's reach.
     *
     * @param offset the offset, read at run time
     * @param reach the step's reach, {@code @Step(reach = ...)}
     * @param site where the offset is read, for the message ({@code HeatCell.diffuse})
     * @return {@code offset}
     * @throws org.colony.ColonyException if {@code offset} lies beyond {@code reach} either way
     */
    public static int checkOffset(int offset, int reach, String site) {
        if (offset > reach || offset < -reach) {
            throw new ColonyException(site + ": neighbor offset " + offset + " is beyond the step's reach " + reach
                    + "; raise @Step(reach = ...)");
        }
        return offset;
    }

    /**
     * {@return the global index of the place at offset (dx, dy, dz) from (x, y, z), or -1 when it lies outside a
     * non-wrapping grid} Dimensions beyond {@code dims} are ignored.
     *
     * @param x the place's x
     * @param y the place's y; ignored for a 1D grid
     * @param z the place's z; ignored for a 1D or 2D grid
     * @param dx the offset along x
     * @param dy the offset along y
     * @param dz the offset along z
     * @param size0 the grid's extent along x
     * @param size1 the grid's extent along y
     * @param size2 the grid's extent along z
     * @param dims the grid's dimensions, 1 to 3
     * @param wrap whether the grid wraps (a torus)
     */
    public static long neighborIndex(int x, int y, int z, int dx, int dy, int dz, int size0, int size1, int size2,
            int dims, boolean wrap) {
        long nx = coordinate((long) x + dx, size0, wrap);
        long ny = dims >= 2 ? coordinate((long) y + dy, size1, wrap) : 0;
        long nz = dims >= 3 ? coordinate((long) z + dz, size2, wrap) : 0;
        if (nx < 0 || ny < 0 || nz < 0) {
            return -1;
        }
        return nx + (long) size0 * (ny + (long) size1 * nz);
    }

    private static long coordinate(long c, int n, boolean wrap) {
        if (c >= 0 && c < n) {
            return c;
        }
        return wrap ? Math.floorMod(c, (long) n) : -1;
    }

    /**
     * {@return an agent's move target for {@code migrate(dx, dy, dz)}: a global index, or {@link AgentBlock#OUTSIDE}}
     *
     * @param x the agent's place's x
     * @param y the agent's place's y
     * @param z the agent's place's z
     * @param dx the move along x
     * @param dy the move along y
     * @param dz the move along z
     * @param size0 the grid's extent along x
     * @param size1 the grid's extent along y
     * @param size2 the grid's extent along z
     * @param dims the grid's dimensions, 1 to 3
     * @param wrap whether the grid wraps (a torus)
     */
    public static long migrate(int x, int y, int z, int dx, int dy, int dz, int size0, int size1, int size2, int dims,
            boolean wrap) {
        long g = neighborIndex(x, y, z, dx, dy, dz, size0, size1, size2, dims, wrap);
        return g < 0 ? AgentBlock.OUTSIDE : g;
    }

    /**
     * {@return an agent's move target for {@code moveTo(x, y, z)}: a global index, or {@link AgentBlock#OUTSIDE}}
     *
     * @param x the destination's x
     * @param y the destination's y
     * @param z the destination's z
     * @param size0 the grid's extent along x
     * @param size1 the grid's extent along y
     * @param size2 the grid's extent along z
     * @param dims the grid's dimensions, 1 to 3
     * @param wrap whether the grid wraps (a torus): a destination outside it is then wrapped in
     */
    public static long moveTo(int x, int y, int z, int size0, int size1, int size2, int dims, boolean wrap) {
        long g = neighborIndex(0, 0, 0, x, y, z, size0, size1, size2, dims, wrap);
        return g < 0 ? AgentBlock.OUTSIDE : g;
    }

    /**
     * {@return the children an agent has asked for after one more {@code spawn(n)}: calls add up, and a total beyond
     * int's range is refused here rather than wrapping around to a negative count}
     *
     * @param asked the children asked for so far in this step
     * @param n the argument of this {@code spawn(n)}
     */
    public static int spawn(int asked, int n) {
        long total = (long) asked + n;
        if (total > Integer.MAX_VALUE) {
            throw new ColonyException("spawn(" + n + ") makes " + total + " children asked for by one agent; at most "
                    + Integer.MAX_VALUE + " per agent and manageAll");
        }
        return (int) total;
    }

    /**
     * {@return the birth place after a {@code spawn} or {@code spawnNear}: {@code place}, unless children were asked
     * for on another place or spread before, which fails the step}
     *
     * @param current the birth place so far (-1: the parent's own place after its move)
     * @param currentSpread the spread so far (0: none)
     * @param asked the children asked for so far
     * @param place the place this call names (-1 for {@code spawn(n)})
     * @param spread the spread this call names ({@link #spread}; 0 for {@code spawn})
     */
    public static long birthPlace(long current, int currentSpread, int asked, long place, int spread) {
        if (asked > 0 && (current != place || currentSpread != spread)) {
            throw new ColonyException(SPAWN_PLACES);
        }
        return place;
    }

    /** The largest radius of {@code spawnNear}. */
    public static final int MAX_SPAWN_RADIUS = 32767;
    /** The most tries of {@code spawnNear}. */
    public static final int MAX_SPAWN_TRIES = 65535;

    /**
     * {@return the spread of {@code spawnNear(n, radius, tries)}: {@code radius << 16 | tries}}
     *
     * @param radius how far from the parent's place
     * @param tries how many places a child draws at most
     * @throws ColonyException where the radius or the tries are out of range
     */
    public static int spread(int radius, int tries) {
        if (radius < 0 || radius > MAX_SPAWN_RADIUS || tries < 1 || tries > MAX_SPAWN_TRIES) {
            throw new ColonyException(spreadError(radius, tries));
        }
        return radius << 16 | tries;
    }

    /**
     * {@return the error of a {@code spawnNear} radius or tries out of range}
     *
     * @param radius the radius given
     * @param tries the tries given
     */
    public static String spreadError(int radius, int tries) {
        return "spawnNear(n, " + radius + ", " + tries + ") needs 0 <= radius <= " + MAX_SPAWN_RADIUS
                + " and 1 <= tries <= " + MAX_SPAWN_TRIES;
    }

    // ---- writes to other agents, combined in their incoming columns: integers, minima and maxima atomically (any --
    // ---- order gives one result); floating-point sums by the one thread that writes each target, in its order -----

    private static final VarHandle INTS = MethodHandles.arrayElementVarHandle(int[].class);
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle FLOATS = MethodHandles.arrayElementVarHandle(float[].class);
    private static final VarHandle DOUBLES = MethodHandles.arrayElementVarHandle(double[].class);

    /**
     * Adds {@code v} to {@code a[i]} atomically (two's complement, as {@code +=}).
     *
     * @param a the column
     * @param i the slot
     * @param v the value
     */
    public static void addInt(int[] a, int i, int v) {
        INTS.getAndAdd(a, i, v);
    }

    /**
     * Adds {@code v} to {@code a[i]} atomically (two's complement, as {@code +=}).
     *
     * @param a the column
     * @param i the slot
     * @param v the value
     */
    public static void addLong(long[] a, int i, long v) {
        LONGS.getAndAdd(a, i, v);
    }

    /**
     * Adds {@code v} to {@code a[i]}, a plain addition: floating-point sums into other agents come from a place
     * step (a place adds to its own agents) or from an agent step that runs place by place ({@link StepInfo#byPlace}:
     * the agents of a place add to each other), so each slot has one writing thread, adding in its order.
     *
     * @param a the column
     * @param i the slot
     * @param v the value
     */
    public static void addFloat(float[] a, int i, float v) {
        a[i] += v;
    }

    /**
     * Adds {@code v} to {@code a[i]}, a plain addition: floating-point sums into other agents come from a place
     * step (a place adds to its own agents) or from an agent step that runs place by place ({@link StepInfo#byPlace}:
     * the agents of a place add to each other), so each slot has one writing thread, adding in its order.
     *
     * @param a the column
     * @param i the slot
     * @param v the value
     */
    public static void addDouble(double[] a, int i, double v) {
        a[i] += v;
    }

    /**
     * {@code a[i] = Math.min(a[i], v)} atomically.
     *
     * @param a the column
     * @param i the slot
     * @param v the value
     */
    public static void minInt(int[] a, int i, int v) {
        int cur = (int) INTS.getVolatile(a, i);
        while (v < cur) {
            int was = (int) INTS.compareAndExchange(a, i, cur, v);
            if (was == cur) {
                return;
            }
            cur = was;
        }
    }

    /**
     * {@code a[i] = Math.max(a[i], v)} atomically.
     *
     * @param a the column
     * @param i the slot
     * @param v the value
     */
    public static void maxInt(int[] a, int i, int v) {
        int cur = (int) INTS.getVolatile(a, i);
        while (v > cur) {
            int was = (int) INTS.compareAndExchange(a, i, cur, v);
            if (was == cur) {
                return;
            }
            cur = was;
        }
    }

    /**
     * {@code a[i] = Math.min(a[i], v)} atomically.
     *
     * @param a the column
     * @param i the slot
     * @param v the value
     */
    public static void minLong(long[] a, int i, long v) {
        long cur = (long) LONGS.getVolatile(a, i);
        while (v < cur) {
            long was = (long) LONGS.compareAndExchange(a, i, cur, v);
            if (was == cur) {
                return;
            }
            cur = was;
        }
    }

    /**
     * {@code a[i] = Math.max(a[i], v)} atomically.
     *
     * @param a the column
     * @param i the slot
     * @param v the value
     */
    public static void maxLong(long[] a, int i, long v) {
        long cur = (long) LONGS.getVolatile(a, i);
        while (v > cur) {
            long was = (long) LONGS.compareAndExchange(a, i, cur, v);
            if (was == cur) {
                return;
            }
            cur = was;
        }
    }

    /**
     * {@code a[i] = Math.min(a[i], v)} atomically (NaN wins, -0.0 below 0.0, as {@link Math#min(float, float)}).
     *
     * @param a the column
     * @param i the slot
     * @param v the value
     */
    public static void minFloat(float[] a, int i, float v) {
        extreme(a, i, v, true);
    }

    /**
     * {@code a[i] = Math.max(a[i], v)} atomically (as {@link Math#max(float, float)}).
     *
     * @param a the column
     * @param i the slot
     * @param v the value
     */
    public static void maxFloat(float[] a, int i, float v) {
        extreme(a, i, v, false);
    }

    /**
     * {@code a[i] = Math.min(a[i], v)} atomically (as {@link Math#min(double, double)}).
     *
     * @param a the column
     * @param i the slot
     * @param v the value
     */
    public static void minDouble(double[] a, int i, double v) {
        extreme(a, i, v, true);
    }

    /**
     * {@code a[i] = Math.max(a[i], v)} atomically (as {@link Math#max(double, double)}).
     *
     * @param a the column
     * @param i the slot
     * @param v the value
     */
    public static void maxDouble(double[] a, int i, double v) {
        extreme(a, i, v, false);
    }

    /** The least or greatest of {@code a[i]} and {@code v} into {@code a[i]}, by compare-and-swap of the bits. */
    private static void extreme(float[] a, int i, float v, boolean least) {
        float cur = (float) FLOATS.getVolatile(a, i);
        while (true) {
            float next = least ? Math.min(cur, v) : Math.max(cur, v);
            if (Float.floatToRawIntBits(next) == Float.floatToRawIntBits(cur)) {
                return;
            }
            float was = (float) FLOATS.compareAndExchange(a, i, cur, next);
            if (Float.floatToRawIntBits(was) == Float.floatToRawIntBits(cur)) {
                return;
            }
            cur = was;
        }
    }

    /** As {@link #extreme(float[], int, float, boolean)}, for doubles. */
    private static void extreme(double[] a, int i, double v, boolean least) {
        double cur = (double) DOUBLES.getVolatile(a, i);
        while (true) {
            double next = least ? Math.min(cur, v) : Math.max(cur, v);
            if (Double.doubleToRawLongBits(next) == Double.doubleToRawLongBits(cur)) {
                return;
            }
            double was = (double) DOUBLES.compareAndExchange(a, i, cur, next);
            if (Double.doubleToRawLongBits(was) == Double.doubleToRawLongBits(cur)) {
                return;
            }
            cur = was;
        }
    }

    /** The error of an agent asking for children at two places before one {@code manageAll}. */
    public static final String SPAWN_PLACES = "spawn asks for children at another place than the children asked for "
            + "before; the children one agent asks for before a manageAll are born on one place (or spread around one "
            + "by one spawnNear)";

    /**
     * {@return the number of agents on the place stored at {@code s} (a storage index of the block, halo included) of
     * an agent view's {@code start} array}
     *
     * @param start an agent view's {@link AgentView#start()}
     * @param s the place's storage index
     */
    public static int agentCount(int[] start, int s) {
        return start[s + 1] - start[s];
    }

    // Comparisons as 0 or 1, by arithmetic alone: a kernel combines them with & | ^ and tests the result once,
    // so the JIT has no branch to emit that data-dependent values would mispredict.

    /**
     * {@return 1 if {@code a == b}, else 0}
     *
     * @param a the left operand
     * @param b the right operand
     */
    public static int eq(int a, int b) {
        return ne(a, b) ^ 1;
    }

    /**
     * {@return 1 if {@code a != b}, else 0}
     *
     * @param a the left operand
     * @param b the right operand
     */
    public static int ne(int a, int b) {
        int d = a ^ b;
        return (d | -d) >>> 31;
    }

    /**
     * {@return 1 if {@code a < b}, else 0}
     *
     * @param a the left operand
     * @param b the right operand
     */
    public static int lt(int a, int b) {
        return (int) (((long) a - b) >>> 63);
    }

    /**
     * {@return 1 if {@code a <= b}, else 0}
     *
     * @param a the left operand
     * @param b the right operand
     */
    public static int le(int a, int b) {
        return lt(b, a) ^ 1;
    }

    /**
     * {@return 1 if {@code a > b}, else 0}
     *
     * @param a the left operand
     * @param b the right operand
     */
    public static int gt(int a, int b) {
        return lt(b, a);
    }

    /**
     * {@return 1 if {@code a >= b}, else 0}
     *
     * @param a the left operand
     * @param b the right operand
     */
    public static int ge(int a, int b) {
        return lt(a, b) ^ 1;
    }

    /**
     * {@return 1 if {@code b}, else 0 (for a boolean read from a column the JIT emits just the load)}
     *
     * @param b the value
     */
    public static int bit(boolean b) {
        return b ? 1 : 0;
    }

    /**
     * {@return whether coordinate {@code c + d} lies in {@code [0, n)}}
     *
     * @param c a coordinate, inside the grid
     * @param d an offset from it
     * @param n the grid's extent along that dimension
     */
    public static boolean inside(int c, int d, int n) {
        long v = (long) c + d;
        return v >= 0 && v < n;
    }
}
