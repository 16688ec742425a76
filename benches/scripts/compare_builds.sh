#!/usr/bin/env bash
# Back-to-back timing of two builds of grundy on the figures of docs/performance.md that a
# change to the search must keep (issue 21: "within 5 % of its before figure, measured back
# to back").
#
#   benches/scripts/compare_builds.sh REV_A REV_B [ROUNDS]
#
# Each revision (anything `git checkout` takes: a commit, a branch, HEAD) is cloned from this
# repository into $SCRATCH/grundy-REV (outside the repository, with its own target directory)
# and built in release. Then, ROUNDS times (default 2), A and B are run in turn on:
#
#   peers cram 4 9, 5 7, 8 5         the Cram fixture (benches/src/cram.rs), pruned search
#   peers plain-cram 4 9, 5 7        Cram written plainly, Config::default()
#   peers chomp 10 10 mex, 11 11 mex Chomp under the mex search
#   random_boards                    Transverse Wave, boards of 20 × 20 and more: WaveSolver's
#                                    value and outcome, the generic mex and pruned searches
#   scaling 50 3 SEEDS value 1       Node-Kayles, one thread: median, 90th percentile, sum
#
# and it prints a markdown table: each figure's times in every round (seconds), the medians
# and the ratio B / A of the medians. Alternating the builds makes slow drift of the machine
# fall on both. Run it on an idle machine: a build or a second benchmark at the same time
# moves the figures by more than the 5 % they are judged by.
#
# Environment:
#   SCRATCH=/tmp/grundy-builds   where the revisions are cloned and built
#   NK_SEEDS="2001 2030"         first and last seed of the Node-Kayles graphs (the tuning
#                                seeds; report the figures of docs/performance.md on 1001-1030)
#   SKIP_NK=1                    leave Node-Kayles out (it takes about 80 s a run)
set -euo pipefail

