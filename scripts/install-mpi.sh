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

# shellcheck source=scripts/apt-install.sh
. "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh"
apt_install_or_explain install-mpi "the MPI tests need Open MPI 4.x (mpirun, libmpi.so.40) and ip" "${missing[@]}"
