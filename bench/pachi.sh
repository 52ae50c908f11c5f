#!/usr/bin/env bash
# Equal-time matches of Tengen against Pachi 12.90 without its neural network, the sparring
# partner of issue 39 (see bench/README.md, "Against Pachi"). Never run by tests: CI has no Pachi.
#
# usage: bench/pachi.sh 9|19 [GAMES] [OUT_DIR]
#   9   9x9, komi 7.5, chinese: Tengen 1 s a move (time_settings 0 1 1) against Pachi -t 2.7
#   19  19x19, komi 7.5, chinese: Tengen 2 s a move (time_settings 0 2 1) against Pachi -t 4
# Pachi's -t makes it ignore GTP clocks; from any budget it keeps 2 s for network lag but never
# searches less than 1 s, so -t 2.7 and -t 4 give it the same 1 s and 2 s (it stops early on
# clear moves). Tengen runs with --lag-margin 0 and keeps to the runner's clock.
# Environment: PACHI (the folder build-pachi.sh made, holding pachi/pachi; required: build it
#   with `bash ../shared/sparring/build-pachi.sh DIR`), TENGEN (binary, default
#   target/release/tengen, built if missing), TENGEN_ARGS (extra Tengen options, e.g.
#   "--param heavy_lgrf=0"), PARALLEL (games at once, default 2: one thread each on 2 cores),
#   SEED (the match seed), RESUME=1 (go on with the match in OUT_DIR), PACHI_BUDGET (Pachi's
#   -t instead of 2.7 / 4, e.g. 6 on 19x19 for twice Tengen's time: issue 54's match).
set -euo pipefail
cd "$(dirname "$0")/.."

size=${1:-9}
PACHI=${PACHI:?set PACHI to the folder build-pachi.sh built (it holds pachi/pachi)}
TENGEN=${TENGEN:-target/release/tengen}
GNUGO=${GNUGO:-/usr/games/gnugo}
PARALLEL=${PARALLEL:-2}
if [ ! -x "$PACHI/pachi/pachi" ]; then
  echo "no Pachi at $PACHI/pachi/pachi: bash ../shared/sparring/build-pachi.sh $PACHI" >&2
  exit 1
fi
if [ "$TENGEN" = target/release/tengen ]; then
  cargo build --release --quiet
fi
case $size in
  9) games=${2:-100} budget=${PACHI_BUDGET:-2.7} clock="0 1 1" ;;
  19) games=${2:-40} budget=${PACHI_BUDGET:-4} clock="0 2 1" ;;
  *) echo "usage: $0 9|19 [GAMES] [OUT_DIR]" >&2; exit 2 ;;
esac
out=${3:-target/match/pachi$size-$(date -u +%Y%m%d-%H%M%S)}
# Pachi searches its budget less 2 s whatever the clock says: the lag allowance covers what
# that passes the clock's seconds a move by, plus 1 s (at least 2 s)
lag=$(awk -v b="$budget" -v c="${clock#0 }" 'BEGIN { split(c, a, " "); x = b - 2 - a[1] + 1; print (x > 2 ? x : 2) }')

# Pachi reads its pattern files from its working directory. The move timeout only catches
# hangs; Pachi's budget is its own, so its moves may pass the runner's clock by up to the
# lag allowance. GNU Go settles dead stones when the players disagree.
exec "$TENGEN" match \
  --engine "tengen=$TENGEN --threads 1 --lag-margin 0 ${TENGEN_ARGS:-}" \
  --engine "pachi=bash -c 'cd $PACHI/pachi && exec ./pachi -t $budget threads=1'" \
  --games "$games" --size "$size" --komi 7.5 --rules chinese --time-settings "$clock" \
  --lag-allowance "$lag" --move-timeout 120 --max-moves $((3 * size * size)) \
  --referee "$GNUGO --mode gtp --chinese-rules" \
  --parallel "$PARALLEL" ${SEED:+--seed "$SEED"} --out "$out" ${RESUME:+--resume}
