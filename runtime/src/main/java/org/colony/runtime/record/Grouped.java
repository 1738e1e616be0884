package org.colony.runtime.record;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.colony.ColonyException;
import org.colony.runtime.reduce.ExactSum;

/**
 * A statistic per value of an integral key attribute (the mean size of bugs of each {@code kind}), for the keys
 * {@code first} to {@code last} and one column for every other key: {@code Bug.size.mean[kind=0]}, ..., {@code
 * Bug.size.mean[kind=other]}; or, without a value attribute, the number of instances per key ({@code
 * Bug.count[kind=0]}). Sums are exact (floating point rounded once), so every value is the same on every backend and
 * layout. The key and value columns are read from where they live (downloaded from a GPU) and grouped on the host.
 *
 * @param value the attribute reduced, or null for counts
 * @param key the key attribute
 * @param kind the statistic (sum, min, max, mean), or null for counts
 * @param first the first key with a column of its own
 * @param last the last key with a column of its own
 */
record Grouped(Target value, Target key, Statistic.Kind kind, long first, long last) implements Series {

    /** The most keys with columns of their own. */
    static final int MOST_KEYS = 10_000;

    /**
     * {@return the grouped statistic, checked}
     *
     * @param value the attribute reduced, or null for counts
     * @param key the key attribute
     * @param kind the statistic, or null for counts
     * @param first the first key with a column of its own
     * @param last the last key with a column of its own
     * @throws ColonyException where the key is not integral or boolean, or the keys are not 1 to {@link #MOST_KEYS}
     */
    static Grouped of(Target value, Target key, Statistic.Kind kind, long first, long last) {
        if (key.type().isFloating()) {
            throw new ColonyException("group by " + key.prefix() + ": the key is " + key.type().javaName()
                    + "; group by an integral or boolean attribute");
        }
        if (last < first || last - first >= MOST_KEYS) {
            throw new ColonyException("group by " + key.prefix() + ": keys " + first + " to " + last + " are out of "
                    + "range; give first <= last, at most " + MOST_KEYS + " keys");
        }
        return new Grouped(value, key, kind, first, last);
    }

    private int groups() {
        return (int) (last - first + 2); // the keys, then every other key
    }

    @Override
    public List<String> columns() {
        String prefix = value == null ? Names.of(key.collection()) + ".count" : value.prefix() + "." + kind.label();
        List<String> names = new ArrayList<>();
        for (long k = first; k <= last; k++) {
            names.add(prefix + "[" + key.attribute() + "=" + k + "]");
        }
        names.add(prefix + "[" + key.attribute() + "=other]");
        return names;
    }

    @Override
    public void sample(Sample sample, List<String> values) {
        long[] keys = keys(sample.column(key));
        int[] group = new int[keys.length];
        long[] counts = new long[groups()];
        for (int i = 0; i < keys.length; i++) {
            group[i] = keys[i] >= first && keys[i] <= last ? (int) (keys[i] - first) : groups() - 1;
            counts[group[i]]++;
        }
        if (value == null) {
            for (long c : counts) {
                values.add(Long.toString(c));
            }
            return;
        }
        Object column = sample.column(value);
        if (value.type().isFloating()) {
            floating(doubles(column), group, counts, values);
        } else {
            integral(keys(column), group, counts, values);
        }
    }

    private void floating(double[] v, int[] group, long[] counts, List<String> values) {
        ExactSum[] sums = new ExactSum[groups()];
        double[] min = new double[groups()];
        double[] max = new double[groups()];
        for (int g = 0; g < groups(); g++) {
            sums[g] = new ExactSum();
            min[g] = Double.POSITIVE_INFINITY;
            max[g] = Double.NEGATIVE_INFINITY;
        }
        for (int i = 0; i < v.length; i++) {
            int g = group[i];
            sums[g].add(v[i]);
            min[g] = Math.min(min[g], v[i]);
            max[g] = Math.max(max[g], v[i]);
        }
        for (int g = 0; g < groups(); g++) {
            boolean empty = counts[g] == 0;
            values.add(switch (kind) {
                case SUM -> Double.toString(sums[g].value());
                case MIN -> empty ? "NaN" : Double.toString(min[g]);
                case MAX -> empty ? "NaN" : Double.toString(max[g]);
                case MEAN -> empty ? "NaN" : Double.toString(sums[g].value() / counts[g]);
            });
        }
    }

    private void integral(long[] v, int[] group, long[] counts, List<String> values) {
        long[] sums = new long[groups()];
        long[] min = new long[groups()];
        long[] max = new long[groups()];
        Arrays.fill(min, Long.MAX_VALUE);
        Arrays.fill(max, Long.MIN_VALUE);
        for (int i = 0; i < v.length; i++) {
            int g = group[i];
            try {
                sums[g] = Math.addExact(sums[g], v[i]);
            } catch (ArithmeticException e) {
                throw new ColonyException("the sum of " + value.prefix() + " by " + key.attribute()
                        + " overflows 64 bits");
            }
            min[g] = Math.min(min[g], v[i]);
            max[g] = Math.max(max[g], v[i]);
        }
        for (int g = 0; g < groups(); g++) {
            boolean empty = counts[g] == 0;
            values.add(switch (kind) {
                case SUM -> Long.toString(sums[g]);
                case MIN -> empty ? "NaN" : Long.toString(min[g]);
                case MAX -> empty ? "NaN" : Long.toString(max[g]);
                case MEAN -> empty ? "NaN" : Double.toString((double) sums[g] / counts[g]);
            });
        }
    }

    /** {@return an integral or boolean column as longs} */
    private static long[] keys(Object column) {
        return switch (column) {
            case long[] c -> c;
            case int[] c -> Arrays.stream(c).asLongStream().toArray();
            case short[] c -> {
                long[] out = new long[c.length];
                for (int i = 0; i < c.length; i++) {
                    out[i] = c[i];
                }
                yield out;
            }
            case byte[] c -> {
                long[] out = new long[c.length];
                for (int i = 0; i < c.length; i++) {
                    out[i] = c[i];
                }
                yield out;
            }
            case boolean[] c -> {
                long[] out = new long[c.length];
                for (int i = 0; i < c.length; i++) {
                    out[i] = c[i] ? 1 : 0;
                }
                yield out;
            }
            default -> throw new IllegalArgumentException(column.getClass().toString());
        };
    }

    /** {@return a floating-point column as doubles} */
    private static double[] doubles(Object column) {
        return switch (column) {
            case double[] c -> c;
            case float[] c -> {
                double[] out = new double[c.length];
                for (int i = 0; i < c.length; i++) {
                    out[i] = c[i];
                }
                yield out;
            }
            default -> throw new IllegalArgumentException(column.getClass().toString());
        };
    }
}
