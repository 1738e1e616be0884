# Sourced by the install-*.sh scripts: installs Debian/Ubuntu packages the way they all do.
#   apt_install_or_explain NAME WHY PACKAGE...
# As root (or with passwordless sudo) on a machine with apt-get, installs the packages (refreshing the package lists
# only when an install fails: they may be missing or stale in a fresh container) and says so in one line as NAME;
# elsewhere it prints WHY and the packages to install in one line and exits 1.
apt_install_or_explain() {
    local name=$1 why=$2
    shift 2
    local as_root=()
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
            as_root=(sudo -n)
        else
            as_root=(none)
        fi
    fi
    if [ "${as_root[0]:-}" = none ] || ! command -v apt-get >/dev/null 2>&1; then
        echo "$name: $why; install the packages $* (Debian/Ubuntu: sudo apt-get install $*)" >&2
        exit 1
    fi
    if ! "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null 2>&1; then
        "${as_root[@]}" apt-get update -qq >/dev/null
        "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
    fi
    echo "$name: installed $* with apt-get"
}
