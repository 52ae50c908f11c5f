#!/usr/bin/env bash
# Tree-search speed from the empty board: median playouts/s of RUNS runs of
# `tengen bench search` per board size, thread count and playout policy, with the
# 2-thread / 1-thread ratio of the medians measured in the same run.
# Usage: bench/search.sh [SECONDS] [RUNS] [POLICIES]   (POLICIES default: "heavy light")
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-5}
runs=${2:-3}
policies=${3:-heavy light}
cargo build --release -q
bin=target/release/tengen
printf '%-7s %-6s %-8s %-14s %-10s\n' policy size threads playouts/s "2T / 1T"
for policy in $policies; do
  for size in 9 19; do
    one=
    for threads in 1 2; do
      vals=()
      for _ in $(seq "$runs"); do
        vals+=("$($bin bench search --size "$size" --seconds "$secs" --threads "$threads" \
          --param "policy=$policy" | tail -n 1)")
      done
      med=$(printf '%s\n' "${vals[@]}" | python3 -c '
import json, statistics, sys
print(statistics.median(json.loads(l)["playouts_per_s"] for l in sys.stdin))')
      ratio=
      if [ "$threads" = 1 ]; then one=$med; else ratio=$(python3 -c "print(f'{$med / $one:.2f}x')"); fi
      printf '%-7s %-6s %-8s %-14.0f %-10s\n' "$policy" "$size" "$threads" "$med" "$ratio"
    done
  done
done
