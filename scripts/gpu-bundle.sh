#!/usr/bin/env bash
# Prepares .gpu/ for a GPU machine that has no Java of its own: a trimmed Java runtime (jlink) and the
# application and test jars. The folder stays out of git; send it along with the working tree.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/java-env.sh
modules=java.base,java.logging,java.management,java.xml,jdk.incubator.vector,jdk.jfr,jdk.management,jdk.unsupported,jdk.zipfs
if [ ! -x .gpu/jre/bin/java ] || [ "$(cat .gpu/jre/modules.txt 2>/dev/null)" != "$modules" ]; then
    rm -rf .gpu/jre
    mkdir -p .gpu
    "$JAVA_HOME/bin/jlink" --add-modules "$modules" \
        --strip-debug --no-man-pages --no-header-files --compress=zip-9 --output .gpu/jre
    echo "$modules" > .gpu/jre/modules.txt
fi
# clean: generated sources of the examples and of the test models follow the current processor
./mvnw -q -B -DskipTests clean package
rm -rf .gpu/app && mkdir -p .gpu/app
cp benchmarks/target/benchmarks.jar .gpu/app/
cp examples/target/lib/*.jar .gpu/app/
(cd examples/target/test-classes && "$JAVA_HOME/bin/jar" cf ../../../.gpu/app/examples-tests.jar .)
(cd tests/target/test-classes && "$JAVA_HOME/bin/jar" cf ../../../.gpu/app/tests.jar .)
(cd cuda-backend/target/test-classes && "$JAVA_HOME/bin/jar" cf ../../../.gpu/app/cuda-backend-tests.jar .)
(cd examples/target/classes && "$JAVA_HOME/bin/jar" cf ../../../.gpu/app/examples.jar .)
# (no such folder before the first download: find fails, which must not end the script)
junit=$(find ~/.m2/repository/org/junit/platform/junit-platform-console-standalone -name '*.jar' 2>/dev/null | sort | tail -1 || true)
if [ -z "$junit" ]; then
    ./mvnw -q -B dependency:get -Dartifact=org.junit.platform:junit-platform-console-standalone:6.0.3
    junit=$(find ~/.m2/repository/org/junit/platform/junit-platform-console-standalone -name '*.jar' | sort | tail -1)
fi
cp "$junit" .gpu/junit-console.jar
du -sh .gpu
