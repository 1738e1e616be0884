package org.colony.runtime.graph;

import java.util.Arrays;
import org.colony.ColonyException;
import org.colony.kernel.RandomStream;

/**
 * Deterministic graph generators: the same arguments and seed give the same graph on every machine and thread count.
 * Their draws are Colony's counter-based ones ({@link RandomStream}, Philox4x32-10, docs/random.md) with the seed as
 * key, a generator's own epoch and an id per vertex or per edge, so a plain-Java reference can make the same graph by
 * the recipes below (docs/networks.md gives them in full).
 *
 * <p>The epochs are {@code 0xFFFF_FFFF_FF00 + g} ({@code g} = 1 for Erdős–Rényi, 2 for Barabási–Albert, 3 for
 * Watts–Strogatz), at the top of the 48-bit range a simulation's epochs count up from 0, so a graph drawn with the
 * simulation's own seed shares no draws with the simulation's steps.
 */
public final class Generators {

    /** The epoch of Erdős–Rényi's draws. */
    public static final long EPOCH_ERDOS_RENYI = 0xFFFF_FFFF_FF01L;
    /** The epoch of Barabási–Albert's draws. */
    public static final long EPOCH_BARABASI_ALBERT = 0xFFFF_FFFF_FF02L;
    /** The epoch of Watts–Strogatz's draws. */
    public static final long EPOCH_WATTS_STROGATZ = 0xFFFF_FFFF_FF03L;

    /** The most edges a generator makes (its arrays and the set of edges it checks draws against). */
    public static final long MAX_EDGES = 1L << 29;

    private Generators() {
    }

    /**
     * {@return the Erdős–Rényi graph G(n, m): exactly {@code m} distinct undirected edges, no self-loops, uniformly}.
     * Candidate {@code j} (j = 0, 1, 2, ...) is the pair {@code u = uniformInt(n)}, {@code v = uniformInt(n)} of
     * the stream of id {@code j}; the graph is the first {@code m} candidates with {@code u != v} that are not an
     * edge already (either way round). A dense request ({@code m} near {@code n(n-1)/2}) takes many candidates.
     *
     * @param n the vertices, 0 to 2<sup>31</sup> - 2
     * @param m the edges, 0 to {@code n(n-1)/2} and at most {@link #MAX_EDGES}
     * @param seed the seed
     */
    public static Graph erdosRenyi(int n, long m, long seed) {
        Graph.checkVertexCount(n);
        long possible = (long) n * (n - 1) / 2;
        if (m < 0 || m > possible || m > MAX_EDGES) {
            throw new ColonyException("Erdős–Rényi G(n, m) with n=" + n + " has 0 to " + Math.min(possible, MAX_EDGES)
                    + " edges, not m=" + m);
        }
        int[] from = new int[(int) m];
        int[] to = new int[(int) m];
        EdgeSet drawn = new EdgeSet((int) m);
        RandomStream draws = new RandomStream(seed, EPOCH_ERDOS_RENYI);
        int k = 0;
        for (long j = 0; k < m; j++) {
            draws.reset(j);
            int u = draws.uniformInt(n);
            int v = draws.uniformInt(n);
            if (u != v && drawn.add(u, v)) {
                from[k] = u;
                to[k] = v;
                k++;
            }
        }
        return Graph.undirected(n, from, to);
    }

    /**
     * {@return the Barabási–Albert graph: preferential attachment, {@code m} edges per new vertex, {@code m(n - m)}
     * undirected edges}. It starts as networkx does, from a star: edge {@code i - 1} joins 0 and {@code i} for
     * {@code i} = 1 to {@code m}. Then each vertex {@code v} = {@code m + 1} to {@code n - 1}, with {@code e} edges
     * made so far, draws from the stream of id {@code v}: {@code r = uniformInt(2e)} picks end {@code r % 2} (0 the
     * first, 1 the second) of edge {@code r / 2}, so a vertex is picked in proportion to its degree; a vertex
     * already picked for {@code v} is drawn again; the first {@code m} distinct ones become edges {@code e} to
     * {@code e + m - 1}, {@code (v, picked)} in the order they were picked.
     *
     * @param n the vertices, more than {@code m}
     * @param m the edges of each new vertex, 1 or more
     * @param seed the seed
     */
    public static Graph barabasiAlbert(int n, int m, long seed) {
        Graph.checkVertexCount(n);
        if (m < 1 || m >= n) {
            throw new ColonyException("Barabási–Albert with n=" + n + " vertices takes m=1 to n-1 edges per new "
                    + "vertex, not m=" + m);
        }
        long edges = (long) m * (n - m);
        if (edges > MAX_EDGES) {
            throw new ColonyException("Barabási–Albert with n=" + n + " m=" + m + " has " + edges + " edges, more than "
                    + "the " + MAX_EDGES + " a generator makes");
        }
        int[] from = new int[(int) edges];
        int[] to = new int[(int) edges];
        for (int i = 1; i <= m; i++) {
            from[i - 1] = 0;
            to[i - 1] = i;
        }
        int e = m;
        int[] pickedFor = new int[n]; // the vertex each was last picked for; 0 is never a new vertex
        RandomStream draws = new RandomStream(seed, EPOCH_BARABASI_ALBERT);
        for (int v = m + 1; v < n; v++) {
            draws.reset(v);
            int ends = 2 * e;
            int picked = 0;
            while (picked < m) {
                int r = draws.uniformInt(ends);
                int t = (r & 1) == 0 ? from[r >>> 1] : to[r >>> 1];
                if (pickedFor[t] != v) {
                    pickedFor[t] = v;
                    from[e + picked] = v;
                    to[e + picked] = t;
                    picked++;
                }
            }
            e += m;
        }
        return Graph.undirected(n, from, to);
    }

