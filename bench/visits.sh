#!/usr/bin/env bash
# The page-view beacon on the release binary, fresh data dir, quiet logs: wrk posts views
# from 64 connections for DURATION (default 15 s) as browsers' beacons do. Then the views
# written must equal the 204s answered (none lost, the last second included once the server
# has written it) and the day's roll-up, then the server's peak memory; its log must hold no
# error. The per-client view limit is off (--visit-rate-limit 0): all views come from one
# address, and this measures the writer, not the limit (bench/visits-flood.sh does that).
# Target: >= 20,000 views a second on the 2-core machine.
# Needs wrk and sqlite3. Usage: bash bench/visits.sh [DURATION]
set -euo pipefail
cd "$(dirname "$0")/.."
duration="${1:-15s}"

command -v wrk >/dev/null || { echo "bench/visits.sh needs wrk (apt-get install wrk)" >&2; exit 1; }
command -v sqlite3 >/dev/null || { echo "bench/visits.sh needs sqlite3 (apt-get install sqlite3)" >&2; exit 1; }
cargo build --release --quiet
binary=target/release/corpsite

data="$(mktemp -d)"
out="$data/serve.out"
CORPSITE_ADMIN_ADDR=off RUST_LOG=warn "$binary" serve --addr 127.0.0.1:0 --data-dir "$data/data" --visit-rate-limit 0 >"$out" 2>"$data/serve.err" &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 100); do grep -q "is serving" "$out" 2>/dev/null && break; sleep 0.05; done
url="$(grep -o 'http://[^/]*/' "$out" | head -1)"
origin="${url%/}"

views() { sqlite3 "file:$data/data/corpsite.db?mode=ro" "SELECT count(*) FROM visits"; }

log="$data/wrk.log"
wrk -t2 -c64 -d"$duration" --latency -s bench/visits-post.lua "$url" -- "$origin" | tee "$log"
# The server writes each second and rolls up each ten: eleven seconds on, every counted view
# is on disk and in the day's roll-up.
sleep 11
read -r answered other < <(sed -n 's/^answers: \([0-9]*\) x 204, \([0-9]*\) other$/\1 \2/p' "$log")
written="$(views)"
echo "views written: $written for $answered answered 204; other answers: $other"
echo "server peak resident memory: $(awk '/VmHWM/ {print $2, $3}' "/proc/$server/status")"
rolled="$(sqlite3 "file:$data/data/corpsite.db?mode=ro" "SELECT coalesce(sum(views), 0) FROM visit_days WHERE kind = 'all'")"
echo "in the day's roll-up: $rolled views"
if [ "$other" != 0 ] || [ "$written" -lt "$answered" ] || [ "$rolled" != "$written" ]; then
  echo "FAIL: every answer must be 204, every view answered written and rolled up" >&2
  exit 1
fi
if grep -iE "error|locked" "$data/serve.err"; then
  echo "FAIL: the server logged errors under load" >&2
  exit 1
fi
