#!/usr/bin/env bash
# Clock soak (issue 56, point 8): Tengen against GNU Go through `tengen match` under every
# clock the runner keeps, on one core, while other work goes on.
#
# usage: bench/soak.sh OUT_DIR [TENGEN_BINARY]     (default binary: target/release/tengen)
#
# Two tracks run at once, each leg after the other within its track, every process (runner,
# both engines, the referee, this script) pinned to one core (SOAK_CPU, default 1) at nice
# SOAK_NICE (default -5, so that compiles elsewhere do not starve it; needs root):
#   9x9   (--parallel 2, GNU Go --level 3 --autolevel, 280 games)
#     a1  absolute 10          Tengen --threads 1           100 games
#     a2  byoyomi 10 1 3       Tengen --threads 1 --ponder   60 games
#     a3  canadian 10 5 5      Tengen --threads 2            60 games
#     a4  fischer 10 0.5       Tengen --threads 2 --ponder   60 games
#   19x19 (--parallel 1, GNU Go --level 2 --autolevel, 50 games)
#     b1  absolute 60          Tengen --threads 2            20 games
#     b2  fischer 20 0.2       Tengen --threads 1 --ponder   20 games
#     b3  absolute 30          Tengen --threads 2 --ponder   10 games
# so up to three games (and two of them pondering or on two threads) share the one core.
# Tengen's lag allowance is 0.5 s (its flag falls as soon as a move overruns by that), GNU
# Go's 10 s (it keeps to the clock only through --autolevel). Each leg writes OUT_DIR/LEG/
# (games.jsonl with every game's ending, seconds per move, time left and each engine's peak
# RSS; logs/ with the engines' stderr) and OUT_DIR/LEG.log; OUT_DIR/soak.log has the legs'
# start and end times, OUT_DIR/runner-rss.log the RSS (kB) of each leg's runner every 30 s.
# Summary: bench/soak_legs.py OUT_DIR (bench/README.md, "Clock soak (issue 56)").
set -u
OUT=${1:?usage: bench/soak.sh OUT_DIR [TENGEN_BINARY]}
T=$(realpath "${2:-target/release/tengen}")
GNUGO=${GNUGO:-/usr/games/gnugo}
if [ -z "${SOAK_PINNED:-}" ]; then
    exec env SOAK_PINNED=1 taskset -c "${SOAK_CPU:-1}" nice -n "${SOAK_NICE:--5}" "$0" "$@"
fi
mkdir -p "$OUT"
OUT=$(realpath "$OUT")
log() { echo "$(date -u +%FT%TZ) $*" >> "$OUT/soak.log"; }

# leg NAME SIZE CLOCK GAMES PARALLEL GNUGO_LEVEL TENGEN_OPTIONS
leg() {
    local name=$1 size=$2 clock=$3 games=$4 parallel=$5 level=$6 opts=$7
    local timeout=120 cap=243
    if [ "$size" = 19 ]; then timeout=300 cap=722; fi
    log "start $name: ${size}x$size, \"$clock\", $games games, tengen $opts"
    "$T" match --engine "tengen=$T $opts" \
        --engine "gnugo=$GNUGO --mode gtp --level $level --autolevel --chinese-rules" \
        --games "$games" --size "$size" --komi 7.5 --rules chinese --time-settings "$clock" \
        --lag-allowance 10 --lag-allowance-for tengen=0.5 --move-timeout "$timeout" \
        --max-moves "$cap" --referee "$GNUGO --mode gtp --chinese-rules" \
        --parallel "$parallel" --out "$OUT/$name" > "$OUT/$name.log" 2>&1 &
    echo $! > "$OUT/$name.pid"
    wait $!
    log "end $name: exit $?"
}

track9() {
    leg a1 9 "absolute 10" 100 2 3 "--threads 1"
    leg a2 9 "byoyomi 10 1 3" 60 2 3 "--threads 1 --ponder"
    leg a3 9 "canadian 10 5 5" 60 2 3 "--threads 2"
    leg a4 9 "fischer 10 0.5" 60 2 3 "--threads 2 --ponder"
}

track19() {
    leg b1 19 "absolute 60" 20 1 2 "--threads 2"
    leg b2 19 "fischer 20 0.2" 20 1 2 "--threads 1 --ponder"
    leg b3 19 "absolute 30" 10 1 2 "--threads 2 --ponder"
}

log "soak start: $T ($("$T" --version 2>/dev/null | head -1)), cpu ${SOAK_CPU:-1}"
touch "$OUT/.running"
(
    while [ -e "$OUT/.running" ]; do
        for f in "$OUT"/*.pid; do
            [ -e "$f" ] || continue
            kb=$(awk '/^VmRSS/ {print $2}' "/proc/$(cat "$f")/status" 2>/dev/null)
            [ -n "$kb" ] && echo "$(date +%s) $(basename "$f" .pid) $kb"
        done >> "$OUT/runner-rss.log"
        sleep 30
    done
) &
track9 &
p9=$!
track19 &
p19=$!
wait "$p9" "$p19"
rm -f "$OUT/.running"
wait
log "soak end"
