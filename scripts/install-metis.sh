#!/usr/bin/env bash
# Makes METIS 5 usable for graph partitioning (org.colony.runtime.graph): libmetis.so.5, which Colony calls
# through java.lang.foreign; no header and no compiler are needed.
#   scripts/install-metis.sh
# Prints nothing and exits 0 when it is present. Otherwise, as root (or with passwordless sudo) on a machine with
# apt-get, installs the Debian/Ubuntu package and says so in one line; elsewhere it names the package to install in
# one line and exits 1. Safe to run again.
set -euo pipefail

have_libmetis() {
    # ldconfig lives in /sbin, which a user's PATH may lack.
    PATH="$PATH:/sbin:/usr/sbin" ldconfig -p 2>/dev/null | grep 'libmetis\.so\.5 ' >/dev/null
}

missing=()
if ! have_libmetis; then
    missing+=(libmetis5)
fi
[ ${#missing[@]} -eq 0 ] && exit 0

# shellcheck source=scripts/apt-install.sh
. "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh"
apt_install_or_explain install-metis "graph partitioning with METIS needs libmetis.so.5 (METIS 5.1, 32-bit idx_t)" "${missing[@]}"
