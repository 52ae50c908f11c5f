#!/usr/bin/env bash
# Release archives (issue 55): builds tengen for Linux x86_64 (static, musl) and Windows x86_64
# (MinGW-w64), packs each with README.md, LICENSE, VERSION and docs/, writes SHA256SUMS beside
# them, and then checks what a user would download: the sums, each archive unpacked into an
# empty folder and the GTP black-box suites run against the unpacked binary (the .exe under
# wine), and `cargo install --path . --locked` into an empty root with the GTP suites against
# the installed binary. The version scheme and the user's side: docs/release.md.
#
# usage: bench/release.sh [OUT_DIR]     (default target/dist)
#   OUT_DIR gets tengen-VERSION-x86_64-linux-musl.tar.gz, tengen-VERSION-x86_64-windows.zip and
#   SHA256SUMS (the files to publish), and logs/ with the build and test output and
#   checks.txt, the suites' results. Not in CI (.ci/run): three full release builds and the
#   suites under wine take far too long there.
# What it does:
#   1. cargo build --release --locked for x86_64-unknown-linux-musl (rustup target add;
#      statically linked: checked with `file`) and x86_64-pc-windows-gnu (Debian's MinGW-w64
#      and wine through bench/wine.sh, as bench/windows.sh), with the release profile of
#      Cargo.toml (fat LTO, one codegen unit) but no debug info (CARGO_PROFILE_RELEASE_DEBUG=0,
#      STRIP=debuginfo: symbol names stay, so a panic's backtrace still names functions);
#   2. the archives: one top folder tengen-VERSION-PLATFORM/ with the binary, README.md,
#      LICENSE, VERSION (crate version, the `version` reply, commit, target, rustc) and docs/;
#      file dates set to the commit's time, owners and order fixed, so the same binaries give
#      the same archives;
#   3. the checks: `sha256sum -c SHA256SUMS`; each archive unpacked into an empty temporary
#      folder, its file list compared, and `cargo test --release --test SUITE...` with
#      TENGEN_TEST_BIN at the unpacked binary (Linux: wine_suites and tune; Windows:
#      wine_suites through a wine wrapper; the stand-in bcryptprimitives.dll that wine 8.0
#      needs stays outside the unpacked folder, on wine's PATH); `cargo install --path .
#      --root TMP --locked` (the user's command, Cargo.toml's profile as it is) and gtp_suites
#      and framing against TMP/bin/tengen. The test programs themselves are built with thin LTO
#      as in bench/windows.sh, which shares that build.
# Exits non-zero when a check fails (every check still runs).
# Environment: CARGO_BUILD_JOBS (default 1), TEST_THREADS (default 1), WINEPREFIX
#   (bench/wine.sh), KEEP_TMP=1 keeps the unpacked folders.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
out=${1:-target/dist}
mkdir -p "$out/logs"
out=$(cd "$out" && pwd)
logs=$out/logs
. bench/wine.sh

export CARGO_BUILD_JOBS=${CARGO_BUILD_JOBS:-1}
start=$SECONDS
phase_start=$SECONDS
: >"$logs/checks.txt"
note() { echo "$*" | tee -a "$logs/checks.txt"; }
phase() {
  note "[$(date -u +%H:%M:%S)] $1 ($((SECONDS - phase_start)) s since the last step)"
  phase_start=$SECONDS
}
failed=0

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
commit=$(git rev-parse HEAD)
epoch=$(git log -1 --format=%ct HEAD)
dirty=
if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
  dirty=" (with uncommitted changes)"
  echo "warning: the work tree has uncommitted changes: not a release build" >&2
fi
linux_name=tengen-$version-x86_64-linux-musl
windows_name=tengen-$version-x86_64-windows
note "Tengen $version, commit $commit$dirty, into $out"

# 1. The builds.
if ! rustup target list --installed | grep -qx x86_64-unknown-linux-musl; then
  echo "rust target missing: rustup target add x86_64-unknown-linux-musl" >&2
  exit 1
fi
windows_tools
build() {
  CARGO_PROFILE_RELEASE_DEBUG=0 CARGO_PROFILE_RELEASE_STRIP=debuginfo \
    cargo build --release --locked --target "$1" 2>&1 | tee "$logs/build-$1.log" | tail -n 2
}
build x86_64-unknown-linux-musl
phase "built x86_64-unknown-linux-musl"
build x86_64-pc-windows-gnu
phase "built x86_64-pc-windows-gnu"
linux_bin=$root/target/x86_64-unknown-linux-musl/release/tengen
windows_bin=$root/target/x86_64-pc-windows-gnu/release/tengen.exe
note "linux binary: $(file -b "$linux_bin")"
if ! file -b "$linux_bin" | grep -Eq 'static(-pie)? linked'; then
  note "FAILED: the Linux binary is not statically linked"
  failed=1
fi
note "windows binary: $(file -b "$windows_bin")"
note "windows binary imports: $(x86_64-w64-mingw32-objdump -p "$windows_bin" |
  sed -n 's/^\tDLL Name: //p' | sort -fu | tr '\n' ' ')"

