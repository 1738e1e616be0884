package org.colony.tests.graph;

import org.colony.kernel.RandomStream;
import org.colony.runtime.graph.Graph;

/**
 * Plain sequential Java of the graph models the tests run: SIR ({@code org.colony.examples.sir.Person}) and
 * {@link Opinion}, vertex after vertex, reading the neighbours' values from a copy taken before the step, drawing
 * from each vertex's {@code RandomStream(seed, epoch)} reset to its id, as the models say.
 */
final class GraphReference {

    private GraphReference() {
    }

    /** SIR: states and days left, per vertex. */
    static final class Sir {
        final byte[] state;
        final int[] sick;
        private final Graph graph;
        private final long seed;

        Sir(Graph graph, long seed, double initial, int recovery) {
            this.graph = graph;
            this.seed = seed;
            int n = graph.vertices();
            state = new byte[n];
            sick = new int[n];
            RandomStream rng = new RandomStream(seed, 0);
            for (int v = 0; v < n; v++) {
                rng.reset(v);
                if (rng.uniform() < initial) {
                    state[v] = 1;
                    sick[v] = recovery;
                }
            }
        }

        /** One tick, the call of epoch {@code epoch}. */
        void tick(long epoch, double beta, int recovery) {
            byte[] before = state.clone();
            RandomStream rng = new RandomStream(seed, epoch);
            for (int v = 0; v < before.length; v++) {
                rng.reset(v);
                if (before[v] == 0) {
                    for (int i = graph.offset(v); i < graph.offset(v) + graph.degree(v); i++) {
                        if (before[graph.target(i)] == 1 && rng.uniform() < beta * graph.weight(i)) {
                            state[v] = 1;
                            sick[v] = recovery;
                            break;
                        }
                    }
                } else if (before[v] == 1) {
                    sick[v]--;
                    if (sick[v] == 0) {
                        state[v] = 2;
                    }
                }
            }
        }

        long count(int s) {
            long c = 0;
            for (byte b : state) {
                c += b == s ? 1 : 0;
            }
            return c;
        }
    }

    /** Opinion: the opinion, the fingerprint of the neighbours seen, the hits per vertex. */
    static final class Opinions {
        final double[] x;
        final long[] seen;
        final int[] hits;
        private final Graph graph;
        private final long seed;

        Opinions(Graph graph, long seed, double[] x) {
            this.graph = graph;
            this.seed = seed;
            this.x = x.clone();
            this.seen = new long[x.length];
            this.hits = new int[x.length];
        }

        void mix(long epoch, double pull, double chance) {
            double[] before = x.clone();
            Graph in = graph.reverse();
            RandomStream rng = new RandomStream(seed, epoch);
            for (int v = 0; v < x.length; v++) {
                rng.reset(v);
                double sum = 0;
                double weights = 0;
                for (int i = in.offset(v); i < in.offset(v) + in.degree(v); i++) {
                    sum += in.weight(i) * before[in.target(i)];
                    weights += in.weight(i);
                }
                if (weights > 0) {
                    x[v] = x[v] + pull * (sum / weights - x[v]);
                }
                seen[v] = 0;
                for (int i = graph.offset(v); i < graph.offset(v) + graph.degree(v); i++) {
                    int u = graph.target(i);
                    if (u == v) {
                        continue;
                    }
                    seen[v] = seen[v] * 31 + u * 7L + graph.degree(u) * 3 + graph.inDegree(u);
                    if (rng.uniform() < chance * graph.weight(i)) {
                        hits[v]++;
                        if (hits[v] > 1000) {
                            break;
                        }
                    }
                }
                seen[v] += graph.degree(v) * 1000L + graph.inDegree(v);
            }
        }
    }
}
