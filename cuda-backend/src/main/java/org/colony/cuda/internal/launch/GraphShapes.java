package org.colony.cuda.internal.launch;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The shapes of runs of launches that {@link LaunchRecorder} keeps graphs of: a launch's grid as a number, whether two
 * launches may be one node of a graph, a run's shape as a key, and the tree of the kept graphs' shapes that a run of
 * launches walks down as they are held.
 */
final class GraphShapes {

    private GraphShapes() {
    }

    /** {@code launch}'s grid as one number (x below 2^31, y and z below 2^16). */
    static long grid(Launch launch) {
        return launch.gridX() | (long) launch.gridY() << 31 | (long) launch.gridZ() << 47;
    }

    /** {@code launch}'s grid as a shape sees it: 0 for any grid of at most {@code small} blocks. */
    static long gridShape(Launch launch, long small) {
        return blocks(launch) <= small ? 0 : grid(launch);
    }

    /** {@code launch}'s blocks. */
    static long blocks(Launch launch) {
        return (long) launch.gridX() * launch.gridY() * launch.gridZ();
    }

    /**
     * Whether {@code a} and {@code b} may be one node of a graph: one shape ({@link Shape}), any grid of at most
     * {@code small} blocks alike.
     */
    static boolean alike(Launch a, Launch b, long small) {
        return a.function() == b.function() && gridShape(a, small) == gridShape(b, small) && a.blockX() == b.blockX()
                && a.blockY() == b.blockY() && a.blockZ() == b.blockZ() && a.sharedBytes() == b.sharedBytes()
                && a.frameBytes() == b.frameBytes() && a.params().length == b.params().length && a.lane() == b.lane();
    }

    /**
     * The shapes of a segment's launches (kernel, grid where it is large ({@link #gridShape}), block, parameter
     * layout, partition ({@link Launch#lane()})), as a key.
     */
    record Shape(long[] words) {

        static Shape of(List<Launch> launches, long small) {
            long[] w = new long[6 * launches.size()];
            int i = 0;
            for (Launch l : launches) {
                w[i++] = l.function();
                w[i++] = gridShape(l, small);
                w[i++] = l.blockX();
                w[i++] = l.blockY() | (long) l.blockZ() << 32;
                w[i++] = l.sharedBytes() | (long) l.frameBytes() << 32;
                w[i++] = l.params().length | (long) (l.lane() + 1) << 32;
            }
            return new Shape(w);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Shape s && Arrays.equals(words, s.words);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(words);
        }
    }

    /**
     * A node of the tree of the kept graphs' shapes: the node at depth i stands for the shape of a graph's i-th launch
     * ({@link #alike}), and a graph's last launch's node holds it. A segment's launches walk down the tree as they are
     * held, each one step over the few nodes below: a walk that ends where a graph ends matched that graph whole. A node
     * stays only while some graph ends at or below it, so a walk that can still become a graph is never cut short.
     */
    static final class Prefix<G> {

        /** The launch whose shape this node stands for (the first graph's); null at the root. */
        private final Launch template;
        private final List<Prefix<G>> below = new ArrayList<>(2);
        /** The graph whose last launch this is, if any. */
        private G graph;
        /** The graphs that end at or below this node. */
        private int graphs;

        Prefix(Launch template) {
            this.template = template;
        }

        /** {@return the graph whose last launch this node stands for, or null} */
        G graph() {
            return graph;
        }

        /**
         * The node below for {@code launch}, null where no kept graph has its shape next (any grid of at most
         * {@code small} blocks alike).
         */
        Prefix<G> next(Launch launch, long small) {
            for (int i = 0; i < below.size(); i++) { // (no iterator per launch)
                Prefix<G> p = below.get(i);
                if (alike(p.template, launch, small)) {
                    return p;
                }
            }
            return null;
        }

        /** Adds graph {@code g} of launches {@code template} below this root (small grids up to {@code small}). */
        void add(G g, List<Launch> template, long small) {
            Prefix<G> node = this;
            for (Launch l : template) {
                Prefix<G> child = node.next(l, small);
                if (child == null) {
                    child = new Prefix<>(l);
                    node.below.add(child);
                }
                child.graphs++;
                node = child;
            }
            node.graph = g;
        }

        /**
         * Takes the graph of launches {@code template} out of the tree below this root, with the nodes no other graph
         * needs ({@code small} as added).
         */
        void remove(List<Launch> template, long small) {
            Prefix<G> node = this;
            for (Launch l : template) {
                Prefix<G> child = node.next(l, small);
                if (--child.graphs == 0) {
                    node.below.remove(child);
                    return;
                }
                node = child;
            }
            node.graph = null;
        }

        void clear() {
            below.clear();
        }
    }
}
