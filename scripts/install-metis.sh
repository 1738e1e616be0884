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

as_root=()
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        as_root=(sudo -n)
    else
        as_root=(none)
    fi
fi
if [ "${as_root[0]:-}" = none ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "install-metis: graph partitioning with METIS needs libmetis.so.5 (METIS 5.1, 32-bit idx_t);" \
        "install the package ${missing[*]} (Debian/Ubuntu: sudo apt-get install ${missing[*]})" >&2
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
echo "install-metis: installed ${missing[*]} with apt-get"
