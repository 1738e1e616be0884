#!/usr/bin/env bash
# MPI message latency and bandwidth between two ranks: the C reference for the cost of Colony's Java binding.
#   scripts/mpi-pingpong.sh [MPIRUN ARGS...] [-- -t SECONDS]
# Compiles benchmarks/src/main/c/mpi_pingpong.c with mpicc -O2 into benchmarks/target/mpi/ (when the source is
# newer) and runs it under mpirun -np 2 --oversubscribe (--allow-run-as-root as root); MPIRUN ARGS go to mpirun
# (--mca btl tcp,self measures TCP; the default is shared memory, vader), SECONDS (default 0.2) is the least
# time measured for each size.
#
# Output, one line a measurement, space-separated, nothing else on stdout:
#   <binding> <variant> <bytes> <latency µs> <bandwidth MB/s>
#   binding    c for the C program, java for Colony's binding and MPI transport (org.colony.runtime.cluster.PingPong)
#   variant    pingpong: MPI_Send/MPI_Recv there and back, latency = round trip / 2
#              exchange: both ranks post one MPI_Irecv and one MPI_Isend, then MPI_Waitall (what the MPI
#              transport does), latency = one iteration
#   bytes      8, 1024, 65536, 1048576, 16777216
#   bandwidth  bytes / latency, one direction, MB = 10^6 bytes
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

mpirun_args=()
program_args=()
while [ $# -gt 0 ]; do
    case "$1" in
        --) shift; program_args=("$@"); break ;;
        -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) mpirun_args+=("$1"); shift ;;
    esac
done

if ! command -v mpicc >/dev/null 2>&1 || ! command -v mpirun >/dev/null 2>&1; then
    echo "mpi-pingpong: mpicc and mpirun are needed; run scripts/install-mpi.sh" >&2
    exit 1
fi

source="$root/benchmarks/src/main/c/mpi_pingpong.c"
binary="$root/benchmarks/target/mpi/mpi_pingpong"
if [ ! -x "$binary" ] || [ "$source" -nt "$binary" ]; then
    mkdir -p "$(dirname "$binary")"
    mpicc -O2 -Wall -o "$binary" "$source"
fi

as_root=()
[ "$(id -u)" -ne 0 ] || as_root=(--allow-run-as-root)
mpirun "${as_root[@]}" --oversubscribe -np 2 "${mpirun_args[@]}" "$binary" "${program_args[@]}"

# The Java side, through Colony's binding and MPI transport: JAVA (default: the JDK that scripts/java-env.sh finds)
# and COLONY_CP (default: the examples' build, which holds the runtime) name what runs it; skipped when neither is
# there.
java="${JAVA:-}"
if [ -z "$java" ] && [ -f "$root/scripts/java-env.sh" ]; then
    # shellcheck source=scripts/java-env.sh
    . "$root/scripts/java-env.sh" && java="$JAVA_HOME/bin/java"
fi
cp="${COLONY_CP:-$root/examples/target/classes:$root/examples/target/lib/*}"
if [ -n "$java" ] && [ -x "$java" ] && compgen -G "$root/examples/target/lib/colony-runtime*.jar" >/dev/null \
        || [ -n "${COLONY_CP:-}" ]; then
    mpirun "${as_root[@]}" --oversubscribe -np 2 "${mpirun_args[@]}" "$java" --enable-native-access=ALL-UNNAMED \
        -cp "$cp" org.colony.runtime.cluster.PingPong "${program_args[@]}"
else
    echo "mpi-pingpong: no Java build to measure (./mass builds one); the C figures only" >&2
fi
