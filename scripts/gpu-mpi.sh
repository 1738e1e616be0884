#!/usr/bin/env bash
# Runs on a GPU machine with the .gpu/ folder of scripts/gpu-bundle.sh and Open MPI: Colony over MPI ranks, each
# run against one process in the same session, checksums and ms per step side by side. Logs under $OUT (or
# ./gpu-out), a short table last.
#   scripts/gpu-mpi.sh [gpu] [gpus] [cpu] [pingpong]
#     gpu       one GPU: 2 ranks sharing it (messages staged through the host) against 1 rank
#     gpus      two GPUs or more: 2 ranks with a GPU each (NCCL between processes) against one process --devices 2
#     cpu       no GPU needed, 16 cores: the transport's cost (K ranks against K partitions in one process) and
#               the CPU scaling over 1, 2, 4, 8 ranks x 2 threads against one process of 16 threads
#     graphs    SIR on a graph of 10^6 vertices and walkers on a road lattice of 10^6 junctions: one GPU,
#               --devices 2, 2 ranks with a GPU each, 2 CPU ranks
#     pingpong  the binding's cost: scripts/mpi-pingpong.sh, C and Java, shared memory
set -uo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-gpu-out}
mkdir -p "$out"
export PATH="$PWD/.gpu/jre/bin:$PATH"
export COLONY_CUDA_CACHE="${COLONY_CUDA_CACHE:-$out/cache}"
export NCCL_NVLS_ENABLE=0
export OMPI_MCA_btl_vader_single_copy_mechanism=none
java_opts=(--enable-native-access=ALL-UNNAMED --add-modules jdk.incubator.vector -Xmx24g)
cp_app=".gpu/app/examples.jar:$(ls .gpu/app/*.jar | grep -v benchmarks.jar | tr '\n' ':')"
mpi=(mpirun --oversubscribe --bind-to none -x PATH -x COLONY_CUDA_CACHE -x NCCL_NVLS_ENABLE)
[ "$(id -u)" -ne 0 ] || mpi+=(--allow-run-as-root)
table="$out/table.txt"
runs="$out/runs.tsv" # part, label, ranks, ms per step, checksum: mpi.json is made from it at the end
: > "$table"
: > "$runs"
part=""
{ nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv; java -version; mpirun --version; nproc; } \
    2>&1 | tee "$out/machine.log"

# one LABEL RANKS ARGS...: runs `mass run ARGS` in one process (RANKS = 0) or under mpirun -np RANKS, logs it and
# adds a row to the table.
one() {
    local label=$1 ranks=$2 log
    shift 2
    log="$out/$(echo "$label" | tr -c 'a-zA-Z0-9\n' '_').log"
    if [ "$ranks" -eq 0 ]; then
        java "${java_opts[@]}" -cp "$cp_app" org.colony.runtime.cli.Main run "$@" --quiet > "$log" 2>&1
    else
        timeout 300 "${mpi[@]}" -np "$ranks" java "${java_opts[@]}" -cp "$cp_app" org.colony.runtime.cli.Main run \
            "$@" --quiet > "$log" 2>&1
    fi
    local status=$?
    local per ms
    per=$(grep -m1 '^per step' "$log" | awk '{print $3, $4}')
    ms=$(echo "$per" | awk '{v = $1; if ($2 == "us") v /= 1000; else if ($2 == "s") v *= 1000; print v}')
    [ $status -ne 0 ] || printf '%s\t%s\t%s\t%s\t%s\n' "$part" "$label" "$ranks" "$ms" \
        "$(grep -m1 '^checksum' "$log" | cut -c11-)" >> "$runs"
    printf '%-44s %-14s %s\n' "$label" "$(grep -m1 '^per step' "$log" | awk '{print $3, $4}')" \
        "$(grep -m1 '^checksum' "$log" | cut -c11-) $( [ $status -eq 0 ] || echo "FAILED ($status)")" | tee -a "$table"
    grep -h "colony:\|error" "$log" | head -3
}

