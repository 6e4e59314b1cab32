#!/usr/bin/env bash
# Static files: corpsite vs nginx serving the same built files (ui/dist), same machine,
# same wrk load. Both answer the precompressed gzip file for Accept-Encoding: gzip.
# bench/front.sh runs them side by side, interleaved, with the CPU per answer and the ratio.
#   bash bench/static.sh            (needs: cargo build --release; apt-get install wrk nginx)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
BIN=target/release/corpsite
[ -x "$BIN" ] || { echo "build first: cargo build --release" >&2; exit 1; }
command -v wrk >/dev/null || { echo "install wrk: apt-get install -y wrk" >&2; exit 1; }
need_nginx

work=$(mktemp -d)
# nginx's workers run as nobody: they must be able to read the files (mktemp makes 0700,
# and nginx would answer every request 403, measuring nothing).
umask 022
chmod 755 "$work"
cleanup() { kill "$corpsite_pid" 2>/dev/null || true; stop_nginx "$work"; rm -rf "$work"; }
trap cleanup EXIT

CORPSITE_ADMIN_ADDR=off RUST_LOG=warn "$BIN" serve --addr 127.0.0.1:0 --data-dir "$work/data" > "$work/out" &
corpsite_pid=$!
for _ in $(seq 50); do grep -q serving "$work/out" 2>/dev/null && break; sleep 0.1; done
corpsite=$(grep -o 'http://[^/]*' "$work/out")

port=$(free_port)
mkdir -p "$work/logs"
start_nginx "$work" "    listen 127.0.0.1:$port;
    root $PWD/ui/dist;
    location /assets/ { add_header Cache-Control \"public, max-age=31536000, immutable\"; }
    location / { try_files \$uri /index.html; }"
nginx="http://127.0.0.1:$port"

asset=$(grep -o '/assets/index-[^"]*\.js' ui/dist/index.html | head -1)
run() { wrk_line "$1" "$2" -H 'Accept-Encoding: gzip'; }
echo "wrk -t2 -c$CONNECTIONS -d$DURATION, Accept-Encoding: gzip"
run "corpsite $asset" "$corpsite$asset"
run "nginx    $asset" "$nginx$asset"
run "corpsite /  (index.html)" "$corpsite/"
run "nginx    /  (index.html)" "$nginx/"
