#!/usr/bin/env bash
# Server-rendered pages: corpsite answering /, /blogs and a post from its render cache vs
# nginx serving the very same HTML (saved from corpsite) as files with gzip_static, same
# machine, same wrk load; then the cold render time of every route (cache emptied by a
# fresh path each time), the engines' share of it and the server's peak resident memory.
#   bash bench/pages.sh            (needs: cargo build --release; apt-get install wrk nginx)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
COLD=${COLD:-200}
BIN=${BIN:-target/release/corpsite}
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

admin_port=$(free_port)
start_corpsite() {
  CORPSITE_ADMIN_ADDR=127.0.0.1:$admin_port RUST_LOG=warn "$BIN" serve --addr 127.0.0.1:0 --data-dir "$work/data" > "$work/out" &
  corpsite_pid=$!
  for _ in $(seq 300); do grep -q serving "$work/out" 2>/dev/null && break; sleep 0.1; done
}
# The first start publishes the demo stories and makes their photos' renditions (a one-off
# peak of decoded images); the figures, memory included, are of a site as it runs every day.
start_corpsite
kill "$corpsite_pid"; wait "$corpsite_pid" 2>/dev/null || true
start_corpsite
corpsite=$(grep -o 'http://[^/]*' "$work/out")
post=/blogs/detail/$(curl -s "$corpsite/api/corp_website/blogs/get" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["datas"][0]["_id"])')

# The same bytes for nginx: each page saved as a file, with its gzip beside it.
mkdir -p "$work/root/blogs/detail" "$work/logs"
for path in / /blogs "$post"; do
  file="$work/root${path%/}/index.html"
  mkdir -p "$(dirname "$file")"
  curl -s -H 'Host: bench' "$corpsite$path" > "$file"
  gzip -6 -k "$file"
done

port=$(free_port)
start_nginx "$work" "    listen 127.0.0.1:$port; root $work/root; index index.html;"
nginx="http://127.0.0.1:$port"

# run NAME URL PIDS...: wrk's line, and the CPU the server's processes spent per answer.
run() { cpu_line "$1" "$2" "${*:3}" -H 'Accept-Encoding: gzip' -H 'Host: bench'; }
nginx_workers=$(pgrep -P "$(cat "$work/nginx.pid")" | paste -sd' ')
echo "wrk -t2 -c$CONNECTIONS -d$DURATION, Accept-Encoding: gzip (rendered page from the cache vs the same file)"
for path in / /blogs "$post"; do
  run "corpsite ${path:0:36}" "$corpsite$path" "$corpsite_pid"
  # shellcheck disable=SC2086 # one pid a word
  run "nginx    ${path:0:36}" "$nginx${path%/}/" $nginx_workers
done

# Cold renders: each request names a new origin (Host), so none is served from the cache.
echo
echo "cold render (page cache empty), $COLD requests per route, one at a time: first / p50 / p99 / max in ms"
python3 - "$corpsite" "$COLD" "$post" <<'PY'
import http.client, sys, time, json, urllib.parse
base, count, post = sys.argv[1], int(sys.argv[2]), sys.argv[3]
table = json.load(open("ui/src/app/route-table.json"))["routes"]
host = urllib.parse.urlparse(base).netloc
conn = http.client.HTTPConnection(host)
reconnects = 0
def get(path, n):
    """One request; a kept-alive connection the server closed is opened again (as browsers do)."""
    global conn, reconnects
    for attempt in (1, 2):
        try:
            start = time.perf_counter()
            conn.request("GET", path, headers={"Host": f"cold{n}.bench"})
            response = conn.getresponse(); response.read()
            return response, (time.perf_counter() - start) * 1000
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            if attempt == 2:
                raise
            reconnects += 1
            conn.close(); conn = http.client.HTTPConnection(host)
# The connection's first request (its set-up, the client's first call) is not a render's.
get("/healthz", 0)
for route in table:
    path = route["path"].replace("/blogs/detail/:id", post)
    times = []
    for n in range(count):
        response, ms = get(path, n)
        times.append(ms)
        assert response.status == 200, (path, response.status)
    # The first render of a route fills the pieces every later one reuses (the frame): shown apart.
    first = times[0]
    times.sort()
    p = lambda q: times[min(len(times) - 1, int(q * len(times)))]
    print(f"  {path[:44]:44} {first:6.2f} {p(0.5):6.2f} {p(0.99):6.2f} {times[-1]:6.2f}")
if reconnects:
    print(f"  ({reconnects} requests found their kept-alive connection closed and were sent again)")
PY

# The engines' own share: every render since the start (the cold ones above, the pages wrk
# asked for first), from the server's histogram.
echo
curl -s "http://127.0.0.1:$admin_port/metrics" | python3 -c '
import sys
buckets, count, total = [], 0, 0.0
for line in sys.stdin:
    if line.startswith("corpsite_page_render_duration_seconds_bucket"):
        le = line.split("le=\"", 1)[1].split("\"", 1)[0]
        buckets.append((float(le), float(line.split()[-1])))
    elif line.startswith("corpsite_page_render_duration_seconds_count"):
        count = float(line.split()[-1])
    elif line.startswith("corpsite_page_render_duration_seconds_sum"):
        total = float(line.split()[-1])
if count:
    within = lambda q: next(f"{le * 1000:g}" for le, n in buckets if n >= q * count)
    print(f"in the engines: {count:.0f} renders, mean {total / count * 1000:.2f} ms, p50 within {within(0.5)} ms, p99 within {within(0.99)} ms;",
          ", ".join(f"{n / count:.1%} within {le * 1000:g} ms" for le, n in buckets if le in (0.0025, 0.005)))
'
echo
echo "peak resident memory of corpsite: $(grep VmHWM /proc/$corpsite_pid/status | awk '{print $2/1024 " MB"}')"
