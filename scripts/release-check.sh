#!/usr/bin/env bash
# The release archive as a demo laptop gets it: scripts/release.sh with a throwaway minisign
# key (of the release binary already built), then SHA256SUMS and its signature verified, a
# changed archive refused by both, the archive unpacked into an empty folder and its binary
# started from there as a double-click starts it: `corpsite demo` with HOME and
# XDG_DATA_HOME in a temp folder, ports 8080 and 9090 held by this script, and BROWSER a
# script that records the address it is given. The site must answer on that address, keep
# its data under XDG_DATA_HOME/corpsite, and a second copy must start on another port.
# Prints the archive's size and the time from start to the first page.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

minisign -G -W -p "$work/corpsite.pub" -s "$work/corpsite.key" >/dev/null
scripts/release.sh --key "$work/corpsite.key" --out "$work/dist" --skip-build
archive=$(cd "$work/dist" && ls corpsite-*-x86_64-linux.tar.gz)

(cd "$work/dist" && minisign -Vm SHA256SUMS -p "$work/corpsite.pub" >/dev/null && sha256sum -c --quiet SHA256SUMS) ||
  fail "the archive's checksum or signature does not verify"
# A changed archive, or a changed list, must not verify.
cp -r "$work/dist" "$work/changed"
printf 'x' >>"$work/changed/$archive"
(cd "$work/changed" && ! sha256sum -c --quiet SHA256SUMS >/dev/null 2>&1) || fail "a changed archive passed sha256sum"
# One digit of the first checksum, changed to another (a fixed digit could be the one it had).
awk 'NR == 1 { c = substr($0, 1, 1); $0 = (c == "0" ? "1" : "0") substr($0, 2) } { print }' \
  "$work/dist/SHA256SUMS" >"$work/changed/SHA256SUMS"
! cmp -s "$work/dist/SHA256SUMS" "$work/changed/SHA256SUMS" || fail "the changed SHA256SUMS is not changed"
(cd "$work/changed" && ! minisign -Vm SHA256SUMS -p "$work/corpsite.pub" >/dev/null 2>&1) ||
  fail "a changed SHA256SUMS passed minisign"

mkdir "$work/unpacked"
tar -xzf "$work/dist/$archive" -C "$work/unpacked"
folder=$(echo "$work"/unpacked/corpsite-*)
for file in corpsite START-HERE.txt THIRD-PARTY-LICENSES.txt; do
  [ -f "$folder/$file" ] || fail "the archive has no $file"
done
grep -q "^serde " "$folder/THIRD-PARTY-LICENSES.txt" || fail "THIRD-PARTY-LICENSES.txt names no crate"
grep -q "^preact " "$folder/THIRD-PARTY-LICENSES.txt" || fail "THIRD-PARTY-LICENSES.txt names no npm package"

# Ports 8080 and 9090 taken, as on a laptop running something else (already taken is fine).
python3 - "$work/held" <<'PY' &
import socket, sys, time
held = []
for port in (8080, 9090):
    s = socket.socket()
    try:
        s.bind(("127.0.0.1", port)); s.listen(); held.append(s)
    except OSError:
        pass
open(sys.argv[1], "w").write("ready")
time.sleep(3600)
PY
pids+=($!)
for _ in $(seq 100); do [ -f "$work/held" ] && break; sleep 0.05; done

home=$work/home
mkdir -p "$home/data" "$work/bin"
cat >"$work/bin/record-browser" <<'SH'
#!/bin/sh
echo "$1" >>"$RECORD"
SH
chmod +x "$work/bin/record-browser"

# start N: one copy of the unpacked binary, as a double-click starts it; waits for its
# browser call and writes the address and the milliseconds it took to $work/result-N.
start() {
  local record=$work/browser-$1 started
  started=$(date +%s%N)
  (cd "$folder" && HOME=$home XDG_DATA_HOME=$home/data RECORD=$record BROWSER=$work/bin/record-browser \
    RUST_LOG=info exec ./corpsite demo </dev/null >"$work/out-$1" 2>&1) &
  pids+=($!)
  for _ in $(seq 300); do [ -s "$record" ] && break; sleep 0.05; done
  [ -s "$record" ] || fail "copy $1 opened no browser: $(tail -n 5 "$work/out-$1")"
  url=$(head -n 1 "$record")
  curl -sf -o /dev/null "$url" || fail "copy $1: $url does not answer"
  echo "$url $(( ($(date +%s%N) - started) / 1000000 ))" >"$work/result-$1"
}
start 1
read -r first first_ms <"$work/result-1"
case $first in http://127.0.0.1:8080/*|http://localhost:8080/*) fail "copy 1 took port 8080, which was held" ;; esac
[ -f "$home/data/corpsite/corpsite.db" ] || fail "no database under XDG_DATA_HOME/corpsite"
[ ! -e "$folder/data" ] || fail "the binary wrote ./data beside itself"
start 2
read -r second _ <"$work/result-2"
[ "$first" != "$second" ] || fail "the second copy has the first one's address"
echo "release archive: $archive, $(( $(stat -c %s "$work/dist/$archive") / 1024 )) KB; start to first page ${first_ms} ms; copies at $first and $second"
