#!/usr/bin/env bash
# A Fischer-clock match of Tengen against GNU Go 3.8 (see bench/README.md): checks that the
# time manager spends the increment and the bank without ever losing on time.
#
# usage: bench/fischer.sh [GAMES] [OUT_DIR]
#   Tengen (1 thread) vs GNU Go level 10, 9x9, komi 7.5, chinese rules, Fischer time of
#   MAIN s plus INC s a move (default 30 s + 1 s), told to Tengen with KataGo's
#   `kata-time_settings fischer MAIN INC` (as gtp2ogs does for engines that list
#   kata-list_time_settings) and to GNU Go as `time_settings MAIN-INC INC 1`.
# Tengen's flag falls as soon as a move overruns its bank by the runner's lag allowance
# (TENGEN_LAG, default 0.5 s); GNU Go keeps no clock of its own at level 10, so it gets 10 s.
# Afterwards the script prints Tengen's time losses (there must be none) and what its bank
# held at each game's end (the bank used, not hoarded).
# Environment: TENGEN (binary, default target/release/tengen, built if missing), GNUGO,
#   MAIN, INC (the clock), PARALLEL (games at once, default 1), RESUME=1.
set -euo pipefail
cd "$(dirname "$0")/.."

GNUGO=${GNUGO:-/usr/games/gnugo}
TENGEN=${TENGEN:-target/release/tengen}
PARALLEL=${PARALLEL:-1}
MAIN=${MAIN:-30}
INC=${INC:-1}
games=${1:-50}
out=${2:-target/match/fischer-$(date -u +%Y%m%d-%H%M%S)}

if [ ! -x "$GNUGO" ]; then
  echo "GNU Go not found at $GNUGO: apt-get install -y gnugo" >&2
  exit 1
fi
if [ "$TENGEN" = target/release/tengen ]; then
  cargo build --release --quiet
fi

"$TENGEN" match \
  --engine "tengen=$TENGEN --threads 1" \
  --engine "gnugo=$GNUGO --mode gtp --level 10 --chinese-rules" \
  --games "$games" --size 9 --komi 7.5 --rules chinese \
  --time-settings "fischer $MAIN $INC" \
  --lag-allowance "${TENGEN_LAG:-0.5}" --lag-allowance-for "gnugo=10" \
  --move-timeout 120 --max-moves 243 \
  --referee "$GNUGO --mode gtp --chinese-rules" \
  --parallel "$PARALLEL" --out "$out" ${RESUME:+--resume}

# Tengen's clock at the end of every game, from games.jsonl
python3 - "$out/games.jsonl" "$MAIN" <<'PY'
import json, statistics, sys
games = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
main = float(sys.argv[2])
lost = [g for g in games if g.get("ending") == "time" and "tengen" in g.get("reason", "")]
banks = [g["time_left"]["tengen"]["main"] for g in games if g.get("time_left")]
print(f"games {len(games)}, Tengen's time losses {len(lost)}")
for g in lost:
    print("  lost on time:", g.get("reason"))
if banks:
    q = statistics.quantiles(banks, n=4) if len(banks) > 1 else [banks[0]] * 3
    print(f"Tengen's bank at the end (s): median {statistics.median(banks):.1f}, "
          f"quartiles {q[0]:.1f} / {q[2]:.1f}, max {max(banks):.1f} (start {main:.0f})")
PY
