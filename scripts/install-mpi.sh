#!/usr/bin/env bash
# Makes Open MPI usable for the MPI tests and benchmarks: mpirun and libmpi.so.40 (Open MPI 4.x), plus
# iproute2's `ip` for the two-host test (scripts/mpi-two-hosts.sh).
#   scripts/install-mpi.sh
# Prints nothing and exits 0 when all are present. Otherwise, as root (or with passwordless sudo) on a
# machine with apt-get, installs the missing Debian/Ubuntu packages and says so in one line; elsewhere it
# names the packages to install in one line and exits 1. Safe to run again.
set -euo pipefail

have_libmpi() {
    # ldconfig lives in /sbin, which a user's PATH may lack.
    PATH="$PATH:/sbin:/usr/sbin" ldconfig -p 2>/dev/null | grep 'libmpi\.so\.40 ' >/dev/null
}

missing=()
if ! command -v mpirun >/dev/null 2>&1 || ! have_libmpi; then
    missing+=(openmpi-bin libopenmpi-dev)
fi
if ! command -v ip >/dev/null 2>&1; then
    missing+=(iproute2)
fi
[ ${#missing[@]} -eq 0 ] && exit 0

as_root=()
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        as_root=(sudo -n)
    else
        as_root=(none)
    fi
fi
if [ "${as_root[0]:-}" = none ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "install-mpi: the MPI tests need Open MPI 4.x (mpirun, libmpi.so.40) and ip; install the packages ${missing[*]} (Debian/Ubuntu: sudo apt-get install ${missing[*]})" >&2
    exit 1
fi

apt_install() {
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

# The package lists may be missing or stale (a fresh container); refresh them only when an install fails.
if ! apt_install 2>/dev/null; then
    "${as_root[@]}" apt-get update -qq >/dev/null
    apt_install
fi
echo "install-mpi: installed ${missing[*]} with apt-get"
