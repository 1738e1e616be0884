#!/usr/bin/env bash
# Runs on a GPU machine with the .gpu/ folder of scripts/gpu-bundle.sh: StrictMath's functions on the device
# (StrictMathGpuTest: 10^8 arguments per function against Java), the functional tests that use them (the model
# language's and the examples', on the GPU against plain Java), their throughput against CUDA's own functions
# (StrictMathBenchmark) and the Epidemic model at 9000^2, deterministic and fast mode. Logs under $OUT (or
# ./gpu-out), a short table last.
set -uo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-gpu-out}
mkdir -p "$out"
export PATH="$PWD/.gpu/jre/bin:$PATH"
export COLONY_CUDA_CACHE="${COLONY_CUDA_CACHE:-$out/cache}"
java_opts=(--enable-native-access=ALL-UNNAMED --add-modules jdk.incubator.vector -Xmx100g)
cp_app=".gpu/app/examples.jar:$(ls .gpu/app/*.jar | grep -v benchmarks.jar | tr '\n' ':')"
junit=(java "${java_opts[@]}" -jar .gpu/junit-console.jar execute --disable-banner --details=tree
    --exclude-engine=junit-vintage --exclude-engine=junit-platform-suite)
{ nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv; java -version; } 2>&1 | tee "$out/machine.log"

echo "== StrictMath on the device" | tee "$out/strictmath-tests.log"
"${junit[@]}" -cp ".gpu/app/cuda-backend-tests.jar:$cp_app" \
    --select-class=org.colony.cuda.internal.launch.StrictMathGpuTest >> "$out/strictmath-tests.log" 2>&1
grep -E "^strictmath on|tests (successful|failed|skipped)" "$out/strictmath-tests.log"

echo "== the functional tests that use them, on the GPU" | tee "$out/functional.log"
java "${java_opts[@]}" -Dcolony.test.backend=cuda -jar .gpu/junit-console.jar execute --disable-banner \
    --details=tree --exclude-engine=junit-vintage --exclude-engine=junit-platform-suite -cp ".gpu/app/tests.jar:.gpu/app/examples-tests.jar:$cp_app" \
    --select-class=org.colony.tests.lang.ArithmeticTest --select-class=org.colony.tests.lang.RandomIntrinsicsTest \
    --select-class=org.colony.tests.lang.MisuseTest --select-class=org.colony.examples.EpidemicTest \
    >> "$out/functional.log" 2>&1
grep -E "tests (successful|failed|skipped)|✘" "$out/functional.log" | head -40

echo "== throughput" | tee "$out/bench.log"
java "${java_opts[@]}" -cp ".gpu/app/cuda-backend-tests.jar:$cp_app" \
    org.colony.cuda.internal.launch.StrictMathBenchmark >> "$out/bench.log" 2>&1

echo "== Epidemic 9000^2 (two exp per cell and tick)" | tee "$out/runs.log"
run() { java "${java_opts[@]}" -cp "$cp_app" org.colony.runtime.cli.Main run "$@" 2>&1 | tee -a "$out/runs.log"; }
run epidemic --backend cuda --size 9000 --steps 200 --quiet
run epidemic --backend cuda --size 9000 --steps 200 --mode fast --quiet
echo "== Epidemic 1000^2, the CPU's checksum and the GPU's" | tee -a "$out/runs.log"
run epidemic --backend cpu --threads 16 --size 1000 --steps 100 --quiet
run epidemic --backend cuda --size 1000 --steps 100 --quiet

echo
echo "== summary"
grep -E "^strictmath on|tests (successful|failed|skipped)" "$out/strictmath-tests.log"
grep -E "tests (successful|failed|skipped)" "$out/functional.log"
sed -n '/^strictmath table/,$p' "$out/bench.log"
grep -E "^epidemic on|per step|checksum" "$out/runs.log"