for part in "${@:-gpu}"; do
    case "$part" in
    gpu)
        echo "== one GPU: 2 ranks sharing it against 1 rank" | tee -a "$table"
        export CUDA_VISIBLE_DEVICES=0 # one GPU even on a machine with more (the ranks inherit it)
        one "heat2d 6000 cuda 1 process" 0 heat2d --backend cuda --size 6000 --steps 300
        one "heat2d 6000 cuda 1 rank" 1 heat2d --backend cuda --size 6000 --steps 300
        one "heat2d 6000 cuda 2 ranks, 1 GPU" 2 heat2d --backend cuda --size 6000 --steps 300
        one "sugarscape 2000 cuda 1 process" 0 sugarscape --backend cuda --size 2000 --steps 100
        one "sugarscape 2000 cuda 2 ranks, 1 GPU" 2 sugarscape --backend cuda --size 2000 --steps 100
        one "wolfsheep 301 cuda 1 process" 0 wolfsheep --backend cuda --size 301 --steps 100
        one "wolfsheep 301 cuda 2 ranks, 1 GPU" 2 wolfsheep --backend cuda --size 301 --steps 100
        one "wolfsheep 301 cpu 1 process" 0 wolfsheep --backend cpu --size 301 --steps 100
        ;;
    gpus)
        unset CUDA_VISIBLE_DEVICES
        echo "== two GPUs: a rank each (NCCL between processes) against one process --devices 2" | tee -a "$table"
        one "heat2d 16000 cuda --devices 2" 0 heat2d --backend cuda --size 16000 --steps 300 --devices 2
        one "heat2d 16000 cuda 2 ranks, 2 GPUs" 2 heat2d --backend cuda --size 16000 --steps 300
        one "sugarscape 6000 cuda --devices 2" 0 sugarscape --backend cuda --size 6000 --steps 100 --devices 2
        one "sugarscape 6000 cuda 2 ranks, 2 GPUs" 2 sugarscape --backend cuda --size 6000 --steps 100
        one "wolfsheep 301 cuda --devices 2" 0 wolfsheep --backend cuda --size 301 --steps 100 --devices 2
        one "wolfsheep 301 cuda 2 ranks, 2 GPUs" 2 wolfsheep --backend cuda --size 301 --steps 100
        ;;
    graphs)
        unset CUDA_VISIBLE_DEVICES
        echo "== SIR on ba:1000000:10: METIS partitions, ghosts between GPUs and ranks" | tee -a "$table"
        one "sir cuda 1 GPU" 0 sir --backend cuda --graph ba:1000000:10 --steps 100
        one "sir cuda --devices 2" 0 sir --backend cuda --graph ba:1000000:10 --steps 100 --devices 2
        one "sir cuda 2 ranks, 2 GPUs" 2 sir --backend cuda --graph ba:1000000:10 --steps 100
        one "sir cpu 1 process 8 threads" 0 sir --backend cpu --graph ba:1000000:10 --steps 100 --threads 8
        one "sir cpu 2 ranks x 4 threads" 2 sir --backend cpu --graph ba:1000000:10 --steps 100 --threads 4
        echo "== the road network's walkers on lattice:1000x1000: moves along edges between GPUs and ranks" \
            | tee -a "$table"
        one "roads cuda 1 GPU" 0 roads --backend cuda --size 1000x1000 --steps 200
        one "roads cuda --devices 2" 0 roads --backend cuda --size 1000x1000 --steps 200 --devices 2
        one "roads cuda 2 ranks, 2 GPUs" 2 roads --backend cuda --size 1000x1000 --steps 200
        one "roads cpu 1 process 8 threads" 0 roads --backend cpu --size 1000x1000 --steps 200 --threads 8
        one "roads cpu 2 ranks x 4 threads" 2 roads --backend cpu --size 1000x1000 --steps 200 --threads 4
        ;;
    cpu)
        echo "== the transport's cost: 4 ranks x 1 thread against 1 process, 4 partitions x 4 threads" | tee -a "$table"
        one "heat2d 2048 cpu 1 process 4 partitions" 0 heat2d --backend cpu --size 2048 --steps 300 --partitions 4 --threads 4
        one "heat2d 2048 cpu 4 ranks x 1 partition" 4 heat2d --backend cpu --size 2048 --steps 300 --threads 1
        one "sugarscape 1000 cpu 1 process 4 partitions" 0 sugarscape --backend cpu --size 1000 --steps 200 --partitions 4 --threads 4
        one "sugarscape 1000 cpu 4 ranks x 1 partition" 4 sugarscape --backend cpu --size 1000 --steps 200 --threads 1
        echo "== CPU scaling, 8 partitions: ranks x 2 threads against 1 process x 16 threads" | tee -a "$table"
        one "heat2d 8192 cpu 1 process x 16 threads" 0 heat2d --backend cpu --size 8192 --steps 40 --partitions 8 --threads 16
        for n in 1 2 4 8; do
            one "heat2d 8192 cpu $n ranks x 2 threads" "$n" heat2d --backend cpu --size 8192 --steps 40 --partitions 8 --threads 2
        done
        one "sugarscape 3000 cpu 1 process x 16 threads" 0 sugarscape --backend cpu --size 3000 --steps 40 --partitions 8 --threads 16
        for n in 1 2 4 8; do
            one "sugarscape 3000 cpu $n ranks x 2 threads" "$n" sugarscape --backend cpu --size 3000 --steps 40 --partitions 8 --threads 2
        done
        ;;
    pingpong)
        echo "== the binding's cost: C and Java, 2 ranks, shared memory (latency µs, MB/s)" | tee -a "$table"
        JAVA="$PWD/.gpu/jre/bin/java" COLONY_CP="$cp_app" bash scripts/mpi-pingpong.sh --bind-to core \
            2>"$out/pingpong.err" | tee "$out/pingpong.log" | tee -a "$table"
        ;;
    *) echo "gpu-mpi: unknown part $part" >&2; exit 2 ;;
    esac
done

# mpi.json for ./mass bench --report (copy it to benchmarks/results/mpi/): each run under mpirun against the run
# in one process before it in the same part with the same model and size.
machine="$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | sort | uniq -c \
    | awk '{n = $1; $1 = ""; printf "%s%s x%s", (NR > 1 ? ", " : ""), n, $0}'), $(nproc) cores"
awk -F'\t' -v machine="$machine" -v date="$(date +%F)" '
    function q(s) { gsub(/"/, "\\\"", s); return "\"" s "\"" }
    BEGIN { printf "{\"kind\": \"mpi\", \"machine\": %s, \"date\": %s, \"rows\": [", q(machine), q(date) }
    { split($2, w, " "); key = $1 "/" w[1] " " w[2] }
    $3 == 0 { ref[key] = $2; refMs[key] = $4; refSum[key] = $5; next }
    key in ref {
        printf "%s\n {\"group\": %s, \"what\": %s, \"ranks\": %s, \"ms\": %s, \"reference\": %s, \"referenceMs\": %s, \"sameChecksum\": %s}",
            (n++ ? "," : ""), q($1), q($2), q($3), $4, q(ref[key]), refMs[key], ($5 == refSum[key] ? "true" : "false")
    }
    END { print "]}" }' "$runs" > "$out/mpi.json"

echo
echo "== summary"
cat "$table"
