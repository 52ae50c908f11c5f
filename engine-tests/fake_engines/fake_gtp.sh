#!/usr/bin/env bash
# A tiny, deliberately misbehaving GTP engine for the match-runner tests.
#
# usage: fake_gtp.sh MODE [--pids FILE] [--moves C3,D4,...] [--dead A1,B2,...] [--max-size N]
#                        [--delay SECONDS] [--kgs] [--kgs-refuses] [--kata] [--no-known-command]
#                        [--handicap fixed|free|none] [--fixed-points C3,G7]
#                        [--seed S --seeds FILE]
#
# MODE decides what `genmove` does:
#   pass      always passes
#   a1        always plays A1 (illegal from its second move on)
#   crash     exits at the first genmove
#   hang      never answers genmove (waits on a child `sleep`, which must be killed too)
#   nonsense  answers "= banana"
#   babble    answers with text that is not GTP at all
#   reject    passes, but rejects every `play` it is sent
#   slow      passes after 3 seconds
#   resign    resigns
#   moves     plays the --moves list in order, then passes
# --pids FILE  appends this process id (and any child's) to FILE, one a line
# --dead LIST  what `final_status_list dead` answers (default: nothing);
#              "refuse" makes it an error reply, "unknown" leaves the command out
# --max-size N  answers "unacceptable size" to boardsize above N
# --delay S     waits S seconds before answering any genmove (then does what MODE says)
# --kgs         knows kgs-time_settings (none, absolute MAIN, byoyomi|canadian MAIN PERIOD N);
#               without it the command is unknown, as in GNU Go 3.8
# --kgs-refuses names kgs-time_settings among its commands but refuses it
# --kata        knows kata-list_time_settings and kata-time_settings (KataGo's kinds)
# --no-known-command  has no known_command (list_commands still names every command)
# --handicap fixed  (default) knows fixed_handicap (answering GTP's fixed points) and
#                   set_free_handicap; "free": set_free_handicap only; "none": neither
# --fixed-points LIST  what fixed_handicap answers instead of GTP's fixed points
# --seed S      a seed (it changes nothing); with --seeds FILE it is appended to FILE
mode=${1:-pass}
shift
pids="" moves="" dead="" max_size=25 delay="" kgs="" kgs_refuses="" kata="" known=yes
handicap=fixed fixed_points="" size=19 seed="" seeds=""
while [ $# -gt 0 ]; do
  case $1 in
    --pids) pids=$2; shift 2 ;;
    --moves) moves=$2; shift 2 ;;
    --dead) dead=$2; shift 2 ;;
    --max-size) max_size=$2; shift 2 ;;
    --delay) delay=$2; shift 2 ;;
    --kgs) kgs=yes; shift ;;
    --kgs-refuses) kgs=yes; kgs_refuses=yes; shift ;;
    --kata) kata=yes; shift ;;
    --no-known-command) known=""; shift ;;
    --handicap) handicap=$2; shift 2 ;;
    --fixed-points) fixed_points=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --seeds) seeds=$2; shift 2 ;;
    *) echo "fake_gtp: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -n "$pids" ] && echo $$ >> "$pids"
[ -n "$seeds" ] && echo "$seed" >> "$seeds"
IFS=, read -r -a todo <<< "$moves"
next=0
commands="protocol_version name version list_commands boardsize clear_board komi play genmove"
commands="$commands final_status_list time_settings time_left quit"
[ -n "$known" ] && commands="$commands known_command"
[ "$dead" = unknown ] && commands=${commands/ final_status_list/}
[ -n "$kgs" ] && commands="$commands kgs-time_settings"
[ -n "$kata" ] && commands="$commands kata-list_time_settings kata-time_settings"
[ "$handicap" = fixed ] && commands="$commands fixed_handicap"
[ "$handicap" != none ] && commands="$commands set_free_handicap"

