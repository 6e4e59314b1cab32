#!/usr/bin/env bash
# The kept answers side by side: a hashed JS asset, the blog list JSON (page 1), `/` and
# `/blogs` from corpsite and from nginx serving the same bytes as files (gzip_static on),
# each run interleaved with the others, so the machine's neighbours weigh on all alike.
# With BEFORE set to another build of corpsite (the one before a change), that one runs too:
# each round asks it, then nginx, then this build. Prints each run, then the medians of
# requests a second and of the CPU each server spent per answer, and the ratios to nginx.
#   bash bench/front.sh        (needs: cargo build --release; apt-get install wrk nginx)
#   BEFORE=target/corpsite-before ROUNDS=3 bash bench/front.sh
# With PAGES=1 the measured build serves pages the office edited: before it starts, its data
# dir takes a settings archive whose pages publish new words on the home page, the blog list
# and the header and footer every page shows (`corpsite settings import`, as an office would).
set -euo pipefail
trap 'echo "bench/front.sh: failed at line $LINENO: $BASH_COMMAND" >&2' ERR
cd "$(dirname "$0")/.."
source bench/lib.sh
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
ROUNDS=${ROUNDS:-3}
BIN=${BIN:-target/release/corpsite}
BEFORE=${BEFORE:-}
[ -x "$BIN" ] || { echo "build first: cargo build --release" >&2; exit 1; }
[ -z "$BEFORE" ] || [ -x "$BEFORE" ] || { echo "BEFORE=$BEFORE is not a program" >&2; exit 1; }
command -v wrk >/dev/null || { echo "install wrk: apt-get install -y wrk" >&2; exit 1; }
need_nginx

work=$(mktemp -d)
# nginx's workers run as nobody: they must be able to read the files (mktemp makes 0700,
# and nginx would answer every request 403, measuring nothing).
umask 022
chmod 755 "$work"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  stop_nginx "$work"
  rm -rf "$work"
}
trap cleanup EXIT

# start NAME PROGRAM: a corpsite on a free port with a data dir of its own (the demo content);
# sets the variables NAME_url and NAME_pid.
start() {
  local name=$1 program=$2
  CORPSITE_ADMIN_ADDR=off RUST_LOG=warn "$program" serve --addr 127.0.0.1:0 --data-dir "$work/$name" > "$work/$name.out" &
  pids+=($!)
  printf -v "${name}_pid" '%s' "$!"
  for _ in $(seq 600); do grep -q serving "$work/$name.out" 2>/dev/null && break; sleep 0.1; done
  printf -v "${name}_url" '%s' "$(grep -o 'http://[^/]*' "$work/$name.out" | head -1)"
}
if [ "${PAGES:-}" = 1 ]; then
  # An archive of the demo's details with published pages, made as an export makes it.
  "$BIN" settings export "$work/demo.tar.gz" --data-dir "$work/after" > /dev/null
  mkdir "$work/archive"
  tar xzf "$work/demo.tar.gz" -C "$work/archive"
  cat > "$work/archive/pages.json" <<'JSON'
{
  "home": {"published": {"homeContent.hero.headline": "Offices, projects and people, edited by the office.",
                         "homeContent.servicesHeading": "What we do, in our own words"}},
  "blog-list": {"published": {"blogContent.listHeading": "Stories the office wrote about"}},
  "header": {"published": {"headerMenu.4.name": "Stories"}},
  "footer": {"published": {"footerLabels.rights": "Every right reserved."}}
}
JSON
  (cd "$work/archive" && tar czf "$work/edited.tar.gz" -- *)
  "$BIN" settings import "$work/edited.tar.gz" --data-dir "$work/after" > /dev/null
fi
start after "$BIN"
if [ "${PAGES:-}" = 1 ]; then
  home=$(curl -s -H 'Host: bench' "$after_url/")
  [[ "$home" == *"edited by the office"* ]] \
    || { echo "the home page does not show the published words" >&2; exit 1; }
  echo "the measured build serves the office's published words (PAGES=1)"
fi
servers="nginx after"
if [ -n "$BEFORE" ]; then
  start before "$BEFORE"
  servers="before nginx after"
fi

