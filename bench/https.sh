#!/usr/bin/env bash
# HTTPS: corpsite terminating TLS itself (rustls) vs nginx terminating TLS for the very same
# files with the same certificate, same machine, in one run. HTTP/2 with h2load (many
# streams over few connections) and HTTP/1.1 with wrk (keep-alive), on a hashed asset and on
# rendered pages (corpsite from its render cache, nginx the same HTML saved as files with
# gzip_static); then corpsite's peak resident memory.
#   bash bench/https.sh     (needs: cargo build --release; apt-get install wrk nginx nghttp2-client)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
H2_REQUESTS=${H2_REQUESTS:-200000}
H2_CLIENTS=${H2_CLIENTS:-16}
H2_STREAMS=${H2_STREAMS:-16}
BIN=target/release/corpsite
[ -x "$BIN" ] || { echo "build first: cargo build --release" >&2; exit 1; }
for tool in wrk h2load openssl curl; do
  command -v "$tool" >/dev/null || { echo "install $tool: apt-get install -y wrk nghttp2-client openssl curl" >&2; exit 1; }
done
need_nginx

work=$(mktemp -d)
# nginx's workers run as nobody: they must be able to read the files (mktemp makes 0700,
# and nginx would answer every request 403, measuring nothing).
umask 022
chmod 755 "$work"
cleanup() { kill "$corpsite_pid" 2>/dev/null || true; stop_nginx "$work"; rm -rf "$work"; }
trap cleanup EXIT

# One certificate for both: ECDSA P-256, as Let's Encrypt issues by default.
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
  -subj /CN=bench.test -addext subjectAltName=DNS:bench.test \
  -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null

https_port=$(free_port)
start_corpsite() {
  : > "$work/out"
  CORPSITE_ADMIN_ADDR=off RUST_LOG=warn,rustls=error "$BIN" serve --data-dir "$work/data" --tls-cert "$work/cert.pem" --tls-key "$work/key.pem" \
    --https-addr "127.0.0.1:$https_port" --http-addr "127.0.0.1:$(free_port)" --public-url https://bench.test > "$work/out" &
  corpsite_pid=$!
  for _ in $(seq 300); do grep -q serving "$work/out" 2>/dev/null && break; sleep 0.1; done
}
# The first start publishes the demo stories and makes their photos' renditions (a one-off
# peak of decoded images); the figures are of a site as it runs every day after.
start_corpsite
kill "$corpsite_pid"; wait "$corpsite_pid" 2>/dev/null || true
start_corpsite
corpsite="https://bench.test:$https_port"
CURL=(curl -s --cacert "$work/cert.pem" --resolve "bench.test:$https_port:127.0.0.1")
post=/blogs/detail/$("${CURL[@]}" "$corpsite/api/corp_website/blogs/get" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["datas"][0]["_id"])')
asset=$("${CURL[@]}" "$corpsite/" | grep -o '/assets/[^"]*\.js' | head -1)

# The same bytes for nginx: each page and the asset saved as files, with gzip beside them.
mkdir -p "$work/root/assets" "$work/logs"
for path in / /blogs "$post"; do
  file="$work/root${path%/}/index.html"
  mkdir -p "$(dirname "$file")"
  "${CURL[@]}" "$corpsite$path" > "$file"
  gzip -6 -k "$file"
done
"${CURL[@]}" "$corpsite$asset" > "$work/root$asset"
gzip -9 -k "$work/root$asset"

nginx_port=$(free_port)
start_nginx "$work" "    # Debian 12's nginx (1.22) takes http2 on the listen line.
    listen 127.0.0.1:$nginx_port ssl http2;
    ssl_certificate $work/cert.pem;
    ssl_certificate_key $work/key.pem;
    root $work/root;
    index index.html;" "  ssl_protocols TLSv1.2 TLSv1.3;
  ssl_session_cache shared:SSL:10m;"
nginx="https://127.0.0.1:$nginx_port"
corpsite_ip="https://127.0.0.1:$https_port"

# nginx names a page by its folder, a file by itself.
nginx_path() { if [ "$1" = "$asset" ]; then echo "$1"; else echo "${1%/}/"; fi; }
h2() { # name url
  local out
  out=$(h2load -n"$H2_REQUESTS" -c"$H2_CLIENTS" -m"$H2_STREAMS" -H 'Accept-Encoding: gzip' -H ':authority: bench.test' "$2" 2>&1)
  printf '%-40s %12s req/s   %s\n' "$1" "$(echo "$out" | awk '/finished in/ {print $4}' | tr -d ',')" \
    "$(echo "$out" | awk '/^requests:/ {print $8 " ok, " $10 " failed"}')"
}
h1() { wrk_line "$1" "$2" -H 'Accept-Encoding: gzip' -H 'Host: bench.test'; }

echo "HTTP/2: h2load -n$H2_REQUESTS -c$H2_CLIENTS -m$H2_STREAMS, Accept-Encoding: gzip"
for path in "$asset" / /blogs "$post"; do
  h2 "corpsite ${path:0:32}" "$corpsite_ip$path"
  h2 "nginx    ${path:0:32}" "$nginx$(nginx_path "$path")"
done
echo
echo "HTTP/1.1: wrk -t2 -c$CONNECTIONS -d$DURATION, Accept-Encoding: gzip"
for path in "$asset" / /blogs "$post"; do
  h1 "corpsite ${path:0:32}" "$corpsite_ip$path"
  h1 "nginx    ${path:0:32}" "$nginx$(nginx_path "$path")"
done
echo
echo "peak resident memory of corpsite: $(grep VmHWM /proc/$corpsite_pid/status | awk '{print $2/1024 " MB"}') (threads: $(grep Threads /proc/$corpsite_pid/status | awk '{print $2}'))"
