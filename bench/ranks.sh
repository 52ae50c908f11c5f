#!/usr/bin/env bash
# Calibration of `--rank` (issue 25; results in bench/README.md, "Ranks").
#
# usage: bench/ranks.sh ladder|step|handicap|anchor|sizes|review [GAMES] [OUT_DIR]
#   ladder    every fifth rank against the rank five weaker, even games (19x19, or SIZE):
#             1d-5k 5k-10k 10k-15k 15k-20k 20k-25k 25k-30k (default 20 games a pair)
#   step      rank k against rank k+1, even games (19x19, or SIZE), k = 1d 5k 10k 15k 20k 25k
#             (1d-1k 5k-6k ...; default 40 games a pair): is one rank step clearly won?
#   handicap  rank k gives rank k+3 three stones, SIZE (19), komi 0.5, k = 1d 5k 10k 15k 20k 25k
#             minus three (1d-3k, 5k-8k, ...; default 20 games a pair, --fixed-colors)
#   anchor    the rank given by ANCHOR (default 9k: the GNU Go manual's "about the level of
#             9 kyu", bench/README.md "Ranks") against GNU Go 3.8 level 10, even 19x19 games,
#             then the rank three stronger giving GNU Go level 10 three stones (komi 0.5);
#             default 40 games each; ANCHOR_HANDICAP=0 skips the second, =only runs it alone
#   sizes     the ANCHOR rank against GNU Go 3.8 level 10 on the smaller boards of SIZES
#             (default "9 13"), even games, komi 7.5 (default 40 a size): does the rank that
#             is even with GNU Go on 19x19 stay even on 9x9 and 13x13?
#   review    20k against GNU Go level 1, 19x19 even games (default 20), for the guard-rail
#             review of bench/rank_review.py
# Both Tengens one thread, `--rank-pace off` (a rank's strength does not depend on its pace),
# komi 7.5 (0.5 with handicap), chinese rules, GNU Go as referee, two games at once
# (PARALLEL). Environment: TENGEN (binary, default target/release/tengen, built if missing),
# GNUGO (/usr/games/gnugo), PARALLEL (default 2), RESUME=1 (go on with the matches in OUT_DIR),
# PAIRS (ladder, step, handicap: only these pairs, by their stronger rank, e.g. PAIRS="20k"),
# SIZE (ladder, step, handicap: the board, default 19; the folders then end in -sSIZE),
# SEED (every match's seed instead of its mode's own: a second series of new games, which
# goes into folders ending in -seedSEED).
set -euo pipefail
cd "$(dirname "$0")/.."

what=${1:-ladder}
GNUGO=${GNUGO:-/usr/games/gnugo}
TENGEN=${TENGEN:-target/release/tengen}
PARALLEL=${PARALLEL:-2}
SIZE=${SIZE:-19}
OUT=${3:-bench/out/ranks}
if [ "$TENGEN" = target/release/tengen ]; then
  cargo build --release --quiet
fi
suffix=""
if [ "$SIZE" != 19 ]; then suffix="-s$SIZE"; fi
tag=""
if [ -n "${SEED:-}" ]; then tag="-seed$SEED"; fi
resume=()
if [ "${RESUME:-0}" = 1 ]; then resume=(--resume); fi
referee=(--referee "$GNUGO --mode gtp --chinese-rules")
# wanted RANK: true when PAIRS is unset or names RANK
wanted() { [ -z "${PAIRS:-}" ] || [[ " $PAIRS " == *" $1 "* ]]; }
rank() { echo "r$1=$TENGEN --threads 1 --seed {seed} --rank $1 --rank-pace off"; }

# weaker RANK N: the rank N steps weaker than RANK, stronger for a negative N (1d and 1k
# are one step apart: a kyu rank k counts as k, a dan rank d as 1 - d)
weaker() {
  local v
  if [[ $1 == *d ]]; then v=$((1 - ${1%d} + $2)); else v=$((${1%k} + $2)); fi
  if [ "$v" -ge 1 ]; then echo "${v}k"; else echo "$((1 - v))d"; fi
}
# the stronger rank of every pair that ladder, step and handicap play
fifths="1d 5k 10k 15k 20k 25k"

