#!/usr/bin/env bash
# A short SPSA tuning session of Tengen against itself (see bench/README.md, "Tuning").
#
# usage: bench/tune.sh [ITERATIONS] [STATE]
#   9x9, komi 7.5, chinese rules, both sides one thread at PLAYOUTS playouts a move with the
#   game's own seed, each pair from 4 random quiet opening moves; tunes the parameters of
#   TUNE (default: expand_visits and heavy_lgrf, which the ablations at fixed playouts
#   suggested are off their best) over ITERATIONS pairs (default 100).
#   The state goes to STATE (default target/tune/bench.json), the games beside it; running
#   the same command again resumes an unfinished session (or says it is finished).
# Environment: TENGEN (binary, default target/release/tengen, built if missing),
#   PLAYOUTS (default 300), PARALLEL (games at once, default 2), BATCH (pairs a batch,
#   default 4), SEED (default 1), TUNE (the --tune options, space-separated).
# The learning rate here (R_END 0.05) is far above fishtest's 0.002, so that a session of a
# few dozen pairs moves visibly; a real tuning run wants thousands of pairs and a smaller
# R_END (the noise of a game result is large beside a few Elo of gradient).
set -euo pipefail
cd "$(dirname "$0")/.."

iterations=${1:-100}
state=${2:-target/tune/bench.json}
TENGEN=${TENGEN:-target/release/tengen}
PLAYOUTS=${PLAYOUTS:-300}
PARALLEL=${PARALLEL:-2}
BATCH=${BATCH:-4}
SEED=${SEED:-1}
TUNE=${TUNE:-"expand_visits=8,1,16,2,0.05 heavy_lgrf=90,0,100,15,0.05"}

if [ "$TENGEN" = target/release/tengen ]; then
  cargo build --release --quiet
fi
mkdir -p "$(dirname "$state")"
tune_args=()
for t in $TUNE; do
  tune_args+=(--tune "$t")
done

exec "$TENGEN" tune \
  --engine "tengen=$TENGEN --threads 1 --playouts $PLAYOUTS --seed {seed}" \
  "${tune_args[@]}" \
  --iterations "$iterations" --batch "$BATCH" --parallel "$PARALLEL" --seed "$SEED" \
  --size 9 --komi 7.5 --rules chinese --random-opening 4 --move-timeout 120 \
  --state "$state"
