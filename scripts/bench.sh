#!/usr/bin/env bash
# ./mass bench: runs the benchmark suite and writes docs/benchmarks.md (see docs/profiling.md).
#   ./mass bench [--scope quick|full] [--target cpu|gpu]   measure, store benchmarks/results/<target>/, write the page
#   ./mass bench --report                                  only rewrite the page from benchmarks/results/
# Set COLONY_BENCH_JAR to a built benchmarks.jar to skip the build (a GPU machine with the .gpu/ bundle).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

args=()
while [ $# -gt 0 ]; do
    case "$1" in
        --scope|--target|--results|--docs)
            [ $# -ge 2 ] || { echo "bench: $1 needs a value" >&2; exit 2; }
            args+=("$1=$2"); shift 2 ;;
        --scope=*|--target=*|--results=*|--docs=*|--report) args+=("$1"); shift ;;
        -h|--help) sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "bench: unknown argument $1; use --scope quick|full --target cpu|gpu [--report]" >&2; exit 2 ;;
    esac
done

jar="${COLONY_BENCH_JAR:-}"
if [ -z "$jar" ]; then
    # shellcheck source=scripts/java-env.sh
    . "$root/scripts/java-env.sh"
    echo "bench: building the benchmarks..." >&2
    "$root/mvnw" -B -q ${CI:+-ntp} -DskipTests -pl benchmarks -am install >&2
    jar="$root/benchmarks/target/benchmarks.jar"
    java="$JAVA_HOME/bin/java"
else
    java="$(command -v java)"
fi
exec "$java" -Djava.awt.headless=true --enable-native-access=ALL-UNNAMED --add-modules jdk.incubator.vector -cp "$jar" \
    org.colony.benchmarks.suite.BenchSuite "${args[@]}"
