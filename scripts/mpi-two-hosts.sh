#!/usr/bin/env bash
# Runs a command under mpirun on two "hosts" of this one machine: two network namespaces joined by a veth
# pair, ranks started in both through Open MPI's remote launch, all MPI traffic over TCP between the two
# namespaces' own addresses (../shared/DESIGN.md §6, last bullet).
#   scripts/mpi-two-hosts.sh [--ranks N] [--timeout S] [--env NAME]... -- COMMAND [ARGS...]
#     --ranks N     ranks in all (default 2): ranks 0..ceil(N/2)-1 on host A, the rest on host B
#     --timeout S   mpirun is killed after S seconds (default 300); the script then exits 124
#     --env NAME    also export NAME to the ranks (PATH, JAVA_HOME, CLASSPATH, LD_LIBRARY_PATH, CI and
#                   every COLONY_* variable that is set are exported always)
# Exits with the command's status (mpirun's). Exits 77 with one line on stderr saying why when the
# namespaces cannot be made (not root, no `ip`, `ip netns` refused): tests report that as skipped.
# Says on stderr which namespaces and addresses it used; deletes them, and ends any process left in them,
# on every exit.
#
# How it works, and the Open MPI 4.1 details it relies on (checked with Debian's 4.1.4):
# * Namespaces colony-a-<pid> and colony-b-<pid>; the veth ends cva<pid>/cvb<pid> are created inside them,
#   so nothing is added to the machine's own network. Host A is 10.231.X.1, host B 10.231.X.2 (X from the
#   pid); as every pair of namespaces has its own routing, parallel runs cannot clash even on the same X.
# * mpirun runs inside A, so A's address is "this node" and A's ranks are started directly; only B is
#   launched through the agent. Open MPI calls the agent as `agent HOST ' orted' -mca ess '"env"' ...`: no
#   ssh options for a custom agent (any plm_rsh_args would come before HOST, so the agent skips arguments
#   up to the first known address), the remote command split into words that still carry the quotes meant
#   for a remote shell, so the agent runs `sh -c "$*"` as ssh would.
# * The agent starts host B's orted with only PATH, LD_LIBRARY_PATH and HOME of this environment, as a
#   login through ssh would; so B's ranks see only what mpirun exports with -x, as on a real second host.
# * Only the addresses of the veth subnet and each namespace's loopback exist inside the namespaces (no
#   other interface, no default route), so no other address can be contacted; btl_tcp_if_include and
#   oob_tcp_if_include name the subnet so that the BTL and the daemons' wire-up use it. PMIx clients reach
#   their own node's daemon over that namespace's loopback. plm_rsh_no_tree_spawn and routed direct keep
#   the daemons from launching or routing through each other (with two hosts they would not anyway).
# * --bind-to none: the two daemons share this machine's cores without knowing it, and each would bind
#   its first rank to core 0.
set -euo pipefail

usage() {
    sed -n '5,9p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit "$1"
}

ranks=2
timeout_s=300
exports=(PATH JAVA_HOME CLASSPATH LD_LIBRARY_PATH CI)
while [ $# -gt 0 ]; do
    case "$1" in
        --ranks|--timeout|--env)
            [ $# -ge 2 ] || { echo "mpi-two-hosts: $1 needs a value" >&2; exit 2; }
            case "$1" in
                --ranks) ranks=$2 ;;
                --timeout) timeout_s=$2 ;;
                --env) exports+=("$2") ;;
            esac
            shift 2 ;;
        --) shift; break ;;
        -h|--help) usage 0 ;;
        *) echo "mpi-two-hosts: unknown argument $1" >&2; usage 2 ;;
    esac
