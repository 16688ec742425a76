#!/usr/bin/env bash
# Paired timing of grundy-octal against Piotr Beling's `ogsolve` (issue 4).
#
#   benches/scripts/octal_vs_ogsolve.sh [N]
#
# For each of the six codes 0.137, 0.77, 0.6, 0.007, 0.16 and 4.07 it runs, back to back on the
# same machine:
#
#   ogsolve -m METHOD -n N CODE    ogsolve's best method for the code (the issue's list:
#                                  naive for 0.137, rc2 for 0.77 and 4.07, rc otherwise); it
#                                  computes the full table G(0..=N) and has no way to stop at a
#                                  proved period, so this one run is its time in both modes;
#   table CODE N raw               ours, every value of G(0..=N) computed from its options, no
#                                  period used (Method::RareCommon): the raw speed;
#   table CODE N certified         ours, values computed only until the periodicity theorem
#                                  proves a period (then every G(h) is known); without a proof
#                                  within N + 1 values, the full table by Method::Fast.
#
# and prints a markdown table of wall-clock seconds (`/usr/bin/time -f %e`, so process start
# and output are included for both tools) and the ratios ours / ogsolve. Each triple is
# repeated REPEAT times (default 3) when ogsolve takes under 20 s, once otherwise, and the
# medians are shown. The values are cross-checked: G(N) and the share of losing positions
# printed by both tools must agree.
#
# Environment:
#   REPEAT=k              repetitions of the quick codes (default 3)
#   OCTAL_N="0.007=200000 0.6=500000"
#                         per-code N overriding the argument (0.007 is near-quadratic in both
#                         tools: about 10 minutes each at N = 10^6 on a small machine)
#   CODES="0.6 4.07"      a subset of the codes
#   CARGO_TARGET_DIR      where to build (default: the workspace's target/)
set -euo pipefail

N_DEFAULT=${1:-1000000}
REPEAT=${REPEAT:-3}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
PEERS=/tmp/peers
OGSOLVE=$PEERS/bin/ogsolve
if [[ ! -x $OGSOLVE ]]; then
    echo "installing ogsolve into $PEERS" >&2
    cargo install --root "$PEERS" ogsolve >&2
fi
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
(cd "$ROOT" && cargo build --quiet --release -p grundy-octal --example table) >&2
TABLE=$CARGO_TARGET_DIR/release/examples/table

declare -A METHOD=([0.137]=naive [0.77]=rc2 [0.6]=rc [0.007]=rc [0.16]=rc [4.07]=rc2)
CODES=${CODES:-"0.137 0.77 0.6 0.007 0.16 4.07"}

# N for a code: from OCTAL_N if listed there, else the argument.
n_for() {
    local pair
    for pair in ${OCTAL_N:-}; do
        if [[ ${pair%%=*} == "$1" ]]; then
            echo "${pair#*=}"
            return
        fi
    done
    echo "$N_DEFAULT"
}

# Runs a command, its output to the file $1, and prints its wall-clock seconds.
timed() {
    local out=$1
    shift
    /usr/bin/time -f %e -o "$out.time" "$@" >"$out" 2>&1
    cat "$out.time"
}

median() {
    printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

ratio() {
    awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "n/a" }'
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "machine: $(nproc) cores, $(uname -sr); load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "ogsolve: $($OGSOLVE --version 2>/dev/null || echo unknown)"
echo
echo "| code | N | ogsolve method | ogsolve s | ours raw s | raw ratio | ours certified s | certified ratio | certified stops at | G(N) both | runs |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
status=0
for code in $CODES; do
    n=$(n_for "$code")
    method=${METHOD[$code]}
    og=() raw=() cert=()
    runs=0
    while :; do
        og+=("$(timed "$work/og" "$OGSOLVE" -m "$method" -n "$n" "$code")")
        raw+=("$(timed "$work/raw" "$TABLE" "$code" "$n" raw)")
        cert+=("$(timed "$work/cert" "$TABLE" "$code" "$n" certified)")
        runs=$((runs + 1))
        if ((runs >= REPEAT)) || awk -v t="${og[0]}" 'BEGIN { exit !(t >= 20) }'; then
            break
        fi
    done
    # Cross-check the values: G(N) and the share of losing positions among 0..=N.
    og_g=$(sed -n 's/.*nimber of [0-9]*: \([0-9]*\).*/\1/p' "$work/og")
    og_l=$(sed -n 's/.*losing positions: \([0-9.]*\)%.*/\1/p' "$work/og")
    ours_g=$(sed -n "s/.* G($n) \([0-9]*\) .*/\1/p" "$work/raw")
    ours_l=$(sed -n 's/.* losing \([0-9.]*\)% .*/\1/p' "$work/raw")
    cert_g=$(sed -n "s/.* G($n) \([0-9]*\) .*/\1/p" "$work/cert")
    if [[ -z $og_g || $og_g != "$ours_g" || $og_g != "$cert_g" || $og_l != "$ours_l" ]]; then
        agree="DIFFER: ogsolve $og_g ($og_l%), ours $ours_g ($ours_l%) / $cert_g"
        status=1
    else
        agree="$og_g ($og_l% losing)"
    fi
    stops=$(sed -n 's/.* computed \([0-9]*\) .*/\1/p' "$work/cert")
    period=$(sed -n 's/.* period \([0-9]*\) preperiod \([0-9]*\) .*/p = \1, n0 = \2/p' "$work/cert")
    if [[ -n $period ]]; then
        stops="$stops values ($period)"
    else
        stops="$stops values (no period proved)"
    fi
    o=$(median "${og[@]}") r=$(median "${raw[@]}") c=$(median "${cert[@]}")
    echo "| $code | $n | $method | $o | $r | $(ratio "$r" "$o") | $c | $(ratio "$c" "$o") | $stops | $agree | $runs |"
done
echo
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
