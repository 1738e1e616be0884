package org.colony.benchmarks.report;

import java.util.Locale;

/** Result files as JMH and the suite write them, for the tests. */
final class Samples {

    private Samples() {
    }

    /** One JMH result entry. */
    static String jmh(String benchmark, String mode, String params, double score, double error, String unit, int batch) {
        return String.format(Locale.ROOT, """
                {"jmhVersion": "1.37", "benchmark": "%s", "mode": "%s", "threads": 1, "forks": 1,
                 "jvm": "/usr/bin/java", "jvmArgs": ["-Xmx4g"], "jdkVersion": "25", "vmName": "OpenJDK 64-Bit Server VM",
                 "warmupIterations": 2, "warmupTime": "1 s", "warmupBatchSize": %d, "measurementIterations": 4,
                 "measurementTime": "1 s", "measurementBatchSize": %d, "params": {%s},
                 "primaryMetric": {"score": %s, "scoreError": %s, "scoreConfidence": [0, 0],
                   "scorePercentiles": {}, "scoreUnit": "%s", "rawData": [[1.0]]},
                 "secondaryMetrics": {}}""", benchmark, mode, batch, batch, params, score,
                Double.isNaN(error) ? "\"NaN\"" : Double.toString(error), unit);
    }

    /** A JMH result file of the given entries. */
    static String file(String... entries) {
        return "[" + String.join(",", entries) + "]";
    }
}
