#!/usr/bin/env bash
# The blog list API (page 1, the hot path): requests/s and latency under wrk, against the
# release binary on a free loopback port with a fresh data dir (the demo content).
# When nginx is installed it also serves the very same JSON as a file, for the list API's
# budget (at least nginx's rate). bench/front.sh runs both side by side, interleaved, with the
# CPU per answer and the ratio.
#   bash bench/blogs-list.sh      (needs: apt-get install -y wrk; nginx optional)
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
command -v wrk >/dev/null || { echo "install wrk: apt-get install -y wrk" >&2; exit 1; }
cargo build --release --quiet
BIN=target/release/corpsite

work=$(mktemp -d)
corpsite_pid=
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
cleanup() {
  [ -n "$corpsite_pid" ] && kill "$corpsite_pid" 2>/dev/null || true
  [ -f "$work/nginx.pid" ] && "$NGINX" -p "$work" -c nginx.conf -s stop 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

CORPSITE_ADMIN_ADDR=off RUST_LOG=warn "$BIN" serve --addr 127.0.0.1:0 --data-dir "$work/data" > "$work/out" &
corpsite_pid=$!
for _ in $(seq 100); do grep -q serving "$work/out" 2>/dev/null && break; sleep 0.1; done
corpsite=$(grep -o 'http://[^/]*' "$work/out")
list="$corpsite/api/corp_website/blogs/get?page=1&text="
curl -sf "$list" -o "$work/page1.json"
echo "page 1: $(wc -c < "$work/page1.json") bytes of JSON"

run() { # name url
  local figures
  figures=$(wrk -t2 -c"$CONNECTIONS" -d"$DURATION" "$2" |
    awk '/Requests\/sec/ {rps=$2} /Latency/ {avg=$2; p=$4} /Non-2xx/ {bad=$NF} END {print rps, avg, p, (bad ? bad : 0)}')
  read -r rps avg max non2xx <<< "$figures"
  printf '%-40s %10s req/s   avg latency %-8s max %-8s non-2xx %s\n' "$1" "$rps" "$avg" "$max" "$non2xx"
}

echo "wrk -t2 -c$CONNECTIONS -d$DURATION"
run "corpsite blogs list page 1" "$list"
run "corpsite blogs list page 2" "$corpsite/api/corp_website/blogs/get?page=2&text="
run "corpsite blogs search text=office" "$corpsite/api/corp_website/blogs/get?page=1&text=office"

if [ -x "$NGINX" ]; then
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  mkdir -p "$work/logs" "$work/www"
  cp "$work/page1.json" "$work/www/page1.json"
  # nginx's workers drop root: let them read the file.
  chmod a+rx "$work" "$work/www" && chmod a+r "$work/www/page1.json"
  cat > "$work/nginx.conf" <<CONF
worker_processes auto;
error_log $work/logs/error.log;
pid $work/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  keepalive_requests 100000;
  default_type application/json;
  server { listen 127.0.0.1:$port; root $work/www; }
}
CONF
  "$NGINX" -p "$work" -c nginx.conf
  run "nginx    the same JSON as a file" "http://127.0.0.1:$port/page1.json"
fi
