#!/usr/bin/env bash
# Checks that the crate still compiles for Windows, where only src/platform/other.rs stands
# in for what Linux does (clippy, warnings as errors). Not part of the test command: it
# builds every dependency's C code a second time with MinGW (about 5 minutes on 2 cores).
# Needs the target (rustup target add x86_64-pc-windows-gnu) and MinGW's C compiler
# (Debian: apt-get install gcc-mingw-w64-x86-64); installs both when it can.
set -euo pipefail
cd "$(dirname "$0")/.."
target=x86_64-pc-windows-gnu

if ! rustup target list --installed | grep -qx "$target"; then
  rustup target add "$target"
fi
if ! command -v x86_64-w64-mingw32-gcc >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get install -y gcc-mingw-w64-x86-64
  else
    echo "MinGW's C compiler is missing: apt-get install gcc-mingw-w64-x86-64" >&2
    exit 1
  fi
fi
# The UI is embedded as built for Linux: the same files, and npm need not run again.
if [ ! -f ui/dist/index.html ]; then
  echo "ui/dist is missing: build the UI first (cargo build, or npm run build in ui/)" >&2
  exit 1
fi
CORPSITE_SKIP_UI_BUILD=1 cargo clippy --locked --target "$target" --lib --bins -- -D warnings
echo "corpsite compiles for $target"