done
[ $# -gt 0 ] || { echo "mpi-two-hosts: no command given after --" >&2; usage 2; }
[[ "$ranks" =~ ^[1-9][0-9]*$ ]] || { echo "mpi-two-hosts: --ranks needs a positive whole number, not $ranks" >&2; exit 2; }
[[ "$timeout_s" =~ ^[1-9][0-9]*$ ]] || { echo "mpi-two-hosts: --timeout needs a positive whole number of seconds, not $timeout_s" >&2; exit 2; }

skip() {
    echo "mpi-two-hosts: skipped: $*" >&2
    exit 77
}
command -v mpirun >/dev/null 2>&1 || { echo "mpi-two-hosts: mpirun not found; run scripts/install-mpi.sh" >&2; exit 1; }
command -v ip >/dev/null 2>&1 || skip "iproute2's ip is not installed (scripts/install-mpi.sh installs it)"
[ "$(id -u)" -eq 0 ] || skip "network namespaces need root (uid $(id -u))"

ns_a=colony-a-$$
ns_b=colony-b-$$
if [ -e "/run/netns/$ns_a" ] || [ -e "/run/netns/$ns_b" ]; then
    # Left by a killed run whose pid this one now has.
    ns_a=$ns_a-$RANDOM
    ns_b=$ns_b-$RANDOM
fi
subnet_octet=$(( $$ % 254 + 1 ))
subnet=10.231.$subnet_octet.0/24
addr_a=10.231.$subnet_octet.1
addr_b=10.231.$subnet_octet.2
work=$(mktemp -d)
made=()

# shellcheck disable=SC2317 # called by the trap
cleanup() {
    local ns pids
    for ns in "${made[@]}"; do
        pids=$(ip netns pids "$ns" 2>/dev/null || true)
        if [ -n "$pids" ]; then
            # shellcheck disable=SC2086 # one pid a word
            kill -TERM $pids 2>/dev/null || true
            sleep 1
            # shellcheck disable=SC2086
            kill -KILL $pids 2>/dev/null || true
        fi
        ip netns del "$ns" 2>/dev/null || true
    done
    made=()
    rm -rf "$work"
}
run_pid=
# shellcheck disable=SC2317 # called by the traps
stop() {
    # mpirun, told through timeout, ends its ranks and host B's daemon itself; cleanup kills what stays.
    if [ -n "$run_pid" ] && kill -TERM "$run_pid" 2>/dev/null; then
        for _ in 1 2 3 4 5 6 7 8 9 10; do
            kill -0 "$run_pid" 2>/dev/null || break
            sleep 0.5
        done
    fi
    exit "$1"
}
trap cleanup EXIT
trap 'stop 130' INT
trap 'stop 143' TERM

for ns in "$ns_a" "$ns_b"; do
    error=$(ip netns add "$ns" 2>&1) || skip "ip netns add $ns failed: ${error:-no reason given}"
    made+=("$ns")
done
error=$(ip link add "cva$$" netns "$ns_a" type veth peer name "cvb$$" netns "$ns_b" 2>&1) \
    || skip "no veth pair between the namespaces: ${error:-no reason given}"
ip -n "$ns_a" addr add "$addr_a/24" dev "cva$$"
ip -n "$ns_b" addr add "$addr_b/24" dev "cvb$$"
for ns in "$ns_a" "$ns_b"; do
    ip -n "$ns" link set lo up
done
ip -n "$ns_a" link set "cva$$" up
ip -n "$ns_b" link set "cvb$$" up
error=$(ip netns exec "$ns_b" true 2>&1) || skip "ip netns exec refused: ${error:-no reason given}"

cat >"$work/agent" <<EOF
#!/bin/sh
# Open MPI's remote-launch agent for $addr_a ($ns_a) and $addr_b ($ns_b): agent [options] HOST COMMAND...
while [ \$# -gt 0 ]; do
    case "\$1" in
        $addr_a) ns=$ns_a; shift; break ;;
        $addr_b) ns=$ns_b; shift; break ;;
        *) shift ;;
    esac
done
[ -n "\${ns:-}" ] || { echo "mpi-two-hosts agent: no known host among its arguments" >&2; exit 255; }
exec ip netns exec "\$ns" env -i PATH="\$PATH" \${LD_LIBRARY_PATH:+LD_LIBRARY_PATH="\$LD_LIBRARY_PATH"} HOME="\${HOME:-/}" sh -c "\$*"
EOF
chmod +x "$work/agent"

slots_a=$(( (ranks + 1) / 2 ))
slots_b=$(( ranks - slots_a ))
echo "$addr_a slots=$slots_a" >"$work/hostfile"
[ "$slots_b" -eq 0 ] || echo "$addr_b slots=$slots_b" >>"$work/hostfile"

export_args=()
for name in "${exports[@]}" $(compgen -e | grep '^COLONY_' || true); do
    if [ -n "${!name+set}" ]; then
        export_args+=(-x "$name")
    fi
done

echo "mpi-two-hosts: host A $addr_a (netns $ns_a, ranks 0-$((slots_a - 1))), host B $addr_b (netns $ns_b$(
    [ "$slots_b" -eq 0 ] && echo ", no ranks" || echo ", ranks $slots_a-$((ranks - 1))")), TCP over $subnet" >&2

status=0
ip netns exec "$ns_a" timeout --kill-after=10 "$timeout_s" \
    mpirun --allow-run-as-root --oversubscribe --bind-to none -np "$ranks" --hostfile "$work/hostfile" \
        --mca plm_rsh_agent "$work/agent" --mca plm_rsh_no_tree_spawn 1 --mca routed direct \
        --mca btl tcp,self --mca btl_tcp_if_include "$subnet" --mca oob_tcp_if_include "$subnet" \
        "${export_args[@]}" "$@" &
run_pid=$!
wait "$run_pid" || status=$?
run_pid=
if [ "$status" -eq 124 ]; then
    echo "mpi-two-hosts: mpirun timed out after $timeout_s s" >&2
fi
exit "$status"
