package org.colony.benchmarks.report;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes {@code docs/benchmarks.md} and its plots from a results folder:
 *
 * <pre>java -Djava.awt.headless=true -cp benchmarks.jar org.colony.benchmarks.report.Report RESULTS DOCS [COMMAND]</pre>
 *
 * RESULTS is searched for JSON result files at any depth; the page goes to {@code DOCS/benchmarks.md} and the
 * plots to {@code DOCS/img/}.
 */
public final class Report {

    private Report() {
    }

    /** Writes the page. */
    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: Report RESULTS_FOLDER DOCS_FOLDER [COMMAND]");
            System.exit(2);
        }
        Path results = Path.of(args[0]);
        Path docs = Path.of(args[1]);
        String command = args.length > 2 ? args[2] : "./mass bench --report";
        String page = new ReportWriter(Results.read(results)).write(docs.resolve("img"), "img", command);
        Files.createDirectories(docs);
        Files.writeString(docs.resolve("benchmarks.md"), page);
        System.out.println("wrote " + docs.resolve("benchmarks.md"));
    }
}