if [ $# -lt 2 ]; then
    sed -n '2,/^set -e/p' "$0" | sed 's/^# \{0,1\}//' | head -n -1 >&2
    exit 2
fi
rev_a=$1
rev_b=$2
rounds=${3:-2}
scratch=${SCRATCH:-/tmp/grundy-builds}
read -r seed_first seed_last <<<"${NK_SEEDS:-2001 2030}"
repo=$(cd "$(dirname "$0")/../.." && pwd)

# Clones and builds one revision; prints the directory of its binaries.
build() {
    local rev=$1 dir
    dir="$scratch/grundy-$(git -C "$repo" rev-parse --short "$rev")"
    if [ ! -d "$dir" ]; then
        git clone -q --no-checkout "$repo" "$dir"
        git -C "$dir" checkout -q "$(git -C "$repo" rev-parse "$rev")"
    fi
    (
        cd "$dir"
        cargo build -q --release --locked -p grundy-benches --example peers
        cargo build -q --release --locked -p grundy-transverse-wave --example random_boards
        cargo build -q --release --locked -p grundy-node-kayles --example scaling
    ) >&2
    echo "$dir/target/release/examples"
}

mkdir -p "$scratch"
bin_a=$(build "$rev_a")
bin_b=$(build "$rev_b")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# One run of every figure with the binaries of $1, as lines "figure<TAB>seconds".
run_all() {
    local bin=$1
    for board in "4 9" "5 7" "8 5"; do
        printf 'Cram %s\t%s\n' "${board/ / × }" "$("$bin/peers" cram $board | sed -n 's/.*time \([0-9.]*\) s.*/\1/p')"
    done
    for board in "4 9" "5 7"; do
        printf 'plain Cram %s\t%s\n' "${board/ / × }" "$("$bin/peers" plain-cram $board | sed -n 's/.*time \([0-9.]*\) s.*/\1/p')"
    done
    for side in 10 11; do
        printf 'Chomp %s × %s (mex)\t%s\n' "$side" "$side" "$("$bin/peers" chomp $side $side mex | sed -n 's/.*time \([0-9.]*\) s.*/\1/p')"
    done
    # Two tables: "| purple | n | value | value time | states | outcome | outcome time | states |"
    # (WaveSolver) and "| purple | n | value | WaveSolver | generic mex (nodes) | generic pruned
    # (nodes) |" (the generic solver on the same boards).
    "$bin/random_boards" | awk -F'|' '
        function seconds(t) {
            gsub(/ /, "", t); sub(/\(.*/, "", t)
            if (t ~ /ns$/) return substr(t, 1, length(t) - 2) / 1e9
            if (t ~ /µs$/) return substr(t, 1, length(t) - 3) / 1e6
            if (t ~ /ms$/) return substr(t, 1, length(t) - 2) / 1e3
            if (t ~ /s$/) return substr(t, 1, length(t) - 1)
            return t
        }
        /value time/ { table = 1 }
        /generic mex/ { table = 2 }
        /^\| [0-9]/ && $3 + 0 >= 20 {
            purple = $2; gsub(/^ +| +$/, "", purple)
            board = sprintf("Wave %s × %s purple %s", $3 + 0, $3 + 0, purple)
            if (table == 1) {
                printf "%s: WaveSolver value\t%.3g\n", board, seconds($5)
                printf "%s: WaveSolver outcome\t%.3g\n", board, seconds($8)
            } else if (table == 2) {
                printf "%s: generic mex\t%.3g\n", board, seconds($6)
                printf "%s: generic pruned\t%.3g\n", board, seconds($7)
            }
        }'
    if [ -z "${SKIP_NK:-}" ]; then
        local summary
        summary=$("$bin/scaling" 50 3 "$seed_first" "$seed_last" value 1 | tail -n 1)
        printf 'Node-Kayles 50 v, seeds %s-%s: median\t%s\n' "$seed_first" "$seed_last" \
            "$(sed -n 's/^median \([0-9.]*\)s.*/\1/p' <<<"$summary")"
        printf 'Node-Kayles 50 v, seeds %s-%s: 90th percentile\t%s\n' "$seed_first" "$seed_last" \
            "$(sed -n 's/.* p90 \([0-9.]*\)s.*/\1/p' <<<"$summary")"
        printf 'Node-Kayles 50 v, seeds %s-%s: sum\t%s\n' "$seed_first" "$seed_last" \
            "$(sed -n 's/.* sum \([0-9.]*\)s.*/\1/p' <<<"$summary")"
    fi
}

for round in $(seq 1 "$rounds"); do
    echo "round $round of $rounds: A ($rev_a)" >&2
    run_all "$bin_a" >"$out/a.$round"
    echo "round $round of $rounds: B ($rev_b)" >&2
    run_all "$bin_b" >"$out/b.$round"
done

echo "| figure | A = $rev_a (s) | B = $rev_b (s) | B / A (medians) |"
echo "| --- | --- | --- | --- |"
cat "$out"/a.* "$out"/b.* | cut -f1 | awk '!seen[$0]++' | while IFS= read -r figure; do
    a=$(for f in "$out"/a.*; do awk -F'\t' -v k="$figure" '$1 == k { print $2 }' "$f"; done)
    b=$(for f in "$out"/b.*; do awk -F'\t' -v k="$figure" '$1 == k { print $2 }' "$f"; done)
    awk -v figure="$figure" -v a="$(echo $a)" -v b="$(echo $b)" '
        function median(s,    n, x, i, j, t) {
            n = split(s, x, " ")
            if (n == 0) return ""
            for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (x[j] + 0 < x[i] + 0) { t = x[i]; x[i] = x[j]; x[j] = t }
            return n % 2 ? x[(n + 1) / 2] : (x[n / 2] + x[n / 2 + 1]) / 2
        }
        BEGIN {
            ma = median(a); mb = median(b)
            ratio = (ma != "" && mb != "" && ma > 0) ? sprintf("%.3f", mb / ma) : "n/a"
            gsub(/ /, ", ", a); gsub(/ /, ", ", b)
            printf "| %s | %s | %s | %s |\n", figure, a, b, ratio
        }'
done
