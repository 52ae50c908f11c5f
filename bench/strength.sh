#!/usr/bin/env bash
# Standard strength matches of Tengen against GNU Go 3.8 (see bench/README.md).
#
# usage: bench/strength.sh 9|19|smoke [GAMES] [OUT_DIR]
#   9      Tengen vs GNU Go level 10, 9x9, komi 7.5, chinese rules   (default 100 games)
#   19     Tengen vs GNU Go level 10, 19x19, komi 7.5, chinese rules (default 50 games)
#   smoke  Tengen (100 playouts) vs GNU Go level 1, 9x9, 2 games: checks the set-up in seconds
# Environment: TENGEN (binary, default target/release/tengen, built if missing),
#   TENGEN_ARGS (engine options, default per board size below), GNUGO (/usr/games/gnugo),
#   PARALLEL (games at once, default 1: keep 1 on a 2-core machine when engines think by time).
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

case $preset in
  9) size=9 games=${2:-100} level=10 args=${TENGEN_ARGS:---time 2 --threads 1} ;;
  19) size=19 games=${2:-50} level=10 args=${TENGEN_ARGS:---time 5 --threads 1} ;;
  smoke) size=9 games=${2:-2} level=1 args=${TENGEN_ARGS:---playouts 100 --seed 7 --threads 1} ;;
  *) echo "usage: $0 9|19|smoke [GAMES] [OUT_DIR]" >&2; exit 2 ;;
esac
out=${3:-target/match/gnugo-$preset-$(date -u +%Y%m%d-%H%M%S)}

# No clock: each engine thinks by its own fixed setting (Tengen --time/--playouts, GNU Go
# --level), so the result does not depend on how busy the machine is. The move timeout only
# catches hangs. GNU Go settles dead stones when the players disagree.
exec "$TENGEN" match \
  --engine "tengen=$TENGEN $args" \
  --engine "gnugo=$GNUGO --mode gtp --level $level --chinese-rules" \
  --games "$games" --size "$size" --komi 7.5 --rules chinese \
  --move-timeout 120 --max-moves $((3 * size * size)) \
  --referee "$GNUGO --mode gtp --chinese-rules" \
  --parallel "$PARALLEL" --out "$out"
