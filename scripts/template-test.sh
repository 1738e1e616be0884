#!/usr/bin/env bash
# The project template as a modeller gets it, run by ./mass test (and so by CI) after the test suite: installs Colony
# with ./mass install (sources and javadoc jars, doclint strict) into a scratch local repository, creates a project
# with ./mass new, builds it with -Xlint:all -Werror and runs its tests (the model against its sequential reference),
# then runs its scenario and its driver from the jar. ~/.m2 is only read (as the scratch repository's tail): the
# org.colony snapshots there are left as they were.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=scripts/java-env.sh
. "$root/scripts/java-env.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export MAVEN_ARGS="-Dmaven.repo.local=$work/repository -Dmaven.repo.local.tail=$HOME/.m2/repository${CI:+ -ntp}"
step() { echo "template-test: $*" >&2; }

step "./mass install"
"$root/mass" install
step "./mass new"
"$root/mass" new "$work/walkers-demo" org.example.walkers
cd "$work/walkers-demo"
step "./mvnw package (the project's tests included)"
./mvnw -B -q package
grep -q 'Tests run: 2, Failures: 0, Errors: 0, Skipped: 0' target/surefire-reports/*.txt \
    || { step "the project's tests did not all run"; exit 1; }

if command -v nvcc >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/nvcc ]; then
    step "the jar carries the model's kernels compiled ahead of time"
    # (the listing is read whole first: grep -q closing the pipe early would make unzip fail under pipefail)
    listing=$(unzip -l target/walkers-demo.jar)
    grep -q 'META-INF/colony/cuda/.*\.sm_90\..*\.cubin' <<< "$listing" \
        || { step "no CUBIN for sm_90 in the jar, though this machine has nvcc"; exit 1; }
fi

step "java -jar target/walkers-demo.jar run walkers"
out=$("$JAVA_HOME/bin/java" @jvm.args -jar target/walkers-demo.jar run walkers --size 96x64 --steps 30 --threads 2 \
    --quiet --profile --snapshot scent="$work/scent.png")
echo "$out"
for expected in 'walkers on 96x64, 30 steps' 'checksum' 'Walker.walk' 'Field.spread'; do
    grep -q "$expected" <<< "$out" || { step "the run's report has no '$expected'"; exit 1; }
done
[ -s "$work/scent.png" ] || { step "no snapshot written"; exit 1; }
# with class-data sharing (run.args): the first run writes target/app.jsa, the second maps it; the same state
written=""
for pass in writes maps; do
    shared=$("$JAVA_HOME/bin/java" @run.args -jar target/walkers-demo.jar run walkers --size 96x64 --steps 30 \
        --threads 2 --quiet)
    [ "$(grep checksum <<< "$out")" = "$(grep checksum <<< "$shared")" ] \
        || { step "with run.args ($pass) the checksum differs: $(grep checksum <<< "$shared")"; exit 1; }
    [ -s target/app.jsa ] || { step "run.args wrote no class-data archive"; exit 1; }
    # the second run maps the archive rather than writing it again
    [ -z "$written" ] || [ "$(stat -c %Y.%s target/app.jsa)" = "$written" ] \
        || { step "the second run with run.args wrote the archive again instead of mapping it"; exit 1; }
    written=$(stat -c %Y.%s target/app.jsa)
done
# the same run again, on another thread count, without the flags: the same state
again=$("$JAVA_HOME/bin/java" -jar target/walkers-demo.jar run walkers --size 96x64 --steps 30 --threads 1 --quiet)
[ "$(grep checksum <<< "$out")" = "$(grep checksum <<< "$again")" ] \
    || { step "the checksum differs between runs: $(grep checksum <<< "$again")"; exit 1; }

step "the driver"
driver=$("$JAVA_HOME/bin/java" @jvm.args -cp target/walkers-demo.jar org.example.walkers.Walkers --threads=2)
grep -q checksum <<< "$driver" || { step "the driver printed no checksum"; exit 1; }
step "passed"