list='/api/corp_website/blogs/get?page=1&text='
# name path: what is measured, at the same path on every server ("asset": each server's own
# entry script, the one its pages load; nginx serves this build's, ui/dist).
targets=("asset -" "list $list" "home /" "blogs /blogs")
nginx_asset=$(grep -o '/assets/index-[^"]*\.js' ui/dist/index.html | head -1)
for server in $servers; do
  [ "$server" = nginx ] && continue
  url_var="${server}_url"
  printf -v "${server}_asset" '%s' "$(curl -s -H 'Host: bench' "${!url_var}/" | grep -o '/assets/index-[^"]*\.js' | head -1)"
done
# path_of SERVER PATH: the path to ask SERVER for.
path_of() { local asset_var="${1}_asset"; if [ "$2" = - ]; then echo "${!asset_var}"; else echo "$2"; fi; }

# The same bytes for nginx, under the same paths: the build's files, the list's JSON (no .gz
# beside it: corpsite sends it as it is, so nginx does too) and each page with its gzip.
mkdir -p "$work/root/api/corp_website/blogs" "$work/root/blogs" "$work/logs"
curl -sf -H 'Host: bench' "$after_url$list" -o "$work/root/api/corp_website/blogs/get"
for path in / /blogs; do
  file="$work/root${path%/}/index.html"
  curl -sf -H 'Host: bench' "$after_url$path" -o "$file"
  gzip -6 -k "$file"
done
port=$(free_port)
start_nginx "$work" "    listen 127.0.0.1:$port;
    root $work/root;
    index index.html;
    location /assets/ { root $PWD/ui/dist; add_header Cache-Control \"public, max-age=31536000, immutable\"; }
    location /api/ { default_type application/json; }
    location = /blogs { try_files /blogs/index.html =404; }"
nginx_url="http://127.0.0.1:$port"
nginx_pid=$(pgrep -P "$(cat "$work/nginx.pid")" | paste -sd' ')

# Every server answers every target alike before any run (and corpsite keeps it).
for server in $servers; do
  url_var="${server}_url"
  for target in "${targets[@]}"; do
    path=$(path_of "$server" "${target#* }")
    for _ in 1 2; do
      curl -s -o /dev/null -H 'Host: bench' -H 'Accept-Encoding: gzip' "${!url_var}$path"
    done
    sizes=$(curl -s -o /dev/null -w '%{http_code} %{size_download}' -H 'Host: bench' -H 'Accept-Encoding: gzip' "${!url_var}$path")
    echo "$server ${target%% *} $path: $sizes (status, bytes)"
  done
done

echo "wrk -t2 -c$CONNECTIONS -d$DURATION, Accept-Encoding: gzip, Host: bench; $ROUNDS rounds of: $servers"
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
results="$work/results"
for round in $(seq "$ROUNDS"); do
  for target in "${targets[@]}"; do
    name=${target%% *}
    for server in $servers; do
      url_var="${server}_url" pid_var="${server}_pid" path=$(path_of "$server" "${target#* }")
      line=$(cpu_line "$server $name (round $round)" "${!url_var}$path" "${!pid_var}" -H 'Accept-Encoding: gzip' -H 'Host: bench')
      echo "$line"
      echo "$name $server $line" >> "$results"
    done
  done
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"

echo
python3 - "$results" "$servers" <<'PY'
import re, statistics, sys
rows, servers = open(sys.argv[1]).read().splitlines(), sys.argv[2].split()
runs = {}
for row in rows:
    name, server = row.split()[:2]
    rate = re.search(r"([0-9.]+) req/s", row)
    cpu = re.search(r"CPU ([0-9.]+) us", row)
    runs.setdefault((name, server), []).append(
        (float(rate[1]) if rate else 0.0, float(cpu[1]) if cpu else float("nan"), "NOT 2xx" in row))
names = list(dict.fromkeys(row.split()[0] for row in rows))
print("medians:", "  ".join(f"{s}: req/s, CPU us/answer" for s in servers))
for name in names:
    cells, median = [], {}
    for server in servers:
        got = runs[(name, server)]
        median[server] = statistics.median(r for r, _, _ in got)
        bad = " NOT 2xx" if any(b for _, _, b in got) else ""
        cells.append(f"{server} {median[server]:>9,.0f} {statistics.median(c for _, c, _ in got):5.1f} us{bad}")
    ratios = "  ".join(f"{s}/nginx {median[s] / median['nginx']:.2f}x" for s in servers if s != "nginx")
    print(f"  {name:6} " + "  ".join(cells) + "   " + ratios)
PY
