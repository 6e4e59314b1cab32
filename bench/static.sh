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
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
[ -x "$NGINX" ] || { echo "install nginx: apt-get install -y nginx" >&2; exit 1; }

work=$(mktemp -d)
# nginx's workers run as nobody: they must be able to read the files (mktemp makes 0700,
# and nginx would answer every request 403, measuring nothing).
umask 022
chmod 755 "$work"
cleanup() { kill "$corpsite_pid" 2>/dev/null || true; "$NGINX" -p "$work" -c nginx.conf -s stop 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

CORPSITE_ADMIN_ADDR=off RUST_LOG=warn "$BIN" serve --addr 127.0.0.1:0 --data-dir "$work/data" > "$work/out" &
corpsite_pid=$!
for _ in $(seq 50); do grep -q serving "$work/out" 2>/dev/null && break; sleep 0.1; done
corpsite=$(grep -o 'http://[^/]*' "$work/out")

port=$(free_port)
mkdir -p "$work/logs"
cat > "$work/nginx.conf" <<CONF
worker_processes auto;
error_log $work/logs/error.log;
pid $work/nginx.pid;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  gzip_static on;
  server {
    listen 127.0.0.1:$port;
    root $PWD/ui/dist;
    location /assets/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
    location / { try_files \$uri /index.html; }
  }
}
CONF
"$NGINX" -p "$work" -c nginx.conf
nginx="http://127.0.0.1:$port"

asset=$(grep -o '/assets/index-[^"]*\.js' ui/dist/index.html | head -1)
run() { wrk_line "$1" "$2" -H 'Accept-Encoding: gzip'; }
echo "wrk -t2 -c$CONNECTIONS -d$DURATION, Accept-Encoding: gzip"
run "corpsite $asset" "$corpsite$asset"
run "nginx    $asset" "$nginx$asset"
run "corpsite /  (index.html)" "$corpsite/"
run "nginx    /  (index.html)" "$nginx/"
