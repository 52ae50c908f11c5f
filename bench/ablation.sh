#!/usr/bin/env bash
# Ablation match: Tengen with its defaults against Tengen with some settings changed
# (`--param NAME=VALUE` ...), at a fixed number of playouts per move, so that each heuristic
# can earn its place by a match against the build without it.
#
# usage: bench/ablation.sh OUT_DIR PAIRS "CHANGED ARGS" [BASE ARGS]
#   e.g. bench/ablation.sh target/ablation/no-lgrf 50 "--param heavy_lgrf=0"
# Each pair is a 2-game match (colours swapped) with its own seeds, because a one-thread
# search at fixed playouts is deterministic: one long match would replay the same two games.
# Prints the score rate of the changed engine with a 95% Wilson interval.
# Environment: TENGEN (binary, default target/release/tengen, built if missing), SIZE (9),
#   PLAYOUTS (2000 a move), PARALLEL (pairs at once, 1), GNUGO (the referee for dead stones).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 3 ]; then
  echo "usage: $0 OUT_DIR PAIRS \"CHANGED ARGS\" [BASE ARGS]" >&2
  exit 2
fi
out=$1 pairs=$2 changed=$3 base=${4:-}
TENGEN=${TENGEN:-target/release/tengen}
SIZE=${SIZE:-9}
PLAYOUTS=${PLAYOUTS:-2000}
PARALLEL=${PARALLEL:-1}
GNUGO=${GNUGO:-/usr/games/gnugo}
if [ "$TENGEN" = target/release/tengen ]; then
  cargo build --release --quiet
fi
referee=()
if [ -x "$GNUGO" ]; then
  referee=(--referee "$GNUGO --mode gtp --chinese-rules")
fi
mkdir -p "$out"

play_pair() {
  local s=$1 dir=$out/pair-$1
  [ -f "$dir/summary.json" ] && return 0
  rm -rf "$dir"
  "$TENGEN" match \
    --engine "base=$TENGEN --threads 1 --playouts $PLAYOUTS --seed $s $base" \
    --engine "changed=$TENGEN --threads 1 --playouts $PLAYOUTS --seed $((s + 100000)) $base $changed" \
    --games 2 --size "$SIZE" --komi 7.5 --rules chinese --move-timeout 300 \
    "${referee[@]}" --out "$dir" > /dev/null 2>&1
}
running=0
for s in $(seq 1 "$pairs"); do
  play_pair "$s" &
  running=$((running + 1))
  if [ "$running" -ge "$PARALLEL" ]; then
    wait -n || true
    running=$((running - 1))
  fi
done
wait

cat "$out"/pair-*/games.jsonl | python3 -c '
import json, math, sys
w = l = d = 0
for line in sys.stdin:
    g = json.loads(line)
    if g.get("winner") == "changed": w += 1
    elif g.get("winner") == "base": l += 1
    else: d += 1
n = w + l + d
if n == 0:
    sys.exit("no games")
p = (w + d / 2) / n
z = 1.96
c = (p + z * z / (2 * n)) / (1 + z * z / n)
h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
print(f"changed {sys.argv[1]!r}: {w}-{l}-{d} of {n} games, score rate {100 * p:.1f}% "
      f"[{100 * (c - h):.1f}, {100 * (c + h):.1f}]")
' "$changed" | tee "$out/result.txt"
