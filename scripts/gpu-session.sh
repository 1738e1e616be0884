#!/usr/bin/env bash
# Runs on a GPU machine with the .gpu/ folder of scripts/gpu-bundle.sh: the GPU tests, model runs and the
# GPU benchmarks, with logs under $OUT (or ./gpu-out) and a short summary last. COLONY_BENCH_SCOPE=quick (or
# full) also runs the JMH suite's GPU target.
set -uo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-gpu-out}
mkdir -p "$out"
export PATH="$PWD/.gpu/jre/bin:$PATH"
export COLONY_CUDA_CACHE="${COLONY_CUDA_CACHE:-$out/cache}"
java_opts=(--enable-native-access=ALL-UNNAMED --add-modules jdk.incubator.vector -Xmx100g)
cp_app=".gpu/app/examples.jar:$(ls .gpu/app/*.jar | grep -v benchmarks.jar | tr '\n' ':')"
{ nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv; java -version; } 2>&1 | tee "$out/machine.log"

# COLONY_GPU_PARTS picks what runs (default: all of tests functional runs bench).
parts=" ${COLONY_GPU_PARTS:-tests functional runs bench} "
part() { [[ "$parts" == *" $1 "* ]]; }

if part tests; then
echo "== GPU tests" | tee "$out/tests.log"
java "${java_opts[@]}" -jar .gpu/junit-console.jar execute --disable-banner --details=tree \
    --exclude-engine=junit-vintage --exclude-engine=junit-platform-suite \
    -cp ".gpu/app/tests.jar:.gpu/app/cuda-backend-tests.jar:$cp_app" --select-class=org.colony.tests.cuda.CudaExamplesTest \
    --select-class=org.colony.tests.cuda.CudaMisuseTest --select-class=org.colony.tests.cuda.CudaGraphsTest \
    --select-class=org.colony.tests.agents.CudaAgentMemoryTest --select-class=org.colony.tests.cuda.PartitionedGpuTest \
    --select-class=org.colony.tests.cuda.PartitionedAgentsGpuTest --select-class=org.colony.tests.cuda.BoundarySplitGpuTest \
    --select-class=org.colony.tests.cuda.KernelSeamTest --select-class=org.colony.tests.cuda.TimeSeriesGpuTest \
    --select-class=org.colony.tests.cuda.DeviceStatisticsGpuTest \
    --select-package=org.colony.cuda \
    2>&1 | tee -a "$out/tests.log" | tail -80
fi

# The trimmed runtime has no java.desktop (image writing), so the snapshot tests stay on the CPU machines.
# The MPI, command-line and watchdog tests start processes on the test's class path (the console launcher's here)
# or run ./mass from the checkout: they stay on the CPU machines too.
if part functional; then
echo "== the functional tests and the examples' tests, on the GPU against their plain-Java references" | tee "$out/functional.log"
java "${java_opts[@]}" -Dcolony.test.backend=cuda -jar .gpu/junit-console.jar execute --disable-banner \
    --details=tree --exclude-engine=junit-vintage --exclude-engine=junit-platform-suite \
    -cp ".gpu/app/tests.jar:.gpu/app/examples-tests.jar:$cp_app" --select-package=org.colony.tests \
    --select-package=org.colony.examples --exclude-package=org.colony.tests.cuda \
    --exclude-package=org.colony.tests.architecture --exclude-package=org.colony.tests.mpi --exclude-package=org.colony.tests.cli --exclude-classname='.*WatchdogTest' --exclude-package=org.colony.tests.docs --exclude-classname='.*SnapshotTest' \
    >> "$out/functional.log" 2>&1
grep -E "tests (successful|failed|skipped)|✘" "$out/functional.log" | head -60
fi

if part runs; then
echo "== model runs" | tee "$out/runs.log"
run() { java "${java_opts[@]}" -cp "$cp_app" org.colony.runtime.cli.Main run "$@" --quiet 2>&1 | tee -a "$out/runs.log"; }
cold=$(mktemp -d)
COLONY_CUDA_CACHE="$cold" run heat2d --backend cuda --size 100 --steps 10
COLONY_CUDA_CACHE="$cold" run heat2d --backend cuda --size 100 --steps 10
rm -rf "$cold"
run heat2d --backend cuda --size 1000 --steps 3000
run heat2d --backend cpu --threads 16 --size 1000 --steps 300
run gameoflife --backend cuda --size 1000 --steps 1000
run sugarscape --backend cuda --size 1000 --steps 100
run sugarscape --backend cuda --size 3000 --steps 100
run wolfsheep --backend cuda --size 200 --steps 300
fi

if part bench; then
echo "== benchmarks" | tee "$out/bench.log"
java "${java_opts[@]}" -cp .gpu/app/benchmarks.jar org.colony.benchmarks.cuda.GpuBenchmark --largest "$@" 2>&1 | tee -a "$out/bench.log"
fi

if [ -n "${COLONY_BENCH_SCOPE:-}" ]; then
    # The JMH suite on the GPU (quick or full); its result files go to $out/results/gpu/: copy that folder to
    # benchmarks/results/gpu/ in a checkout and run ./mass bench --report there to fold them into docs/benchmarks.md.
    echo "== suite" | tee "$out/suite.log"
    COLONY_BENCH_JAR=.gpu/app/benchmarks.jar scripts/bench.sh --scope "$COLONY_BENCH_SCOPE" --target gpu \
        --results "$out/results" 2>&1 | tee -a "$out/suite.log" | grep -E "^(bench|Benchmark|.*(step|init|total) )"
fi

echo
echo "== summary"
grep -E "tests (successful|failed|skipped)|tests found" "$out/tests.log" 2>/dev/null
grep -E "tests (successful|failed|skipped)|tests found" "$out/functional.log"
grep -E "^(heat2d|gameoflife|sugarscape|wolfsheep) on|^step 1 |per step|startup|checksum" "$out/runs.log"
sed -n '/^measurement/,$p' "$out/bench.log"
