#!/usr/bin/env bash
# One client flooding the page-view beacon on the release binary (fresh data dir, quiet logs,
# form rate limit off so the form's own posts all go through): first a contact form posted
# every 50 ms alone for DURATION, then the same form beside wrk flooding POST /api/visits
# from 127.0.0.1 on 64 connections, every beacon a browser's with a new campaign, source and
# referring site. Reports the beacon's answers, the views and day roll-ups written, the
# database and WAL on disk, and the form's p99 alone and beside the flood.
# Goal: rows and disk bounded by the per-client limit, the form's p99 within 2x of alone.
# Needs wrk and sqlite3. Usage: bash bench/visits-flood.sh [SECONDS] [BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-15}"
binary="${2:-target/release/corpsite}"

command -v wrk >/dev/null || { echo "bench/visits-flood.sh needs wrk (apt-get install wrk)" >&2; exit 1; }
command -v sqlite3 >/dev/null || { echo "bench/visits-flood.sh needs sqlite3 (apt-get install sqlite3)" >&2; exit 1; }
[ -n "${2:-}" ] || cargo build --release --quiet

data="$(mktemp -d)"
out="$data/serve.out"
CORPSITE_ADMIN_ADDR=off RUST_LOG=warn "$binary" serve --addr 127.0.0.1:0 --data-dir "$data/data" --rate-limit 0 --form-proof off >"$out" 2>"$data/serve.err" &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 200); do grep -q "is serving" "$out" 2>/dev/null && break; sleep 0.05; done
url="$(grep -o 'http://[^/]*/' "$out" | head -1)"
origin="${url%/}"
hostport="${origin#http://}"

echo "alone:"
python3 bench/form-latency.py "${hostport%:*}" "${hostport##*:}" "$seconds"

echo "beside one client's flood of beacons:"
python3 bench/form-latency.py "${hostport%:*}" "${hostport##*:}" "$seconds" &
form=$!
wrk -t2 -c64 -d"${seconds}s" -s bench/visits-flood.lua "$url" -- "$origin" | grep -E "Requests/sec|answers:"
wait "$form"
db="file:$data/data/corpsite.db?mode=ro"
size() { du -m --apparent-size "$data/data/corpsite.db" "$data/data/corpsite.db-wal" 2>/dev/null | awk '{s += $1} END {print s + 0}'; }
echo "at the flood's end: database + WAL $(size) MB"
# The server writes each second and rolls up each ten.
sleep 11
echo "views written: $(sqlite3 "$db" "SELECT count(*) FROM visits")"
echo "day roll-up rows: $(sqlite3 "$db" "SELECT count(*) FROM visit_days")"
echo "distinct campaigns kept today: $(sqlite3 "$db" "SELECT count(*) FROM visit_days WHERE kind = 'campaign'")"
echo "database + WAL: $(size) MB"
