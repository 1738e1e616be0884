#!/usr/bin/env bash
# Runs on a machine with two or more GPUs, with the .gpu/ folder of scripts/gpu-bundle.sh: the NCCL self-check,
# the partitioned GPU tests, CLI runs on 1 and N GPUs and the scaling benchmark, logs under $OUT (or
# ./gpu-out), a short summary last. NCCL_NVLS_ENABLE stays 0: NVLink multicast is left off on these machines.
set -uo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-gpu-out}
mkdir -p "$out"
export NCCL_NVLS_ENABLE=0
export PATH="$PWD/.gpu/jre/bin:$PATH"
export COLONY_CUDA_CACHE=${COLONY_CUDA_CACHE:-/tmp/colony-cuda-cache}
devices=${DEVICES:-2}
java_opts=(--enable-native-access=ALL-UNNAMED --add-modules jdk.incubator.vector -Xmx100g)
cp_app=".gpu/app/examples.jar:$(ls .gpu/app/*.jar | grep -v benchmarks.jar | tr '\n' ':')"
{ nvidia-smi --query-gpu=index,name,memory.total,driver_version --format=csv; nvidia-smi topo -m; } \
    > "$out/machine.log" 2>&1

echo "== NCCL self-check" | tee "$out/nccl.log"
java "${java_opts[@]}" -cp "$cp_app" org.colony.cuda.tools.NcclCheck "$devices" >> "$out/nccl.log" 2>&1
tail -20 "$out/nccl.log"

echo "== hand-off to the partitions' threads" | tee "$out/handoff.log"
java "${java_opts[@]}" -cp .gpu/app/benchmarks.jar org.colony.benchmarks.partition.SideBySideLatency "$devices" \
    >> "$out/handoff.log" 2>&1
tail -8 "$out/handoff.log"

echo "== partitioned GPU tests" | tee "$out/tests.log"
java "${java_opts[@]}" -jar .gpu/junit-console.jar execute --disable-banner --details=tree \
    --exclude-engine=junit-vintage --exclude-engine=junit-platform-suite \
    -cp ".gpu/app/tests.jar:$cp_app" --select-class=org.colony.tests.cuda.PartitionedGpuTest \
    --select-class=org.colony.tests.cuda.PartitionedAgentsGpuTest \
    --select-class=org.colony.tests.cuda.CudaExamplesTest >> "$out/tests.log" 2>&1
grep -E "tests (successful|failed|skipped)|✘|Exception" "$out/tests.log" | head -30

echo "== model runs" | tee "$out/runs.log"
run() { java "${java_opts[@]}" -cp "$cp_app" org.colony.runtime.cli.Main run "$@" --quiet 2>&1 | tee -a "$out/runs.log"; }
run heat2d --backend cuda --size 8192 --steps 500
run heat2d --backend cuda --size 8192 --steps 500 --devices "$devices"
run gameoflife --backend cuda --size 8192 --steps 500
run gameoflife --backend cuda --size 8192 --steps 500 --devices "$devices"
run sugarscape --backend cuda --size 6000 --steps 300
run sugarscape --backend cuda --size 6000 --steps 300 --devices "$devices"

echo "== scaling" | tee "$out/scaling.log"
java "${java_opts[@]}" -cp .gpu/app/benchmarks.jar org.colony.benchmarks.cuda.ScalingBenchmark \
    --devices="$devices" "$@" >> "$out/scaling.log" 2>&1
tail -3 "$out/scaling.log"
if [ -n "${COMPARE_SPLIT:-}" ]; then
    # The same strong/weak figures with steps never split into interior and border: what the overlap brings.
    java "${java_opts[@]}" -Dcolony.partitions.split=never -cp .gpu/app/benchmarks.jar \
        org.colony.benchmarks.cuda.ScalingBenchmark --devices="$devices" > "$out/scaling-nosplit.log" 2>&1
fi

echo
echo "== summary"
grep -E "PASS|FAIL" "$out/nccl.log" | tail -3
grep -E "tests (successful|failed|skipped)" "$out/tests.log"
grep -E "^(heat2d|gameoflife|sugarscape) on|per step|checksum" "$out/runs.log"
sed -n '/^what /,$p' "$out/scaling.log"
if [ -f "$out/scaling-nosplit.log" ]; then
    echo "-- without splitting steps (-Dcolony.partitions.split=never)"
    sed -n '/^what /,$p' "$out/scaling-nosplit.log"
fi
