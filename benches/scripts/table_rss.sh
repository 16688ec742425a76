#!/usr/bin/env bash
# Peak resident memory of each solver under its table bound: builds benches/src/bin/table_rss.rs
# in release and runs every engine at 16, 64 and 256 MiB (SECONDS each, default 3; the solves
# are long and stop at their time limit), then prints engine, bound, peak RSS and the overhead
# (peak RSS minus the bound; negative when the search did not fill its table in the time).
#
#   benches/scripts/table_rss.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds="${1:-3}"
cargo build --release --locked -q -p grundy-benches --bin table_rss
bin=target/release/table_rss

printf '%-16s %10s %14s %14s %14s  %s\n' engine "bound MiB" "peak RSS MiB" "overhead MiB" "baseline MiB" outcome
for engine in core node-kayles transverse-wave partizan; do
  for mib in 16 64 256; do
    line="$("$bin" "$engine" "$mib" "$seconds")"
    peak_kib="$(sed -n 's/.*peak_kib=\([0-9]*\).*/\1/p' <<<"$line")"
    base_kib="$(sed -n 's/.*baseline_kib=\([0-9]*\).*/\1/p' <<<"$line")"
    outcome="$(sed -n 's/.*outcome=\([^ ]*\).*/\1/p' <<<"$line")"
    awk -v e="$engine" -v b="$mib" -v p="$peak_kib" -v base="$base_kib" -v o="$outcome" \
      'BEGIN { printf "%-16s %10d %14.1f %14.1f %14.1f  %s\n", e, b, p / 1024, p / 1024 - b, base / 1024, o }'
  done
done
