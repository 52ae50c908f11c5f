# Sourced by bench/windows.sh and bench/release.sh (not run): the MinGW-w64 tool chain and a
# wine in which a tengen.exe runs, shared by both. Expects `root` (the repository) to be set.
#
#   windows_tools        installs gcc-mingw-w64-x86-64 and wine (Debian 12: packages wine and
#                        wine64) if missing; fails unless the rust target x86_64-pc-windows-gnu
#                        is installed (rustup target add x86_64-pc-windows-gnu).
#   wine_wrapper EXE OUT writes OUT, a script that execs `wine EXE "$@"`, builds the stand-in
#                        bcryptprimitives.dll, creates the wine prefix if missing, starts one
#                        persistent wineserver, so that an engine starts in a fraction of a
#                        second, and runs EXE once; the caller stops the server (wine_stop).
#   wine_stop            stops that wineserver.
#
# Wine 8.0 has no bcryptprimitives.dll, from which Rust's standard library (1.78 and later)
# takes random bytes (ProcessPrng): without it tengen.exe exits with status 53 before main.
# The stand-in (bench/windows-prng-shim.c) lives in target/windows/shim/, which the wrapper
# puts on wine's PATH (WINEPATH; Windows looks for a DLL beside the .exe, then in the system
# folders, then on PATH), so the folder of the .exe stays as it was unpacked. Every Windows 10
# and 11 has the real DLL: the stand-in is for wine only and never shipped.
#
#   wine_suites          the test targets that start the engine through TENGEN_TEST_BIN and
#                        run under wine (match_fake_engines and tune need POSIX shell engines).
#
# Environment: WINEPREFIX (default target/windows/wineprefix).

wine_suites=(gtp_suites framing state random_input clients analysis clock sgf_roundtrip gtp2ogs
  review docs status_exhaustive ponder)

windows_tools() {
  if ! command -v x86_64-w64-mingw32-gcc >/dev/null || ! command -v wine >/dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends gcc-mingw-w64-x86-64 wine wine64 >/dev/null
  fi
  if ! rustup target list --installed | grep -qx x86_64-pc-windows-gnu; then
    echo "rust target missing: rustup target add x86_64-pc-windows-gnu" >&2
    return 1
  fi
}

wine_wrapper() {
  local exe=$1 out=$2 shim=$root/target/windows/shim
  mkdir -p "$shim"
  printf 'LIBRARY bcryptprimitives\nEXPORTS\nProcessPrng\n' >"$shim/prng-shim.def"
  x86_64-w64-mingw32-gcc -shared -O2 -o "$shim/bcryptprimitives.dll" \
    "$root/bench/windows-prng-shim.c" "$shim/prng-shim.def" -ladvapi32
  export WINEPREFIX=${WINEPREFIX:-$root/target/windows/wineprefix}
  export WINEDEBUG=-all
  mkdir -p "$(dirname "$out")"
  cat >"$out" <<EOF
#!/bin/sh
# $exe under wine (written by bench/wine.sh)
WINEPREFIX='$WINEPREFIX' WINEDEBUG=-all WINEPATH='Z:${shim//\//\\}' exec wine '$exe' "\$@"
EOF
  chmod +x "$out"
  if [ ! -d "$WINEPREFIX" ]; then
    wineboot -i >/dev/null 2>&1 || true
  fi
  wineserver -p 2>/dev/null || true # (already running: fine)
  # The first program of a fresh wineserver starts wine's services (services.exe, winedevice,
  # rpcss...), which keep its stderr open as long as the server runs: started here with
  # /dev/null, so that `$("$out" ...)` and the tests' pipes see their end of file.
  "$out" --version </dev/null >/dev/null 2>&1 || true
}

wine_stop() {
  wineserver -k 2>/dev/null || true
}
