#!/usr/bin/env bash
# Prepares .gpu/ for a GPU machine that has no Java of its own: a trimmed Java runtime (jlink) and the
# application and test jars. The folder stays out of git; send it along with the working tree.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/java-env.sh
if [ ! -x .gpu/jre/bin/java ] || ! .gpu/jre/bin/java --list-modules | grep -q "^jdk.jfr@"; then
    rm -rf .gpu/jre
    mkdir -p .gpu
    "$JAVA_HOME/bin/jlink" --add-modules java.base,java.logging,java.management,java.xml,jdk.jfr,jdk.unsupported \
        --strip-debug --no-man-pages --no-header-files --compress=zip-9 --output .gpu/jre
fi
./mvnw -q -B -DskipTests package
rm -rf .gpu/app && mkdir -p .gpu/app
cp benchmarks/target/benchmarks.jar .gpu/app/
cp examples/target/lib/*.jar .gpu/app/
(cd examples/target/test-classes && "$JAVA_HOME/bin/jar" cf ../../../.gpu/app/examples-tests.jar .)
(cd examples/target/classes && "$JAVA_HOME/bin/jar" cf ../../../.gpu/app/examples.jar .)
junit=$(find ~/.m2/repository/org/junit/platform/junit-platform-console-standalone -name '*.jar' 2>/dev/null | sort | tail -1)
if [ -z "$junit" ]; then
    ./mvnw -q -B dependency:get -Dartifact=org.junit.platform:junit-platform-console-standalone:6.0.3
    junit=$(find ~/.m2/repository/org/junit/platform/junit-platform-console-standalone -name '*.jar' | sort | tail -1)
fi
cp "$junit" .gpu/junit-console.jar
du -sh .gpu
