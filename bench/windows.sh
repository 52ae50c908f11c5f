#!/usr/bin/env bash
# Windows for real (issue 41): cross-builds tengen.exe for x86_64-pc-windows-gnu with Debian's
# MinGW-w64 and runs the GTP black-box suites against it under Debian's wine.
#
# usage: bench/windows.sh [SUITE...]
#   SUITE: test targets (default: bench/wine.sh's wine_suites, those that start the engine
#   through TENGEN_TEST_BIN and need no POSIX shell engine). Not in CI (.ci/run): the
#   cross-build and wine's start-up per engine make it far too slow there.
# What it does:
#   1. installs gcc-mingw-w64-x86-64 and wine (Debian 12: packages wine and wine64) if
#      missing; the rust target x86_64-pc-windows-gnu must be installed (rustup target add);
#   2. cargo build --release --target x86_64-pc-windows-gnu, with thin LTO, 16 codegen units
#      and no debug info (CARGO_PROFILE_RELEASE_* in this script's environment only, for the
#      Linux test build too) to keep the builds short: neither binary is one to measure speed
#      with;
#   3. builds a stand-in bcryptprimitives.dll on wine's PATH (bench/windows-prng-shim.c:
#      wine 8.0 lacks the DLL that Rust's std takes random bytes from; without it tengen.exe
#      exits with status 53 before main);
#   4. writes target/windows/tengen-wine, a wrapper that execs `wine tengen.exe "$@"`, starts
#      one persistent wineserver (so an engine starts in a fraction of a second) and
#      runs `cargo test --release --test SUITE...` with TENGEN_TEST_BIN pointing at the
#      wrapper. The test binaries themselves are Linux programs (they need the Linux build of
#      tengen too: cargo builds it as usual).
# Steps 1, 3 and the wine set-up of 4 are bench/wine.sh's, shared with bench/release.sh.
# Environment: WINEPREFIX (default target/windows/wineprefix), CARGO_BUILD_JOBS (default 1),
#   TEST_THREADS (default 1: one test at a time, as the README's figures were run).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

. bench/wine.sh
suites=("$@")
if [ ${#suites[@]} -eq 0 ]; then
  suites=("${wine_suites[@]}")
fi
windows_tools

export CARGO_BUILD_JOBS=${CARGO_BUILD_JOBS:-1}
export CARGO_PROFILE_RELEASE_LTO=thin CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16
export CARGO_PROFILE_RELEASE_DEBUG=0
cargo build --release --target x86_64-pc-windows-gnu
exe=$root/target/x86_64-pc-windows-gnu/release/tengen.exe

wrapper=$root/target/windows/tengen-wine
wine_wrapper "$exe" "$wrapper"
trap wine_stop EXIT
"$wrapper" --version

targets=()
for s in "${suites[@]}"; do targets+=(--test "$s"); done
TENGEN_TEST_BIN=$wrapper cargo test --release "${targets[@]}" -- \
  --test-threads "${TEST_THREADS:-1}"