    /**
     * {@return the Watts–Strogatz small world: a ring where each vertex joins its {@code k / 2} nearest on each side,
     * each edge rewired with chance {@code beta}; {@code n k / 2} undirected edges}. Edge {@code e = (j - 1) n + u}
     * (j = 1 to k/2, u = 0 to n-1) starts as {@code (u, (u + j) mod n)}. In that order, edge {@code e} draws from
     * the stream of id {@code e}: {@code uniform() < beta} rewires it, unless {@code u} has {@code n - 1}
     * neighbours already; its new end is the first {@code w = uniformInt(n)} (drawn again and again) that is
     * neither {@code u} nor a neighbour of {@code u} at that moment.
     *
     * @param n the vertices, more than {@code k}
     * @param k the ring's neighbours of each vertex, even, 2 or more
     * @param beta the chance of rewiring an edge, 0 to 1
     * @param seed the seed
     */
    public static Graph wattsStrogatz(int n, int k, double beta, long seed) {
        Graph.checkVertexCount(n);
        if (k < 2 || k % 2 != 0 || k >= n) {
            throw new ColonyException("Watts–Strogatz with n=" + n + " vertices takes an even k from 2 to n-1 "
                    + "neighbours per vertex, not k=" + k);
        }
        if (!(beta >= 0 && beta <= 1)) {
            throw new ColonyException("Watts–Strogatz rewires with a chance beta from 0 to 1, not beta=" + beta);
        }
        long edges = (long) n * (k / 2);
        if (edges > MAX_EDGES) {
            throw new ColonyException("Watts–Strogatz with n=" + n + " k=" + k + " has " + edges + " edges, more than "
                    + "the " + MAX_EDGES + " a generator makes");
        }
        int[] from = new int[(int) edges];
        int[] to = new int[(int) edges];
        EdgeSet present = new EdgeSet((int) edges);
        for (int j = 1; j <= k / 2; j++) {
            for (int u = 0; u < n; u++) {
                int e = (j - 1) * n + u;
                from[e] = u;
                to[e] = (int) ((u + (long) j) % n);
                present.add(u, to[e]);
            }
        }
        int[] degree = new int[n];
        Arrays.fill(degree, k);
        RandomStream draws = new RandomStream(seed, EPOCH_WATTS_STROGATZ);
        for (int e = 0; e < edges; e++) {
            int u = from[e];
            draws.reset(e);
            if (draws.uniform() < beta && degree[u] < n - 1) {
                int w = draws.uniformInt(n);
                while (w == u || present.contains(u, w)) {
                    w = draws.uniformInt(n);
                }
                present.remove(u, to[e]);
                present.add(u, w);
                degree[to[e]]--;
                degree[w]++;
                to[e] = w;
            }
        }
        return Graph.undirected(n, from, to);
    }

    /**
     * {@return the {@code w x h} lattice of a 2-D grid's 4-neighbourhood, for cross-checks against grids}: vertex
     * {@code x + w y} is the place at (x, y) (its index on {@code Grid.of(w, h)}), joined to (x±1, y) and (x, y±1)
     * where they exist, or always with {@code wrap} (a torus, where a side of 2 gives one edge, not two, and a side
     * of 1 none). Edges come vertex by vertex, its right then its lower neighbour; no draws.
     *
     * @param w the width, 1 or more
     * @param h the height, 1 or more
     * @param wrap whether the edges wrap round
     */
    public static Graph lattice(int w, int h, boolean wrap) {
        if (w < 1 || h < 1 || (long) w * h > Integer.MAX_VALUE - 1) {
            throw new ColonyException("a lattice has sizes of 1 or more and at most " + (Integer.MAX_VALUE - 1)
                    + " vertices, not " + w + "x" + h);
        }
        int n = w * h;
        long most = 2L * n;
        if (most > MAX_EDGES) {
            throw new ColonyException("a lattice of " + w + "x" + h + " has up to " + most + " edges, more than the "
                    + MAX_EDGES + " a generator makes");
        }
        int[] from = new int[(int) most];
        int[] to = new int[(int) most];
        int e = 0;
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int v = x + w * y;
                if (x + 1 < w || wrap && w > 1) {
                    from[e] = v;
                    to[e++] = (x + 1) % w + w * y;
                }
                if (y + 1 < h || wrap && h > 1) {
                    from[e] = v;
                    to[e++] = x + w * ((y + 1) % h);
                }
            }
        }
        return Graph.undirected(n, Arrays.copyOf(from, e), Arrays.copyOf(to, e), null,
                EdgeRules.SIMPLE.mergeDuplicates());
    }
}
