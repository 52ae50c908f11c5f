#!/usr/bin/env bash
# Standard strength matches of Tengen against GNU Go 3.8 (see bench/README.md).
#
# usage: bench/strength.sh 9|19|flat9|smoke [GAMES] [OUT_DIR]
#   9      Tengen (1 thread) vs GNU Go level 10, 9x9, 1 s a move (time_settings 0 1 1),
#          komi 7.5, chinese rules (default 100 games)
#   19     Tengen (2 threads) vs GNU Go level 10, 19x19, 2 s a move (time_settings 0 2 1),
#          komi 7.5, chinese rules (default 20 games)
#   flat9  the tree search vs the flat player (--player flat), both 1 thread, 9x9, 1 s a move
#          (default 100 games)
#   smoke  Tengen (100 playouts) vs GNU Go level 1, 9x9, 2 games: checks the set-up in seconds
# GNU Go keeps no clock of its own at level 10 (it ignores time_settings), so against it a move
# may overrun the clock by LAG seconds before the flag falls (default 10 against GNU Go, the
# runner's 0.5 between Tengens): its occasional slow move is not a win for Tengen, and Tengen,
# which keeps to its clock, gains nothing from the allowance.
# Environment: TENGEN (binary, default target/release/tengen, built if missing),
#   TENGEN_ARGS (engine options, default per board size below), GNUGO (/usr/games/gnugo),
#   PARALLEL (games at once, default 1; with one-thread engines on a 2-core machine 2 is fine,
#   since only the side to move thinks), RESUME=1 (go on with the match in OUT_DIR: finished
#   games are kept, a game cut off is played again).
set -euo pipefail
cd "$(dirname "$0")/.."

preset=${1:-9}
GNUGO=${GNUGO:-/usr/games/gnugo}
TENGEN=${TENGEN:-target/release/tengen}
PARALLEL=${PARALLEL:-1}

if [ ! -x "$GNUGO" ]; then
  echo "GNU Go not found at $GNUGO: apt-get install -y gnugo" >&2
  exit 1
fi
if [ "$TENGEN" = target/release/tengen ]; then
  cargo build --release --quiet
fi

opponent="gnugo=$GNUGO --mode gtp --level 10 --chinese-rules"
clock=()
lag=${LAG:-10}
case $preset in
  9) size=9 games=${2:-100} args=${TENGEN_ARGS:---threads 1} clock=(--time-settings "0 1 1") ;;
  19) size=19 games=${2:-20} args=${TENGEN_ARGS:---threads 2} clock=(--time-settings "0 2 1") ;;
  flat9) size=9 games=${2:-100} args=${TENGEN_ARGS:---threads 1} clock=(--time-settings "0 1 1")
    opponent="flat=$TENGEN --player flat --threads 1" lag=${LAG:-0.5} ;;
  smoke) size=9 games=${2:-2} args=${TENGEN_ARGS:---playouts 100 --seed 7 --threads 1}
    opponent="gnugo=$GNUGO --mode gtp --level 1 --chinese-rules" ;;
  *) echo "usage: $0 9|19|flat9|smoke [GAMES] [OUT_DIR]" >&2; exit 2 ;;
esac
out=${3:-target/match/$preset-$(date -u +%Y%m%d-%H%M%S)}

# The clock is the runner's own (Canadian byo-yomi: one stone per period, no main time), sent
# to both engines with time_settings. The move timeout only catches hangs. GNU Go settles
# dead stones when the players disagree.
exec "$TENGEN" match \
  --engine "tengen=$TENGEN $args" \
  --engine "$opponent" \
  --games "$games" --size "$size" --komi 7.5 --rules chinese "${clock[@]}" \
  --lag-allowance "$lag" --move-timeout 120 --max-moves $((3 * size * size)) \
  --referee "$GNUGO --mode gtp --chinese-rules" \
  --parallel "$PARALLEL" --out "$out" ${RESUME:+--resume}
