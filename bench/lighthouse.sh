#!/usr/bin/env bash
# Lighthouse (mobile, its default) on a few routes of the release binary, in Debian's
# Chromium. Fetches lighthouse@12.8.2 from npm on first use (not a project dependency).
#   [KEEP_REPORTS=DIR] bash bench/lighthouse.sh [route ...]
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=target/release/corpsite
[ -x "$BIN" ] || { echo "build first: cargo build --release" >&2; exit 1; }
routes=("$@")
[ ${#routes[@]} -gt 0 ] || routes=(/ /blogs /blogs/detail/science-labs-for-twelve-government-high-schools-in-mysuru-district /contact /join_us /about/our_vision)
work=$(mktemp -d)
CORPSITE_ADMIN_ADDR=off RUST_LOG=warn "$BIN" serve --addr 127.0.0.1:0 --data-dir "$work/data" > "$work/out" &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 600); do grep -q serving "$work/out" 2>/dev/null && break; sleep 0.1; done
base=$(grep -m1 -o 'http://[^/]*' "$work/out")
# A site with visitors: each page rendered, kept and asked for again, so it has the brotli
# form the server makes in the background for a page asked for twice.
for route in "${routes[@]}"; do
  for _ in $(seq 100); do
    encoding=$(curl -s -o /dev/null -D - -H 'Accept-Encoding: gzip, deflate, br' "$base$route" | tr -d '\r' | sed -n 's/^content-encoding: //Ip')
    [ "$encoding" = br ] && break
    sleep 0.1
  done
done
for route in "${routes[@]}"; do
  # Chromium's trace now and then misses the navigation's start (NO_NAVSTART): one more try.
  ok=
  for _ in 1 2; do
    rm -f "$work/report.json"
    if CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium} npx --yes lighthouse@12.8.2 "$base$route" --quiet \
      --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-background-networking" \
      --output=json --output-path="$work/report.json" > "$work/lighthouse.log" 2>&1; then
      ok=1
      break
    fi
  done
  if [ -z "$ok" ]; then
    echo "$route: lighthouse failed: $(tail -n 3 "$work/lighthouse.log")"
    continue
  fi
  # The scores, then the metrics behind performance (ms; CLS unitless) and the LCP element.
  node -e '
    const r = require(process.argv[1]);
    const s = Object.entries(r.categories).map(([k, v]) => k + " " + Math.round(v.score * 100)).join(", ");
    const a = r.audits;
    const m = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"]
      .map((id) => id.replace(/-/g, " ").replace(/(\w)\w+ ?/g, "$1").toUpperCase() + " " + (a[id].numericValue < 1 ? a[id].numericValue.toFixed(3) : Math.round(a[id].numericValue)))
      .join(", ");
    const lcp = a["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.selector ?? "?";
    console.log(process.argv[2].padEnd(48), s);
    console.log("".padEnd(48), m, "| LCP element:", lcp);
  ' "$work/report.json" "$route"
  # KEEP_REPORTS=DIR keeps each route's whole report (e.g. _blogs.json) for a closer look.
  if [ -n "${KEEP_REPORTS:-}" ]; then cp "$work/report.json" "$KEEP_REPORTS/$(echo "$route" | tr / _).json"; fi
done