# GTP's fixed handicap points for $1 stones on a $size board (section 4.1.1), or nothing.
fixed() {
  local n=$1 cols=ABCDEFGHJKLMNOPQRSTUVWXYZ lo=2 hi mid i m out=""
  [ "$size" -ge 7 ] && [ "$n" -ge 2 ] && [ "$n" -le 9 ] || return
  if [ $((size % 2)) -eq 0 ] || [ "$size" -eq 7 ]; then [ "$n" -le 4 ] || return; fi
  [ "$size" -ge 13 ] && lo=3
  hi=$((size - 1 - lo)); mid=$((size / 2))
  local xs=($lo $hi $lo $hi $lo $hi $mid $mid) ys=($lo $hi $hi $lo $mid $mid $lo $hi)
  m=$n; [ $((n % 2)) -eq 1 ] && [ "$n" -ge 5 ] && m=$((n - 1))
  for ((i = 0; i < m; i++)); do out="$out ${cols:${xs[$i]}:1}$((${ys[$i]} + 1))"; done
  [ "$m" -ne "$n" ] && out="$out ${cols:$mid:1}$((mid + 1))"
  echo ${out# }
}

ok() { printf '= %s\n\n' "$1"; }
err() { printf '? %s\n\n' "$1"; }

echo "fake_gtp $mode started" >&2
while IFS= read -r line; do
  line=${line%$'\r'}
  read -r -a w <<< "$line"
  [ ${#w[@]} -eq 0 ] && continue
  # Arguments are checked strictly, as a real engine would.
  n=$((${#w[@]} - 1))
  case ${w[0]} in
    boardsize|komi|genmove|final_status_list|known_command|fixed_handicap) want=1 ;;
    set_free_handicap) want=$n; [ $n -lt 2 ] && want=2 ;;
    play) want=2 ;;
    time_settings|time_left) want=3 ;;
    kgs-time_settings)
      case ${w[1]} in none) want=1 ;; absolute) want=2 ;; byoyomi|canadian) want=4 ;; *) want=-1 ;; esac ;;
    kata-time_settings)
      case ${w[1]} in none) want=1 ;; absolute) want=2 ;; fischer) want=3 ;; byoyomi|canadian) want=4 ;;
        fischer-capped) want=5 ;; *) want=-1 ;; esac ;;
    *) want=0 ;;
  esac
  known_here=""
  case " $commands " in *" ${w[0]} "*) known_here=yes ;; esac
  if [ -z "$known_here" ]; then err "unknown command"; continue; fi
  if [ $n -ne $want ]; then err "syntax error"; continue; fi
  case ${w[0]} in
    genmove|play|time_left)
      case ${w[1]} in b|w|B|W|black|white) ;; *) err "syntax error"; continue ;; esac ;;
  esac
  case ${w[0]} in
    name) ok "fake-$mode" ;;
    version) ok "0.0" ;;
    protocol_version) ok 2 ;;
    boardsize)
      if [ "${w[1]}" -gt "$max_size" ] 2>/dev/null; then err "unacceptable size"; else size=${w[1]}; ok ""; fi ;;
    fixed_handicap)
      pts=$(fixed "${w[1]}")
      if [ -z "$pts" ]; then err "invalid number of stones"
      elif [ -n "$fixed_points" ]; then ok "${fixed_points//,/ }"
      else ok "$pts"; fi ;;
    set_free_handicap) ok "" ;;
    clear_board|komi|time_settings|time_left) ok "" ;;
    kgs-time_settings)
      if [ -n "$kgs_refuses" ]; then err "not supported"; else ok ""; fi ;;
    kata-time_settings) ok "" ;;
    kata-list_time_settings) ok "none absolute byoyomi canadian fischer fischer-capped" ;;
    known_command)
      case " $commands " in *" ${w[1]} "*) ok true ;; *) ok false ;; esac ;;
    list_commands) ok "$(printf '%s\n' $commands)" ;;
    play)
      if [ "$mode" = reject ]; then err "illegal move"; else ok ""; fi ;;
    genmove)
      [ -n "$delay" ] && sleep "$delay"
      case $mode in
        pass|reject) ok pass ;;
        a1) ok A1 ;;
        crash) echo "fake_gtp: crashing" >&2; exit 3 ;;
        hang) sleep 1000 & [ -n "$pids" ] && echo $! >> "$pids"; wait ;;
        nonsense) ok banana ;;
        babble) printf 'I think I will play somewhere nice\n\n' ;;
        slow) sleep 3; ok pass ;;
        resign) ok resign ;;
        moves)
          if [ $next -lt ${#todo[@]} ]; then ok "${todo[$next]}"; next=$((next + 1)); else ok pass; fi ;;
        *) err "unknown mode $mode" ;;
      esac ;;
    final_status_list)
      if [ "$dead" = refuse ]; then err "cannot score"; else ok "${dead//,/ }"; fi ;;
    quit) ok ""; exit 0 ;;
    *) err "unknown command" ;;
  esac
done
