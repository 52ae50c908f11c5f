#!/usr/bin/env bash
# The 19x19 opening of Tengen against itself (see bench/README.md): GAMES self-play games,
# each cut after MOVES moves, then the first 10 moves of every game, one line a game. With the
# opening book (the default) the corners come first, then the sides, as strong players open;
# TENGEN_ARGS="--threads 1 --book off" shows what the search alone plays.
#
# usage: bench/opening.sh [GAMES] [OUT_DIR]
#   two instances of the same binary, each seeded with the game's own seed ({seed}) so that
#   games differ, 19x19, komi 7.5, chinese rules, 1 s a move (time_settings 0 1 1), two games
#   at once.
# Environment: TENGEN (binary, default target/release/tengen, built if missing), TENGEN_ARGS
#   (default --threads 1), SECONDS_PER_MOVE (1), MOVES (where games are cut, default 10),
#   PARALLEL (2), SEED (the match's seed, default 1).
set -euo pipefail
cd "$(dirname "$0")/.."

TENGEN=${TENGEN:-target/release/tengen}
ARGS=${TENGEN_ARGS:---threads 1}
games=${1:-20}
out=${2:-target/match/opening-$(date -u +%Y%m%d-%H%M%S)}
moves=${MOVES:-10}

if [ "$TENGEN" = target/release/tengen ]; then
  cargo build --release --quiet
fi

"$TENGEN" match \
  --engine "a=$TENGEN $ARGS --seed {seed}" \
  --engine "b=$TENGEN $ARGS --seed {seed}" \
  --games "$games" --size 19 --komi 7.5 --rules chinese \
  --time-settings "0 ${SECONDS_PER_MOVE:-1} 1" --move-timeout 60 \
  --max-moves "$moves" --parallel "${PARALLEL:-2}" --seed "${SEED:-1}" \
  --out "$out" >"$out.log" 2>&1 || { cat "$out.log" >&2; exit 1; }

# the first 10 moves of every game, from its SGF record, with the line (distance from the
# edge, 1 = first line) of each move; then how many of the first 4 and of all 10 moves are
# in a corner (both lines 3 to 5) and how many on the first two lines
python3 - "$out/sgf" <<'PY'
import os, re, sys
folder = sys.argv[1]
cols = "ABCDEFGHJKLMNOPQRST"
corner = low = corner4 = total = total4 = 0
for name in sorted(os.listdir(folder)):
    if not name.endswith(".sgf"):
        continue
    text = open(os.path.join(folder, name)).read()
    moves = re.findall(r";([BW])\[([a-s]{0,2})\]", text)[:10]
    shown = []
    for i, (c, m) in enumerate(moves):
        if len(m) != 2:
            shown.append(f"{c} pass")
            continue
        x, y = ord(m[0]) - 97, ord(m[1]) - 97
        lx, ly = min(x, 18 - x) + 1, min(y, 18 - y) + 1
        is_corner = 3 <= lx <= 5 and 3 <= ly <= 5
        corner += is_corner
        low += min(lx, ly) <= 2
        total += 1
        if i < 4:
            corner4 += is_corner
            total4 += 1
        shown.append(f"{c} {cols[x]}{19 - y}")
    print(f"{name}: {' '.join(shown)}")
print(f"corner moves (lines 3-5 both ways): {corner4}/{total4} of the first 4, {corner}/{total} of the first 10; "
      f"moves on the first two lines: {low}/{total}")
PY
