#!/usr/bin/env bash
# Lighthouse (mobile, its default simulated throttling) on a few routes of the release binary,
# in Debian's Chromium. Fetches lighthouse@12.8.2 from npm on first use (not a project
# dependency).
#   [PROTOCOL=h2|http1] [RUNS=N] [KEEP_REPORTS=DIR] bash bench/lighthouse.sh [route ...]
#
# PROTOCOL=h2 (the default) serves the site as visitors get it: HTTPS, which the browser speaks
# HTTP/2 over, with a certificate made for the run (Chromium trusts its key alone, with
# --ignore-certificate-errors-spki-list). PROTOCOL=http1 serves plain HTTP on 127.0.0.1, as
# `cargo run` does. Lighthouse's simulation costs the two differently: over HTTP/1.1 every
# request beside the first after the page opens a connection of its own (two round trips of
# the simulated 150 ms), over HTTP/2 they share the page's; the TLS handshake costs HTTPS one.
# RUNS=N measures each route N times in a row and prints each run, then the medians.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=target/release/corpsite
[ -x "$BIN" ] || { echo "build first: cargo build --release" >&2; exit 1; }
PROTOCOL=${PROTOCOL:-h2}
RUNS=${RUNS:-1}
routes=("$@")
[ ${#routes[@]} -gt 0 ] || routes=(/ /blogs /blogs/detail/science-labs-for-twelve-government-high-schools-in-mysuru-district /contact /join_us /about/our_vision)
work=$(mktemp -d)
flags="--headless=new --no-sandbox --disable-gpu --disable-background-networking"
curl_flags=()
case "$PROTOCOL" in
  h2)
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
      -keyout "$work/key.pem" -out "$work/cert.pem" -subj /CN=127.0.0.1 \
      -addext "subjectAltName=IP:127.0.0.1" 2>/dev/null
    spki=$(openssl x509 -in "$work/cert.pem" -pubkey -noout | openssl pkey -pubin -outform der \
      | openssl dgst -sha256 -binary | base64)
    flags="$flags --ignore-certificate-errors-spki-list=$spki"
    curl_flags=(--insecure --http2)
    CORPSITE_ADMIN_ADDR=off RUST_LOG=warn "$BIN" serve --tls-cert "$work/cert.pem" --tls-key "$work/key.pem" \
      --https-addr 127.0.0.1:0 --http-addr 127.0.0.1:0 --data-dir "$work/data" > "$work/out" &
    ;;
  http1)
    CORPSITE_ADMIN_ADDR=off RUST_LOG=warn "$BIN" serve --addr 127.0.0.1:0 --data-dir "$work/data" > "$work/out" &
    ;;
  *) echo "PROTOCOL is h2 or http1" >&2; exit 2 ;;
esac
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 600); do grep -q serving "$work/out" 2>/dev/null && break; sleep 0.1; done
base=$(grep -m1 -o 'https\?://[^/ ]*' "$work/out")
echo "Lighthouse 12.8.2, mobile, $PROTOCOL: $base"
# A site with visitors: each page rendered, kept and asked for again, so it has the brotli
# form the server makes in the background for a page asked for twice.
for route in "${routes[@]}"; do
  for _ in $(seq 100); do
    encoding=$(curl "${curl_flags[@]}" -s -o /dev/null -D - -H 'Accept-Encoding: gzip, deflate, br' "$base$route" | tr -d '\r' | sed -n 's/^content-encoding: //Ip')
    [ "$encoding" = br ] && break
    sleep 0.1
  done
done
for route in "${routes[@]}"; do
  : > "$work/runs"
  for run in $(seq "$RUNS"); do
    # Chromium's trace now and then misses the navigation's start (NO_NAVSTART): one more try.
    ok=
    for _ in 1 2 3; do
      rm -f "$work/report.json"
      if CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium} npx --yes lighthouse@12.8.2 "$base$route" --quiet \
        --chrome-flags="$flags" --output=json --output-path="$work/report.json" > "$work/lighthouse.log" 2>&1 \
        && node -e 'process.exit(require(process.argv[1]).runtimeError ? 1 : 0)' "$work/report.json"; then
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
    node -e '
      const a = require(process.argv[1]).audits;
      console.log(["first-contentful-paint", "largest-contentful-paint", "total-blocking-time"].map((id) => a[id].numericValue).join(" "));
    ' "$work/report.json" >> "$work/runs"
    # KEEP_REPORTS=DIR keeps each route's whole report (e.g. _blogs-1.json) for a closer look.
    if [ -n "${KEEP_REPORTS:-}" ]; then cp "$work/report.json" "$KEEP_REPORTS/$(echo "$route" | tr / _)-$run.json"; fi
  done
  if [ "$RUNS" -gt 1 ]; then
    node -e '
      const runs = require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n").map((l) => l.split(" ").map(Number));
      const median = (i) => { const v = runs.map((r) => r[i]).sort((a, b) => a - b); return Math.round(v[(v.length - 1) >> 1] / 2 + v[v.length >> 1] / 2); };
      const range = (i) => Math.round(Math.min(...runs.map((r) => r[i]))) + " to " + Math.round(Math.max(...runs.map((r) => r[i])));
      console.log("".padEnd(48), "median of " + runs.length + ": FCP " + median(0) + ", LCP " + median(1) + " (" + range(1) + "), TBT " + median(2));
    ' "$work/runs" "$route"
  fi
done
