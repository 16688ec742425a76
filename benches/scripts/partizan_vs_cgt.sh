#!/usr/bin/env bash
# Paired timing of grundy-partizan against the `cgt` crate (cgt-tools) on Domineering (issue 20).
#
#   benches/scripts/partizan_vs_cgt.sh [ROWSxCOLS ...]      (default: 4x4 4x6 5x5 4x7)
#
# For each empty rectangular board it runs, back to back and alternating, REPEAT times
# (default 3):
#
#   cgt-domineering ROWS COLS      cgt 0.11's `PartizanGame::canonical_form` on its
#                                  `Domineering` (Left vertical, as ours), with its
#                                  `ParallelTranspositionTable`, default features (one thread);
#   domineering ROWS COLS          ours: `grundy_partizan::solve::Solver` on
#                                  `grundy_benches::Domineering` (benches/examples/domineering.rs).
#
# Neither is vendored: cgt is fetched from crates.io by cargo into a driver of 30 lines written
# below into $PEERS/cgt-domineering (outside the repository; cgt is AGPL-3.0) and built there.
# Both programs print the time of the solve alone (process start and printing excluded); the
# script also records wall-clock seconds (`/usr/bin/time -f %e`). It prints a markdown table of
# medians and the ratios ours / cgt, and checks the values: cgt's canonical form (printed in
# its own notation) is parsed into our store and must be the same game as ours (exit 1 if not).
#
# Environment:
#   REPEAT=k              repetitions per board (default 3; boards where cgt takes over 20 s
#                         run once)
#   PEERS=/tmp/peers      where the cgt driver is built
#   CARGO_TARGET_DIR      where to build ours (default: the workspace's target/)
set -euo pipefail

REPEAT=${REPEAT:-3}
BOARDS=${*:-"4x4 4x6 5x5 4x7"}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
PEERS=${PEERS:-/tmp/peers}
DRIVER=$PEERS/cgt-domineering
CGT=$PEERS/target/release/cgt-domineering
if [[ ! -x $CGT ]]; then
    echo "building the cgt driver in $DRIVER" >&2
    mkdir -p "$DRIVER/src"
    cat >"$DRIVER/Cargo.toml" <<'TOML'
[package]
name = "cgt-domineering"
version = "0.1.0"
edition = "2024"
publish = false

[dependencies]
cgt = "=0.11.0"

[profile.release]
debug = 1
TOML
    cat >"$DRIVER/src/main.rs" <<'RUST'
//! Canonical form of an empty Domineering rectangle with the `cgt` crate (cgt-tools).
//! Usage: cgt-domineering ROWS COLS
//! Prints: `value <canonical form>` and `time <seconds> s` (the solve only, not process start).
use cgt::short::partizan::games::domineering::Domineering;
use cgt::short::partizan::partizan_game::PartizanGame;
use cgt::short::partizan::transposition_table::ParallelTranspositionTable;
use std::str::FromStr;
use std::time::Instant;

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).map(|a| a.parse().expect("a number")).collect();
    let (rows, cols) = (args[0], args[1]);
    let text = vec![".".repeat(cols); rows].join("|");
    let position: Domineering = Domineering::from_str(&text).expect("a board of at most 64 cells");
    let clock = Instant::now();
    let table = ParallelTranspositionTable::new();
    let value = position.canonical_form(&table);
    let secs = clock.elapsed().as_secs_f64();
    println!("value {value}");
    println!("time {secs:.4} s  positions {}", table.len());
}
RUST
    (cd "$DRIVER" && CARGO_TARGET_DIR=$PEERS/target cargo build --quiet --release) >&2
fi
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
(cd "$ROOT" && cargo build --quiet --release -p grundy-benches --example domineering) >&2
OURS=$CARGO_TARGET_DIR/release/examples/domineering

# Runs a command, its output to the file $1, and prints its wall-clock seconds.
timed() {
    local out=$1
    shift
    /usr/bin/time -f %e -o "$out.time" "$@" >"$out" 2>&1
    cat "$out.time"
}

# The solve time a program printed (`time X s`).
solve_time() {
    sed -n 's/^time \([0-9.]*\) s.*/\1/p' "$1"
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
echo
echo "| board | cgt solve s | ours solve s | solve ratio | cgt wall s | ours wall s | wall ratio | value (ours) | values agree | runs |"
echo "|---|---|---|---|---|---|---|---|---|---|"
status=0
for board in $BOARDS; do
    rows=${board%x*} cols=${board#*x}
    cs=() os=() cw=() ow=()
    runs=0
    while :; do
        cw+=("$(timed "$work/cgt" "$CGT" "$rows" "$cols")")
        cs+=("$(solve_time "$work/cgt")")
        ow+=("$(timed "$work/ours" "$OURS" "$rows" "$cols")")
        os+=("$(solve_time "$work/ours")")
        runs=$((runs + 1))
        if ((runs >= REPEAT)) || awk -v t="${cs[0]}" 'BEGIN { exit !(t >= 20) }'; then
            break
        fi
    done
    theirs=$(sed -n 's/^value //p' "$work/cgt")
    if "$OURS" "$rows" "$cols" --check "$theirs" >"$work/check" 2>&1 && grep -q '^check equal' "$work/check"; then
        agree=yes
    else
        agree="NO: $(tail -1 "$work/check")"
        status=1
    fi
    value=$(sed -n 's/^value //p' "$work/ours")
    if ((${#value} > 40)); then
        value="${value:0:37}..."
    fi
    value=${value//|/\\|}
    c=$(median "${cs[@]}") o=$(median "${os[@]}") cwm=$(median "${cw[@]}") owm=$(median "${ow[@]}")
    echo "| ${rows}x${cols} | $c | $o | $(ratio "$o" "$c") | $cwm | $owm | $(ratio "$owm" "$cwm") | \`$value\` | $agree | $runs |"
done
echo
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
