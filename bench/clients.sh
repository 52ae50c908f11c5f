#!/usr/bin/env bash
# Real clients, tried for real (issue 41). Not in CI: it needs an X display (Xvfb).
#
#   bench/clients.sh [TENGEN]
#
# Installs from Debian what is missing (liblizzie-java, xvfb, openbox, xdotool,
# imagemagick), starts Lizzie 0.7.4 under Xvfb with Tengen as its engine (a private HOME,
# so the user's own ~/.config/leela-zero is left alone), places three stones by clicking on
# the board, lets Tengen analyse, checks that no "requires version 0.15" dialog is open
# and writes docs/lizzie-analysis.png. TENGEN defaults to target/release/tengen.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
TENGEN=${1:-$ROOT/target/release/tengen}
[ -x "$TENGEN" ] || { echo "no Tengen binary at $TENGEN (cargo build --release)" >&2; exit 1; }
TENGEN=$(readlink -f "$TENGEN")
SECONDS_ANALYSE=${SECONDS_ANALYSE:-8}
DISP=${DISP:-:41}

need=()
for pair in Xvfb:xvfb openbox:openbox xdotool:xdotool import:imagemagick java:default-jre; do
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

# --- Lizzie -------------------------------------------------------------------------
mkdir -p "$WORK/.config/leela-zero"
cat >"$WORK/.config/leela-zero/lizzie-config.txt" <<CFG
{"leelaz": {"engine-command": "$TENGEN --threads 1", "print-comms": true}}
CFG
(cd "$WORK" && HOME=$WORK exec java -Duser.home="$WORK" -jar /usr/share/java/lizzie.jar) \
    >"$WORK/lizzie.out" 2>&1 & pids+=($!)
main=
for _ in $(seq 60); do
    main=$(xdotool search --onlyvisible --name '^Lizzie \[' 2>/dev/null | head -1) || true
    [ -n "$main" ] && break
    sleep 1
done
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
