#!/usr/bin/env bash
# The library comparison of docs/training.md: the policy network trained with candle
# (bench/candle-policy, AdamW, random input) against Tengen's own trainer on the gemm crate
# (`tengen policy train`, the same network), both on every core of this machine, one run
# each after a warm-up; then each one's batch-1 forward pass.
#   bash bench/candle-policy.sh [BLOCKS FILTERS]     (default 6 64)
set -euo pipefail
cd "$(dirname "$0")/.."
B=${1:-6}
F=${2:-64}
STEPS=${STEPS:-6}
cargo build --release --quiet
cargo build --release --quiet --manifest-path bench/candle-policy/Cargo.toml
echo "candle (batch 32, $STEPS steps):"
bench/candle-policy/target/release/candle-policy "$B" "$F" 19 32 "$STEPS"
echo "tengen (batch 64, 5,120 positions from ../shared/data/tom-9d):"
tmp=$(mktemp -d)
target/release/tengen policy train --records ../shared/data/tom-9d --checkpoint "$tmp/c" \
  --blocks "$B" --filters "$F" --positions 5120 --log-every 2560 --eval-every 1000000 \
  --eval-positions 64 2>/dev/null | grep positions_per_second | tail -1
echo "tengen batch-1 forward, one core:"
target/release/tengen bench policy --blocks "$B" --filters "$F" --runs 3
rm -rf "$tmp"
