#!/usr/bin/env bash
# Real clients, tried for real (issue 41). Not in CI: it needs an X display (Xvfb).
#
#   bench/clients.sh [TENGEN]
#
# Installs from Debian what is missing (liblizzie-java, xvfb, openbox, xdotool,
# imagemagick), starts Lizzie 0.7.4 under Xvfb with Tengen as its engine (a private HOME,
# so the user's own ~/.config/leela-zero is left alone), places three stones by clicking on
# the board, lets Tengen analyse, checks that no "requires version 0.15" dialog is open
# and writes docs/lizzie-analysis.png. Then reviews a 9x9 game with `tengen review`
# (REVIEW_SGF, default ../shared/data/losses/pachi9-2026-12-03-g1.sgf, at REVIEW_PLAYOUTS
# 300), opens the reviewed file in Lizzie, steps to move REVIEW_MOVE (20), lets Tengen
# analyse live, checks that the live candidates carry a nonzero scoreMean in Tengen's output
# and in Lizzie's own state, and writes docs/lizzie-review-scores.png (issue 55). Then starts
# qGo 2.1 (Debian's qgo) with Tengen as its computer engine, plays a short 9x9 game as Black
# by clicking (with one Undo and a pass), checks that every genmove was answered and placed,
# and writes docs/qgo-game.png.
# TENGEN defaults to target/release/tengen; CLIENTS="lizzie lizzie_review qgo" picks the clients.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
TENGEN=${1:-$ROOT/target/release/tengen}
[ -x "$TENGEN" ] || { echo "no Tengen binary at $TENGEN (cargo build --release)" >&2; exit 1; }
TENGEN=$(readlink -f "$TENGEN")
SECONDS_ANALYSE=${SECONDS_ANALYSE:-8}
CLIENTS=${CLIENTS:-lizzie lizzie_review qgo}
DISP=${DISP:-:41}

need=()
for pair in Xvfb:xvfb openbox:openbox xdotool:xdotool import:imagemagick java:default-jre \
    /usr/games/qgo:qgo; do
    command -v "${pair%%:*}" >/dev/null || need+=("${pair#*:}")