# 2. The archives. The `version` reply comes from the engine itself.
reply=$(printf 'version\nquit\n' | "$linux_bin" 2>/dev/null | sed -n 's/^= \(.\+\)$/\1/p' | head -n 1)
rustc_version=$(rustc --version)
work=$(mktemp -d /tmp/tengen-release.XXXXXX)
if [ "${KEEP_TMP:-0}" = 1 ]; then
  trap 'wine_stop' EXIT
else
  trap 'wine_stop; rm -rf "$work"' EXIT
fi
stage() { # NAME BINARY TARGET
  local dir=$work/stage/$1
  mkdir -p "$dir"
  cp "$2" "$dir/"
  cp README.md LICENSE "$dir/"
  cp -r docs "$dir/docs"
  cat >"$dir/VERSION" <<EOF
Tengen $version
GTP version reply: $reply (the crate version with 100 added to its middle number, for Lizzie)
commit: $commit$dirty
target: $3
built with: $rustc_version, cargo build --release --locked
licence: GPL-3.0-or-later (LICENSE)
EOF
  find "$dir" -exec touch -h -d "@$epoch" {} +
}
stage "$linux_name" "$linux_bin" x86_64-unknown-linux-musl
stage "$windows_name" "$windows_bin" x86_64-pc-windows-gnu
rm -f "$out/$linux_name.tar.gz" "$out/$windows_name.zip"
tar --sort=name --mtime="@$epoch" --owner=0 --group=0 --numeric-owner \
  -C "$work/stage" -cf - "$linux_name" | gzip -n -9 >"$out/$linux_name.tar.gz"
(cd "$work/stage" && find "$windows_name" | LC_ALL=C sort |
  TZ=UTC zip -X -9 -q "$out/$windows_name.zip" -@)
(cd "$out" && sha256sum "$linux_name.tar.gz" "$windows_name.zip" >SHA256SUMS)
phase "packed"
note "$(cd "$out" && ls -l "$linux_name.tar.gz" "$windows_name.zip" | awk '{print $5, $9}')"
note "$(cat "$out/SHA256SUMS")"

# 3. The checks.
if (cd "$out" && sha256sum -c SHA256SUMS); then
  note "SHA256SUMS: ok"
else
  note "FAILED: SHA256SUMS"
  failed=1
fi
expected=$(cd "$work/stage" && find "$linux_name" | LC_ALL=C sort | sed "s/^$linux_name//")
# suites LABEL BINARY SUITE...: the suites against BINARY; their results into checks.txt.
suites() {
  local label=$1 bin=$2
  shift 2
  local targets=()
  for s in "$@"; do targets+=(--test "$s"); done
  note "$label: $("$bin" --version 2>&1 | tr -d '\r'), version reply" \
    "$(printf 'version\nquit\n' | "$bin" 2>/dev/null | tr -d '\r' | sed -n 's/^= //p' | head -n 1)"
  local rc=0
  CARGO_PROFILE_RELEASE_LTO=thin CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    CARGO_PROFILE_RELEASE_DEBUG=0 TENGEN_TEST_BIN=$bin \
    cargo test --release --no-fail-fast "${targets[@]}" -- --test-threads "${TEST_THREADS:-1}" \
    >"$logs/test-$label.log" 2>&1 || rc=$?
  awk -v label="$label" '/^ *Running /{s=$2; sub(/.*\//, "", s); sub(/\.rs$/, "", s)}
    /^test result:/{sub(/^test result: /, ""); print label ": " s ": " $0}' \
    "$logs/test-$label.log" | tee -a "$logs/checks.txt"
  if [ $rc -ne 0 ]; then
    note "FAILED: $label (cargo test exited with $rc; $logs/test-$label.log)"
    failed=1
  fi
}
# unpacked LABEL NAME: the file list of the unpacked NAME against the staged one.
unpacked() {
  local got
  got=$(cd "$work/$1" && find "$2" | LC_ALL=C sort | sed "s/^$2//;s/tengen\.exe$/tengen/")
  if [ "$got" = "$expected" ]; then
    note "$1: unpacked $2, $(echo "$got" | wc -l) entries as packed"
  else
    note "FAILED: $1: the unpacked files differ: $(diff <(echo "$expected") <(echo "$got") | tr '\n' ' ')"
    failed=1
  fi
}

mkdir "$work/linux"
tar -xzf "$out/$linux_name.tar.gz" -C "$work/linux"
unpacked linux "$linux_name"
suites linux "$work/linux/$linux_name/tengen" "${wine_suites[@]}" tune
phase "checked the Linux archive"

mkdir "$work/windows"
unzip -q "$out/$windows_name.zip" -d "$work/windows"
unpacked windows "$windows_name"
wine_wrapper "$work/windows/$windows_name/tengen.exe" "$work/tengen-wine"
suites windows "$work/tengen-wine" "${wine_suites[@]}"
wine_stop
phase "checked the Windows archive"

mkdir "$work/install"
if cargo install --path . --root "$work/install" --locked >"$logs/install.log" 2>&1; then
  note "cargo install --path . --locked: $(ls "$work/install/bin")"
  suites install "$work/install/bin/tengen" gtp_suites framing
else
  note "FAILED: cargo install --path . --locked ($logs/install.log)"
  failed=1
fi
phase "checked cargo install"

note "total: $((SECONDS - start)) s; $([ $failed = 0 ] && echo 'every check passed' || echo 'SOME CHECK FAILED')"
exit $failed
