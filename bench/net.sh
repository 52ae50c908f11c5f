#!/usr/bin/env bash
# Search speed with the policy network on and off (issue 54: with it on, at least 90% of
# the playouts a second): RUNS alternating runs of `tengen bench search` (one thread) over
# the positions before moves 80, 120, 160 and 200 of the first GAMES long games of
# ../shared/data/tom-9d, the median of each setting's runs, and the ratio of the medians
# measured in the same run. The network runs at its defaults (on 19x19: prior_net 1,
# net_visits 256); extra `--param` settings for that run go in NET_ARGS.
# Usage: bench/net.sh [SECONDS] [RUNS] [GAMES]   (defaults: 1 5 3)
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-1}
runs=${2:-5}
games=${3:-3}
net_args=${NET_ARGS:-}
cargo build --release -q
bin=target/release/tengen
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 bench/tom_sgf.py "$games" 201 "$tmp"
positions=()
for f in "$tmp"/*.sgf; do positions+=(--sgf "$f"); done
for m in 80 120 160 200; do positions+=(--move "$m"); done
median() {
  python3 -c '
import json, statistics, sys
print(statistics.median(json.loads(l)["median_playouts_per_s"] for l in sys.stdin))'
}
on=()
off=()
for _ in $(seq "$runs"); do
  # shellcheck disable=SC2086
  on+=("$($bin bench search --seconds "$secs" --threads 1 "${positions[@]}" $net_args | tail -n 1)")
  off+=("$($bin bench search --seconds "$secs" --threads 1 "${positions[@]}" --param prior_net=0 | tail -n 1)")
done
a=$(printf '%s\n' "${on[@]}" | median)
b=$(printf '%s\n' "${off[@]}" | median)
printf '%-16s %-16s %-8s\n' "network p/s" "no network p/s" ratio
printf '%-16.0f %-16.0f %-8s\n' "$a" "$b" "$(python3 -c "print(f'{$a / $b:.3f}')")"
