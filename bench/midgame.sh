#!/usr/bin/env bash
# Middle-game speed of Tengen and Pachi on the same positions, one thread each (issue 39,
# point 8): playouts a second of `tengen bench search` and Pachi's own "games/s" after a
# genmove, position by position, with the medians. Never run by tests: CI has no Pachi.
#
# usage: bench/midgame.sh 19 [GAMES]        positions before moves 80, 120, 160 and 200 of
#                                            the first GAMES games of ../shared/data/tom-9d
#                                            (default 5) that are that long
#        bench/midgame.sh 9 SGF_DIR [GAMES]  positions before moves 20, 30 and 40 of the
#                                            first GAMES records (default 10) of SGF_DIR, e.g.
#                                            the sgf/ folder of a bench/pachi.sh 9 match
# Environment: PACHI (the folder build-pachi.sh made, holding pachi/pachi; required),
#   TENGEN (binary, default target/release/tengen, built if missing), SECONDS_19 / SECONDS_9
#   (search time a position, default 2 and 1), TENGEN_ARGS (extra bench search options).
# Output: one line a position, "position tengen_po/s pachi_games/s", then the medians and
# their ratio. The machine is shared and noisy: both engines run one after the other on the
# same position, so the ratio is the figure to quote.
set -euo pipefail
cd "$(dirname "$0")/.."

size=${1:?usage: bench/midgame.sh 19 [GAMES] | 9 SGF_DIR [GAMES]}
PACHI=${PACHI:?set PACHI to the folder build-pachi.sh built (it holds pachi/pachi)}
TENGEN=${TENGEN:-target/release/tengen}
if [ "$TENGEN" = target/release/tengen ]; then
  cargo build --release --quiet
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

case $size in
  19)
    games=${2:-5} secs=${SECONDS_19:-2} budget=$(( ${SECONDS_19:-2} + 2 )) moves="80 120 160 200"
    # the first long games of the collection, as SGF files
    python3 bench/tom_sgf.py "$games" 201 "$tmp"
    ;;
  9)
    dir=${2:?usage: bench/midgame.sh 9 SGF_DIR [GAMES]}
    games=${3:-10} secs=${SECONDS_9:-1} budget=$(( ${SECONDS_9:-1} + 2 )) moves="20 30 40"
    for f in $(ls "$dir"/*.sgf | head -n "$games"); do cp "$f" "$tmp/"; done
    ;;
  *) echo "usage: bench/midgame.sh 19 [GAMES] | 9 SGF_DIR [GAMES]" >&2; exit 2 ;;
esac

# the GTP commands that set up a position: the record's moves before move M
gtp_of() {
  python3 - "$1" "$2" <<'EOF'
import re, sys
text, upto = open(sys.argv[1]).read(), int(sys.argv[2])
size = int((re.search(r"SZ\[(\d+)\]", text) or [0, 19])[1])
cols = "ABCDEFGHJKLMNOPQRST"
print(f"boardsize {size}\nclear_board\nkomi 7.5")
moves = re.findall(r";\s*([BW])\[([a-s]{0,2})\]", text)
for colour, v in moves[: upto - 1]:
    if len(v) < 2 or v == "tt":
        print(f"play {colour} pass")
    else:
        x, y = ord(v[0]) - 97, ord(v[1]) - 97
        print(f"play {colour} {cols[x]}{size - y}")
print(f"genmove {'W' if len(moves[: upto - 1]) % 2 else 'B'}")
EOF
}

printf '%-40s %12s %14s\n' position tengen_po/s pachi_games/s
t_rates=() p_rates=()
for f in "$tmp"/*.sgf; do
  for m in $moves; do
    line=$("$TENGEN" bench search --threads 1 --seconds "$secs" --sgf "$f" --move "$m" \
      ${TENGEN_ARGS:-} 2>/dev/null | tail -1) || continue
    t=$(sed -n 's/.*"median_playouts_per_s":\([0-9.]*\).*/\1/p' <<<"$line")
    [ -n "$t" ] || continue
    p=$(gtp_of "$f" "$m" | (cd "$PACHI/pachi" && ./pachi -t "$budget" threads=1 2>&1 >/dev/null) |
      sed -n 's/.*mcts [0-9.]*s (\([0-9]*\) games\/s,.*/\1/p' | tail -1)
    [ -n "$p" ] || continue
    printf '%-40s %12s %14s\n' "$(basename "$f" .sgf):$m" "$t" "$p"
    t_rates+=("$t") p_rates+=("$p")
  done
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
tm=$(median "${t_rates[@]}") pm=$(median "${p_rates[@]}")
echo "medians over ${#t_rates[@]} positions: tengen $tm playouts/s, pachi $pm games/s, ratio $(awk -v a="$tm" -v b="$pm" 'BEGIN {printf "%.2f", a / b}')"
