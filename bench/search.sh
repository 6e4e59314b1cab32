#!/usr/bin/env bash
# Uncached blog searches (a new random text each request, so each runs FTS5) at 8 and 64
# connections, with the server's resident memory and thread count after each run: the
# bounded read pool must keep both flat as concurrency rises. Search's own rate limit is
# turned off for the run (one client sends everything).
#   bash bench/search.sh      (needs: apt-get install -y wrk)
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${DURATION:-10s}
BIN=${BIN:-target/release/corpsite}
command -v wrk >/dev/null || { echo "install wrk: apt-get install -y wrk" >&2; exit 1; }
[ -n "${SKIP_BUILD:-}" ] || cargo build --release --quiet

work=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

extra=()
"$BIN" serve --help | grep -q -- --search-rate-limit && extra=(--search-rate-limit 0)
CORPSITE_ADMIN_ADDR=off RUST_LOG=error "$BIN" serve --addr 127.0.0.1:0 --data-dir "$work/data" "${extra[@]}" > "$work/out" &
pid=$!
for _ in $(seq 100); do grep -q serving "$work/out" 2>/dev/null && break; sleep 0.1; done
url=$(grep -o 'http://[^/]*' "$work/out")
curl -sf "$url/api/corp_website/blogs/get?text=office" > /dev/null

vitals() { awk '/VmRSS/ {rss=$2} /Threads/ {t=$2} END {printf "RSS %d MB, %d threads", rss/1024, t}' "/proc/$pid/status"; }
echo "idle: $(vitals)"
for connections in 8 64; do
  figures=$(wrk -t2 -c"$connections" -d"$DURATION" -s bench/search-random.lua "$url" |
    awk '/Requests\/sec/ {rps=$2} /Latency/ {avg=$2} /Non-2xx/ {bad=$NF} END {print rps, avg, (bad ? bad : 0)}')
  read -r rps avg bad <<< "$figures"
  printf 'uncached search, %2d connections: %8s req/s, avg %-8s non-2xx %-6s after: %s\n' \
    "$connections" "$rps" "$avg" "$bad" "$(vitals)"
done