gnugo() { echo "gnugo=$GNUGO --mode gtp --level $1 --chinese-rules"; }

# play DIR BOARD_SIZE SEED [match options...]: one match with the options every match here
# shares, its games in DIR (DIR-seedN with SEED=N, which also replaces the seed) and its log
# in DIR.log
play() {
  local dir=$1$tag size=$2 seed=${SEED:-$3}
  shift 3
  mkdir -p "$dir"
  "$TENGEN" match --size "$size" --rules chinese --max-moves $((size * size * 3)) \
    --move-timeout 300 "${referee[@]}" --parallel "$PARALLEL" --out "$dir" "${resume[@]}" \
    --seed "$seed" "$@" 2>"$dir.log" | tail -n 12
}

# pair A B GAMES DIR [extra match options...]: rank A against rank B on SIZE, into DIR
# (DIR-sSIZE on a board other than 19x19)
pair() {
  local a=$1 b=$2 games=$3 dir=$4$suffix
  shift 4
  play "$dir" "$SIZE" 5 --engine "$(rank "$a")" --engine "$(rank "$b")" --games "$games" "$@"
}

case $what in
  ladder | step)
    # ladder: five ranks apart, 20 games a pair by default; step: one rank apart, 40
    if [ "$what" = ladder ]; then apart=5 games=${2:-20}; else apart=1 games=${2:-40}; fi
    for a in $fifths; do
      wanted "$a" || continue
      b=$(weaker "$a" "$apart")
      echo "== $a against $b, even"
      pair "$a" "$b" "$games" "$OUT/$what-$a-$b" --komi 7.5
    done
    ;;
  handicap)
    games=${2:-20}
    for a in $fifths; do
      wanted "$a" || continue
      b=$(weaker "$a" 3)
      echo "== $a gives $b three stones"
      # with --fixed-colors the first engine keeps Black: the weaker one takes the stones
      pair "$b" "$a" "$games" "$OUT/handicap-$a-$b" --komi 0.5 --handicap 3 --fixed-colors
    done
    ;;
  anchor)
    games=${2:-40}
    a=${ANCHOR:-9k}
    if [ "${ANCHOR_HANDICAP:-1}" != only ]; then
      echo "== $a against GNU Go level 10, even"
      play "$OUT/anchor-$a" 19 7 --engine "$(rank "$a")" --engine "$(gnugo 10)" \
        --games "$games" --komi 7.5
    fi
    if [ "${ANCHOR_HANDICAP:-1}" != 0 ]; then
      # three ranks stronger gives GNU Go three stones (GNU Go named first keeps Black)
      s=$(weaker "$a" -3)
      echo "== $s gives GNU Go level 10 three stones"
      play "$OUT/anchor-$s-gives-3" 19 8 --engine "$(gnugo 10)" --engine "$(rank "$s")" \
        --games "$games" --komi 0.5 --handicap 3 --fixed-colors
    fi
    ;;
  sizes)
    games=${2:-40}
    a=${ANCHOR:-9k}
    for size in ${SIZES:-9 13}; do
      echo "== $a against GNU Go level 10 on ${size}x$size, even"
      play "$OUT/size$size-$a" "$size" 7 --engine "$(rank "$a")" --engine "$(gnugo 10)" \
        --games "$games" --komi 7.5
    done
    ;;
  review)
    games=${2:-20}
    echo "== 20k against GNU Go level 1, even"
    play "$OUT/review-20k" 19 9 --engine "$(rank 20k)" --engine "$(gnugo 1)" --games "$games" \
      --komi 7.5
    ;;
  *)
    sed -n '2,27p' "$0"
    exit 2
    ;;
esac
