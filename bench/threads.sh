#!/usr/bin/env bash
# Thread scaling of the tree search in the middle game (issue 53): per round, one search
# with one thread, one with two, and two one-thread searches at once (one pinned to each
# core: what the machine gives to independent work); then the medians over the rounds of
# two threads / one and of two threads / the pair's mean. The second ratio is the one a
# noisy shared machine can judge: the pair runs under the same load (and clock) as the
# two-thread search, so it shows what the shared tree costs and nothing else.
# Usage: bench/threads.sh SIZE [ROUNDS] [SECONDS]   (SIZE 9 or 19; default 8 rounds of 2 s)
# Environment: TENGEN (binary, default target/release/tengen, built if missing).
# Positions: two match positions of ../shared/data/losses per size (as bench/README.md's
# instruction counts use). Needs both cores free.
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:?usage: bench/threads.sh 9|19 [ROUNDS] [SECONDS]}
rounds=${2:-8}
secs=${3:-2}
TENGEN=${TENGEN:-target/release/tengen}
if [ "$TENGEN" = target/release/tengen ]; then
  cargo build --release --quiet
fi
L=../shared/data/losses
case $size in
  9) pos=(--sgf "$L/pachi9-2026-12-03-g1.sgf" --move 30 --sgf "$L/pachi9-2026-12-03-g2.sgf" --move 20) ;;
  19) pos=(--sgf "$L/pachi19-2026-11-27-g1.sgf" --move 120 --sgf "$L/pachi19-2026-11-27-g2.sgf" --move 160) ;;
  *) echo "size must be 9 or 19" >&2; exit 2 ;;
esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rate() {
  # rate THREADS [PREFIX...]: median playouts/s over the positions, from the last line of
  # bench search run under PREFIX (e.g. taskset -c 0)
  local threads=$1
  shift
  "$@" "$TENGEN" bench search --threads "$threads" --seconds "$secs" "${pos[@]}" 2>/dev/null |
    tail -n 1 |
    python3 -c 'import json, sys; print(json.loads(sys.stdin.read())["median_playouts_per_s"])'
}
for _ in $(seq "$rounds"); do
  one=$(rate 1)
  two=$(rate 2)
  rate 1 taskset -c 0 > "$tmp/a" &
  b=$(rate 1 taskset -c 1)
  wait
  echo "$one $two $(cat "$tmp/a") $b"
done | python3 -c '
import statistics as st, sys
rows = [list(map(float, l.split())) for l in sys.stdin]
med = lambda xs: st.median(list(xs))
print("round  1 thread  2 threads  pair (0+1)  2T/1T  2T/pair-mean")
for i, (o, t, a, b) in enumerate(rows, 1):
    print(f"{i:5}  {o:8.0f}  {t:9.0f}  {a + b:10.0f}  {t / o:5.2f}  {2 * t / (a + b):12.2f}")
print(f"median {med(r[0] for r in rows):8.0f}  {med(r[1] for r in rows):9.0f}  "
      f"{med(r[2] + r[3] for r in rows):10.0f}  {med(r[1] / r[0] for r in rows):5.2f}  "
      f"{med(2 * r[1] / (r[2] + r[3]) for r in rows):12.2f}")
'