done
[ -f /usr/share/java/lizzie.jar ] || need+=(liblizzie-java)
if [ ${#need[@]} -gt 0 ]; then
    echo "installing ${need[*]}"
    SUDO=; [ "$(id -u)" = 0 ] || SUDO=sudo
    $SUDO apt-get install -y --no-install-recommends "${need[@]}"
fi

WORK=$(mktemp -d /tmp/tengen-clients.XXXXXX)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT
export DISPLAY=$DISP
Xvfb "$DISP" -screen 0 1280x900x24 -nolisten tcp >"$WORK/xvfb.log" 2>&1 & pids+=($!)
sleep 1
HOME=$WORK openbox >"$WORK/openbox.log" 2>&1 & pids+=($!)
sleep 1

# The id of the first visible window whose title matches REGEX, waiting up to SECONDS for it;
# empty when none appeared.
wait_window() { # REGEX SECONDS
    local id=
    for _ in $(seq "$2"); do
        id=$(xdotool search --onlyvisible --name "$1" 2>/dev/null | head -1) || true
        [ -n "$id" ] && break
        sleep 1
    done
    echo "$id"
}

# --- Lizzie -------------------------------------------------------------------------
lizzie() {
mkdir -p "$WORK/.config/leela-zero"
cat >"$WORK/.config/leela-zero/lizzie-config.txt" <<CFG
{"leelaz": {"engine-command": "$TENGEN --threads 1", "print-comms": true}}
CFG
(cd "$WORK" && HOME=$WORK exec java -Duser.home="$WORK" -jar /usr/share/java/lizzie.jar) \
    >"$WORK/lizzie.out" 2>&1 & pids+=($!)
local java=$!
main=$(wait_window '^Lizzie \[' 60)
[ -n "$main" ] || { echo "Lizzie's window did not appear" >&2; cat "$WORK/lizzie.out" >&2; exit 1; }
sleep 4
console=$(xdotool search --onlyvisible --name '^Gtp Console$' | head -1 || true)
xdotool windowsize "$main" 880 880 windowmove "$main" 0 0
[ -n "$console" ] && xdotool windowsize "$console" 400 880 windowmove "$console" 880 0
sleep 2
# At 880x880 the 19x19 grid runs from (52,66) to (826,840), 43 pixels a line.
click() { # column letter index 0..18 (A..T without I), row 1..19
    xdotool mousemove $((52 + $1 * 43)) $((66 + (19 - $2) * 43)) click 1
    sleep 1.5
}
click 15 16   # B Q16
click 3 4     # W D4
click 16 4    # B R4
sleep "$SECONDS_ANALYSE"
mkdir -p docs
import -window root docs/lizzie-analysis.png
titles=$(xdotool search --onlyvisible --name '.' getwindowname %@ 2>/dev/null || true)
echo "windows:"; echo "$titles" | sed 's/^/  /'
grep -E '^(> |=)' "$WORK/lizzie.out" | head -40
if echo "$titles" | grep -qiE 'message|error|warning' || grep -q "requires version" "$WORK/lizzie.out"; then
    echo "FAIL: Lizzie opened a dialog" >&2; exit 1
fi
grep -q '^> [0-9]* play B R4' "$WORK/lizzie.out" || { echo "FAIL: the clicks did not reach Tengen" >&2; exit 1; }
echo "Lizzie: ok, docs/lizzie-analysis.png"
kill "$java" 2>/dev/null || true
sleep 2
}

# --- Lizzie with a reviewed file (issue 55) --------------------------------------------
# Lizzie 0.7.4 draws a score on its candidates only for an engine it takes for KataGo or
# after opening a file whose LZ candidates carry scoreMean (SGFParser sets
# Leelaz.supportScoremean; BoardRenderer asks supportScoremean()). So: review a short 9x9
# game at few playouts, open the reviewed file on Lizzie's command line, step into the game
# with the Down key and let Tengen analyse live. Lizzie takes the live candidates in place of
# the file's only once their visits pass the file's playouts (BoardData.tryToSetBestMoves).
# Checked: Tengen sent lz-analyze lines with a nonzero scoreMean (the GTP traffic, logged by
# a wrapper), and Lizzie's own autosave of the game holds, at that move, live candidates
# (more visits than the review's) with their scoreMean (Lizzie writes scoreMean only when
# supportScoremean() holds, the condition of drawing it).
lizzie_review() {
local sgf=${REVIEW_SGF:-$ROOT/../shared/data/losses/pachi9-2026-12-03-g1.sgf}
local playouts=${REVIEW_PLAYOUTS:-300} move=${REVIEW_MOVE:-20}
[ -f "$sgf" ] || { echo "no record to review at $sgf (REVIEW_SGF=...)" >&2; exit 1; }
local home=$WORK/lizzie-review reviewed=$WORK/lizzie-review/reviewed.sgf
mkdir -p "$home/.config/leela-zero"
"$TENGEN" review "$sgf" --playouts "$playouts" --threads 1 --out "$reviewed"
grep -q 'scoreMean' "$reviewed" || { echo "FAIL: the review wrote no scoreMean in LZ" >&2; exit 1; }
cat >"$WORK/tengen-lizzie" <<SH
#!/bin/sh
tee -a "$WORK/review.in" | "$TENGEN" --threads 1 2>>"$WORK/review.err" | tee -a "$WORK/review.gtp"
SH
chmod +x "$WORK/tengen-lizzie"
# autosave-interval-seconds: Lizzie writes the game, with its LZ analysis, to its persist
# file (~/.local/share/leela-zero/lizzie-persist in Debian's package) every 2 seconds.
# min-playout-ratio-for-stats: numbers on every candidate with 2% of the visits (Lizzie's
# default 10% leaves them on the first one or two only).
cat >"$home/.config/leela-zero/lizzie-config.txt" <<CFG
{"leelaz": {"engine-command": "$WORK/tengen-lizzie", "print-comms": false},
 "ui": {"autosave-interval-seconds": 2, "min-playout-ratio-for-stats": 0.005}}
CFG
(cd "$home" && HOME=$home exec java -Duser.home="$home" -jar /usr/share/java/lizzie.jar "$reviewed") \
    >"$WORK/lizzie-review.out" 2>&1 & pids+=($!)
local java=$!
local main
main=$(wait_window '^Lizzie( \[|\()' 60)
[ -n "$main" ] || { echo "Lizzie's window did not appear" >&2; cat "$WORK/lizzie-review.out" >&2; exit 1; }
sleep 4
xdotool windowsize "$main" 1280 900 windowmove "$main" 0 0
sleep 2
# Down is the next move while the mouse is off the board (over it, Down walks the branch).
xdotool mousemove 1275 895
xdotool windowactivate --sync "$main"
for _ in $(seq "$move"); do xdotool key Down; sleep 0.3; done
sleep 2
# With a file on its command line Lizzie's start can lose its first lz-analyze (queued behind
# the version check, then dropped as stale by the next command) and then sends none after
# play: Space toggles its pondering, which sends lz-analyze when it turns on.
for _ in 1 2; do
    tail -1 "$WORK/review.in" | grep -q 'lz-analyze' && break
    echo "  no lz-analyze after the last move: Space"
    xdotool key space
    sleep 2
done
sleep "$SECONDS_ANALYSE"
mkdir -p docs
import -window root docs/lizzie-review-scores.png
local titles
titles=$(xdotool search --onlyvisible --name '.' getwindowname %@ 2>/dev/null || true)
echo "windows:"; echo "$titles" | sed 's/^/  /'
if echo "$titles" | grep -qiE 'message|error|warning'; then
    echo "FAIL: Lizzie opened a dialog" >&2; exit 1
fi
sleep 3   # one more autosave after the screenshot
kill "$java" 2>/dev/null || true
sleep 2
grep -E '^[0-9]* ?(play|lz-analyze|boardsize|komi)' "$WORK/review.in" | tail -5 | sed 's/^/  > /'
# Tengen's last analysis line and the scoreMean of its candidates.
local last scores
last=$(grep '^info move' "$WORK/review.gtp" | tail -1)
echo "  < ${last:0:200}..."
scores=$(echo "$last" | grep -o 'scoreMean [-0-9.]*' | awk '{print $2}')
[ -n "$scores" ] || { echo "FAIL: Tengen's lz-analyze lines carry no scoreMean" >&2; exit 1; }
echo "$scores" | awk '{ if ($1 >= 0.05 || $1 <= -0.05) nonzero = 1 } END { exit !nonzero }' \
    || { echo "FAIL: every scoreMean Tengen sent is 0.0" >&2; exit 1; }
# Lizzie's autosave: the LZ of the node at move $move (the root has none).
local persist lz visits
persist=$(find "$home" -name '*persist' -type f | head -1)
[ -n "$persist" ] || { echo "FAIL: Lizzie wrote no autosave" >&2; exit 1; }
lz=$(jq -r .autosave "$persist" | tr '\n' ' ' | grep -o 'LZ\[[^]]*\]' | sed -n "${move}p")
echo "  Lizzie's LZ at move $move: ${lz:0:200}..."
visits=$(echo "$lz" | grep -o 'visits [0-9]*' | awk '{ s += $2 } END { print s + 0 }')
[ "$visits" -gt "$playouts" ] \
    || { echo "FAIL: Lizzie kept the review's candidates ($visits visits), not the live ones" >&2; exit 1; }
echo "$lz" | grep -o 'scoreMean [-0-9.E]*' | awk '{ if ($2 >= 0.05 || $2 <= -0.05) nonzero = 1 } END { exit !nonzero }' \
    || { echo "FAIL: Lizzie holds no nonzero scoreMean for the live candidates" >&2; exit 1; }
echo "Lizzie with a reviewed file: ok, live candidates with scores ($visits visits), docs/lizzie-review-scores.png"
}

# --- qGo ----------------------------------------------------------------------------
# qGo numbers its commands (from 1000) only for an engine whose path ends in "gnugo", and
# takes a genmove reply as the computer's move only when its number is the request's; so
# the engine is a wrapper named tengen-gnugo (README, qGo). The wrapper logs both streams.
qgo() {
local home=$WORK/qgo-home
mkdir -p "$home/.config/qGo"
cat >"$WORK/tengen-gnugo" <<SH
#!/bin/sh
tee -a "$WORK/qgo.in" | "$TENGEN" --threads 1 --time 1 2>>"$WORK/qgo.err" | tee -a "$WORK/qgo.gtp"
SH
chmod +x "$WORK/tengen-gnugo"
# What Preferences > Computer engine > Add writes, and the New game dialog's last choices.
cat >"$home/.config/qGo/qGo.conf" <<CFG
[General]
COMPUTER_PLAYS_BLACK=false
COMPUTER_PLAYS_WHITE=true
DEFAULT_ENGINE=0
EDIT_HANDICAP=0
EDIT_KOMI=7.5
EDIT_SIZE=9

[ENGINES]
1\\args=
1\\path=$WORK/tengen-gnugo
size=1
CFG
HOME=$home /usr/games/qgo >"$WORK/qgo.out" 2>&1 & pids+=($!)
local main
main=$(wait_window '^qGo ' 30)
[ -n "$main" ] || { echo "qGo's window did not appear" >&2; cat "$WORK/qgo.out" >&2; exit 1; }
sleep 2
xdotool windowmove "$main" 0 0
xdotool windowactivate --sync "$main" key ctrl+n   # New game...
sleep 2
local dialog
dialog=$(xdotool search --onlyvisible --name '^Dialog$' | head -1)
[ -n "$dialog" ] || { echo "qGo's New game dialog did not open" >&2; exit 1; }
xdotool key --window "$dialog" Return
local board
board=$(wait_window ' vs\. .* - qGo$' 20)
[ -n "$board" ] || { echo "qGo's board window did not open" >&2; exit 1; }
xdotool windowmove "$board" 0 0 windowsize "$board" 980 900
sleep 2
# In the board window (980x900) the 9x9 grid runs from (52,208) to (532,688), 60 pixels a
# line; qGo sends its own rows top-down, so the GTP row is 10 minus the row it draws.
at() { xdotool mousemove --window "$board" "$1" "$2" click 1; sleep "$3"; }
qclick() { at $((52 + $1 * 60)) $((208 + (9 - $2) * 60)) 3; }
qclick 4 5; qclick 2 3; qclick 6 3; qclick 2 6; qclick 6 6
# Undo twice (White's reply, then our move), then a different move. (Undo once and then
# "Make move" crashes qGo 2.1 itself, with GNU Go as its engine too: its engine pointer is
# left on the move taken back.)
at 647 648 2
at 647 648 2
qclick 4 2
at 647 668 3    # Pass
mkdir -p docs
import -window "$board" docs/qgo-game.png
grep -E '^[0-9]+ ' "$WORK/qgo.in" | head -40 | sed 's/^/  > /'
grep -E '^[=?]' "$WORK/qgo.gtp" | head -40 | sed 's/^/  < /'
local asked answered
asked=$(grep -c ' genmove white$' "$WORK/qgo.in" || true)
answered=$(grep -cE '^=[0-9]+ ([A-HJ-T][0-9]+|pass|resign)$' "$WORK/qgo.gtp" || true)
if grep -q '^?' "$WORK/qgo.gtp"; then echo "FAIL: Tengen refused a command of qGo's" >&2; exit 1; fi
[ "$asked" -ge 4 ] && [ "$asked" = "$answered" ] \
    || { echo "FAIL: qGo asked for $asked moves, Tengen answered $answered" >&2; exit 1; }
grep -q ' undo 0$' "$WORK/qgo.in" || { echo "FAIL: the Undo click did not reach Tengen" >&2; exit 1; }
echo "qGo: ok, $asked moves by Tengen, docs/qgo-game.png"
}

for c in $CLIENTS; do "$c"; done
