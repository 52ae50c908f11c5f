#!/usr/bin/env bash
# A GTP engine whose strength is one tuned parameter, for the `tengen tune` tests.
#
# usage: fake_tuned.sh --watch NAME --threshold T [--log FILE] [--seed S] [--param NAME=VALUE]...
#
# It takes every `--param NAME=VALUE` (as `tengen tune` appends them), logs them to FILE
# one run a line, and looks at NAME's value: at T or above it passes at every genmove
# (and wins as White by komi, or by the opponent's resignation), below T it resigns at
# its first genmove. So the side whose NAME is higher wins a pair, and SPSA must raise NAME
# while it is below T.
watch="" threshold="" log="" value="" params=""
while [ $# -gt 0 ]; do
  case $1 in
    --watch) watch=$2; shift 2 ;;
    --threshold) threshold=$2; shift 2 ;;
    --log) log=$2; shift 2 ;;
    --seed) shift 2 ;;
    --param)
      params="$params $2"
      case $2 in "$watch="*) value=${2#*=} ;; esac
      shift 2 ;;
    *) echo "fake_tuned: unknown option $1" >&2; exit 2 ;;
  esac
done
if [ -z "$watch" ] || [ -z "$threshold" ]; then
  echo "fake_tuned: --watch and --threshold are needed" >&2; exit 2
fi
[ -n "$log" ] && echo "${params# }" >> "$log"
strong=$(awk -v v="${value:-0}" -v t="$threshold" 'BEGIN { print (v + 0 >= t + 0) ? 1 : 0 }')
commands="protocol_version name version list_commands known_command boardsize clear_board"
commands="$commands komi play genmove final_status_list quit"
ok() { printf '= %s\n\n' "$1"; }
while IFS= read -r line; do
  line=${line%$'\r'}
  read -r -a w <<< "$line"
  [ ${#w[@]} -eq 0 ] && continue
  case ${w[0]} in
    name) ok "fake-tuned" ;;
    version) ok "$watch=${value:-unset}" ;;
    protocol_version) ok 2 ;;
    list_commands) ok "$(printf '%s\n' $commands)" ;;
    known_command)
      case " $commands " in *" ${w[1]} "*) ok true ;; *) ok false ;; esac ;;
    boardsize|clear_board|komi|play) ok "" ;;
    genmove) if [ "$strong" = 1 ]; then ok pass; else ok resign; fi ;;
    final_status_list) ok "" ;;
    quit) ok ""; exit 0 ;;
    *) printf '? unknown command\n\n' ;;
  esac
done
