#!/usr/bin/env bash
# Light-playout speed: median of RUNS runs of `tengen bench playouts` for each size and
# thread count, and the 2-thread / 1-thread ratio measured in the same run.
# Usage: bench/playouts.sh [SECONDS] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-3}
runs=${2:-3}
cargo build --release -q
bin=target/release/tengen
printf '%-6s %-8s %-16s %-16s\n' size threads playouts/s moves/s
for size in 9 19; do
  for threads in 1 2; do
    vals=()
    for _ in $(seq "$runs"); do
      vals+=("$($bin bench playouts --size "$size" --seconds "$secs" --threads "$threads" | tail -n 1)")
    done
    printf '%s\n' "${vals[@]}" | python3 -c '
import json, statistics, sys
rows = [json.loads(l) for l in sys.stdin]
p = statistics.median(r["playouts_per_s"] for r in rows)
m = statistics.median(r["moves_per_s"] for r in rows)
print(f"%-6d %-8d %-16.0f %-16.0f" % (rows[0]["size"], rows[0]["threads"], p, m))'
  done
done
