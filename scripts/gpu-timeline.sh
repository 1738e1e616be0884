#!/usr/bin/env bash
# A timeline of the device work of one command (kernels, copies and sets on the device, CUDA driver calls on the
# host), through CUPTI, for GPU machines without Nsight Systems. See docs/profiling.md, "A timeline of the device".
#   scripts/gpu-timeline.sh build                  # here, where the CUDA toolkit is: .gpu/timeline/ (send with .gpu)
#   scripts/gpu-timeline.sh record OUT.csv CMD...   # on the GPU machine: runs CMD, writes its timeline to OUT.csv
#   scripts/gpu-timeline.sh summary OUT.csv [--from 0.5] [--top 20]   # anywhere with python3
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
build)
    cuda=${CUDA_HOME:-/usr/local/cuda}
    lib=$(ls "$cuda"/extras/CUPTI/lib64/libcupti.so.* "$cuda"/lib64/libcupti.so.* "$cuda"/lib/libcupti.so.* \
        2>/dev/null | grep -v '\.so\.[0-9]*\.[0-9]' | head -1 || true)
    inc=$(dirname "$(ls "$cuda"/extras/CUPTI/include/cupti.h "$cuda"/include/cupti.h 2>/dev/null | head -1)")
    if [ -z "$lib" ] || [ ! -f "$inc/cupti.h" ]; then
        echo "gpu-timeline: no CUPTI under $cuda (set CUDA_HOME to the CUDA toolkit)" >&2
        exit 1
    fi
    mkdir -p .gpu/timeline
    gcc -shared -fPIC -O2 -Wall -o .gpu/timeline/libtimeline.so scripts/gpu-timeline/timeline.c -I"$inc" \
        -L"$(dirname "$lib")" -l:"$(basename "$lib")" -Wl,-rpath,'$ORIGIN'
    cp "$lib" .gpu/timeline/
    cp scripts/gpu-timeline/summary.py .gpu/timeline/
    echo "built .gpu/timeline/ ($(du -sh .gpu/timeline | cut -f1)) against $(basename "$lib")"
    ;;
record)
    out=${2:?"record OUT.csv CMD..."}
    shift 2
    [ -f .gpu/timeline/libtimeline.so ] || { echo "gpu-timeline: build it first (scripts/gpu-timeline.sh build)" >&2; exit 1; }
    here=$PWD/.gpu/timeline
    CUDA_INJECTION64_PATH=$here/libtimeline.so LD_LIBRARY_PATH=$here${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} \
        TIMELINE_OUT=$out "$@"
    ;;
summary)
    shift
    python3 scripts/gpu-timeline/summary.py "$@"
    ;;
*)
    sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
