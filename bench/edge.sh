#!/usr/bin/env bash
# The site behind Varnish with the shipped VCL (deploy/varnish/corpsite.vcl) and --purge-url:
# how long a story published from the command line takes to show at the edge (each of
# STORIES publications, the list page polled at the edge every 10 ms), and a rendered page's
# requests/s from the edge and from the origin alone under wrk.
#   bash bench/edge.sh      (needs: apt-get install -y varnish wrk; BIN=... for another build)
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
STORIES=${STORIES:-20}
command -v varnishd >/dev/null || { echo "install varnish: apt-get install -y varnish" >&2; exit 1; }
command -v wrk >/dev/null || { echo "install wrk: apt-get install -y wrk" >&2; exit 1; }
if [ -z "${BIN:-}" ]; then
  cargo build --release --quiet
  BIN=target/release/corpsite
fi

work=$(mktemp -d)
corpsite_pid=
varnish_pid=
cleanup() {
  [ -n "$corpsite_pid" ] && kill "$corpsite_pid" 2>/dev/null || true
  [ -n "$varnish_pid" ] && kill "$varnish_pid" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

origin_port=$(free_port)
edge_port=$(free_port)
sed "s/\.port = \"8080\";/.port = \"$origin_port\";/" deploy/varnish/corpsite.vcl > "$work/corpsite.vcl"
varnishd -F -j none -n "$work/varnish" -a "127.0.0.1:$edge_port" -T 127.0.0.1:0 \
  -f "$work/corpsite.vcl" -s malloc,256m > "$work/varnish.out" 2>&1 &
varnish_pid=$!
CORPSITE_ADMIN_ADDR=off RUST_LOG=warn "$BIN" serve --addr "127.0.0.1:$origin_port" \
  --data-dir "$work/data" --purge-url "http://127.0.0.1:$edge_port" \
  --trusted-proxy 127.0.0.1 > "$work/out" &
corpsite_pid=$!
for _ in $(seq 600); do grep -q serving "$work/out" 2>/dev/null && break; sleep 0.1; done
origin="http://127.0.0.1:$origin_port"
edge="http://127.0.0.1:$edge_port"
for _ in $(seq 100); do curl -fso /dev/null "$edge/" && break; sleep 0.1; done
echo "corpsite $("$BIN" --version 2>/dev/null || true), $(varnishd -V 2>&1 | head -1)"

# Publishing: from `blog add` returning to the list page at the edge showing the story.
times=()
for n in $(seq "$STORIES"); do
  curl -fso /dev/null "$edge/blogs"   # kept at the edge, with its minute ahead of it
  printf -- '---\ntitle: Edge timing %s\nmotive: M\ndate: 2099-01-%02d\n---\n\nBody.\n' "$n" "$n" > "$work/post.md"
  id=$("$BIN" blog add "$work/post.md" --data-dir "$work/data" | tail -1)
  start=$(date +%s%N)
  until curl -fs "$edge/blogs" | grep -q "$id"; do sleep 0.01; done
  times+=($(( ($(date +%s%N) - start) / 1000000 )))
done
printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "publish -> visible at the edge (%d stories): min %d ms, median %d ms, max %d ms (without --purge-url: up to 60000 ms, the pages s-maxage)\n", NR, a[1], a[int((NR+1)/2)], a[NR]}'

# Reads: the same rendered page from the edge and from the origin alone.
curl -fso /dev/null "$edge/about/our_vision"
cpu_line "GET /about/our_vision from the edge" "$edge/about/our_vision" "$corpsite_pid"
cpu_line "GET /about/our_vision from the origin" "$origin/about/our_vision" "$corpsite_pid"
echo "(server CPU: corpsite's only; the edge's own is Varnish's)"
