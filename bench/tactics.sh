#!/usr/bin/env bash
# The tactics suite as a measure: runs engine-tests/suites/tactics_*.tst against a binary
# and prints, per suite and in all, how many positions the playout policy gets right
# (`tengen-playout_owner`: at least 70 of 100 seeded playouts give the point to the right
# side) and how many the search gets right (`reg_genmove` at 3000 playouts, one thread,
# seed 1), expected failures (`*`) included, then the checks that fail without a `*`.
#
#   bench/tactics.sh                  # this checkout's release build
#   bench/tactics.sh /path/to/tengen  # any build (one without tengen-playout_owner scores
#                                     # no playout checks)
#
# Runs pinned to core 0 (CORE=N to change) with one build job.
set -uo pipefail
cd "$(dirname "$0")/.."
if [ $# -gt 0 ]; then
    TENGEN_TEST_BIN=$(realpath "$1")
    export TENGEN_TEST_BIN
fi
export CARGO_BUILD_JOBS=${CARGO_BUILD_JOBS:-1}
TENGEN_SUITE=tactics taskset -c "${CORE:-0}" \
    cargo test --release --test gtp_suites gtp_regression_suites -- --nocapture 2>&1 |
    grep -E '^(tactics |FAIL |UNEXPECTED PASS )' || true
