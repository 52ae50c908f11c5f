#!/usr/bin/env bash
# Search speed with and without the learned patterns' priors: RUNS alternating runs of
# `tengen bench search` (one thread, the empty board, where every shape size is looked
# up) per board size, the median playouts/s of each, and the ratio of the medians
# measured in the same run.
# Usage: bench/patterns.sh [SECONDS] [RUNS] [SIZES]   (defaults: 5 5 "19 9")
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-5}
runs=${2:-5}
sizes=${3:-19 9}
cargo build --release -q
bin=target/release/tengen
median() {
  python3 -c '
import json, statistics, sys
print(statistics.median(json.loads(l)["playouts_per_s"] for l in sys.stdin))'
}
printf '%-6s %-16s %-16s %-8s\n' size "learned p/s" "heuristic p/s" ratio
for size in $sizes; do
  with=()
  without=()
  for _ in $(seq "$runs"); do
    with+=("$($bin bench search --size "$size" --seconds "$secs" --threads 1 | tail -n 1)")
    without+=("$($bin bench search --size "$size" --seconds "$secs" --threads 1 --param prior_learned=0 | tail -n 1)")
  done
  a=$(printf '%s\n' "${with[@]}" | median)
  b=$(printf '%s\n' "${without[@]}" | median)
  printf '%-6s %-16.0f %-16.0f %-8s\n' "$size" "$a" "$b" "$(python3 -c "print(f'{$a / $b:.3f}')")"
done
