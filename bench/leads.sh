#!/usr/bin/env bash
# Enquiry load on the release binary, rate limit off, quiet logs, fresh data dir:
#   1. 400 connections at once for 5 s: every answer must be 201, every 201 a stored row, and no
#      enquiry stored twice (wrk cuts requests in flight at the end: those may be stored unseen);
#   2. sustained throughput with 64 connections for DURATION (default 15 s): >= 1,000/s.
# Then the server's peak memory, and its log must hold no error (no "database is locked").
# Needs wrk. Usage: bash bench/leads.sh [DURATION]
set -euo pipefail
cd "$(dirname "$0")/.."
duration="${1:-15s}"

command -v wrk >/dev/null || { echo "bench/leads.sh needs wrk (apt-get install wrk)" >&2; exit 1; }
cargo build --release --quiet
binary=target/release/corpsite

data="$(mktemp -d)"
out="$data/serve.out"
CORPSITE_ADMIN_ADDR=off RUST_LOG=warn "$binary" serve --addr 127.0.0.1:0 --data-dir "$data/data" --rate-limit 0 --form-proof off >"$out" 2>"$data/serve.err" &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 100); do grep -q "is serving" "$out" 2>/dev/null && break; sleep 0.05; done
url="$(grep -o 'http://[^/]*/' "$out")"

# The CLI's enquiries export: Reference, Received, Name, ... (the name is the third column).
export_names() { "$binary" leads export --data-dir "$data/data" | tail -n +2 | cut -d, -f3; }
acknowledged() { sed -n 's/^answers: \([0-9]*\) x 201, \([0-9]*\) other$/\1 \2/p' "$1"; }

run() { # connections duration
  local log="$data/wrk-$1.log" before after twice
  before="$(export_names | wc -l)"
  wrk -t2 -c"$1" -d"$2" --latency -s bench/leads-post.lua "$url" -- "c$1" | tee "$log"
  after="$(export_names | wc -l)"
  twice="$(export_names | sort | uniq -d | wc -l)"
  read -r created other < <(acknowledged "$log")
  echo "stored rows: $((after - before)) for $created acknowledged; stored twice: $twice; other answers: $other"
  if [ "$other" != 0 ] || [ "$twice" != 0 ] || [ "$((after - before))" -lt "$created" ] \
     || [ "$((after - before - created))" -gt "$1" ]; then
    echo "FAIL: every answer must be 201, every 201 stored, nothing stored twice" >&2
    exit 1
  fi
}

echo "==> 400 concurrent connections, 5 s"
run 400 5s
echo "==> sustained, 64 connections, $duration"
run 64 "$duration"
echo "==> server peak resident memory: $(awk '/VmHWM/ {print $2, $3}' "/proc/$server/status")"
if grep -iE "error|locked" "$data/serve.err"; then
  echo "FAIL: the server logged errors under load" >&2
  exit 1
fi
echo "==> no errors logged"
