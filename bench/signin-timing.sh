#!/usr/bin/env bash
# Whether the time of a failed sign-in tells that an account exists: wrong passwords for real
# accounts against unknown emails, interleaved, one at a time, each from its own client
# address (X-Forwarded-For from a trusted proxy, so the throttle of 20 failures per address
# does not answer 429; each account gets 4 tries, under its own limit of 5). Prints both
# distributions and their difference.
#   bash bench/signin-timing.sh      (ACCOUNTS=40 by default: 160 tries of each kind)
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
BIN=${BIN:-target/release/corpsite}
ACCOUNTS=${ACCOUNTS:-40}
[ -n "${SKIP_BUILD:-}" ] || cargo build --release --quiet

work=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
data="$work/data"
for n in $(seq "$ACCOUNTS"); do
  echo "the right passphrase number $n" |
    "$BIN" staff add "staff$n@example.com" --name "Staff $n" --password-stdin --data-dir "$data" > /dev/null 2>&1
done
port=$(free_port)
CORPSITE_ADMIN_ADDR=off RUST_LOG=warn "$BIN" serve --addr "127.0.0.1:$port" --data-dir "$data" \
  --trusted-proxy 127.0.0.1 > "$work/out" 2>&1 &
pid=$!
for _ in $(seq 300); do grep -q serving "$work/out" 2>/dev/null && break; sleep 0.1; done

python3 - "$port" "$ACCOUNTS" <<'PY'
import http.client, json, statistics, sys, time
port, accounts = int(sys.argv[1]), int(sys.argv[2])
origin = f"http://127.0.0.1:{port}"
times = {"existing account": [], "unknown email": []}
statuses = {}
address = 0
def attempt(kind, email):
    global address
    address += 1
    conn = http.client.HTTPConnection("127.0.0.1", port)
    body = json.dumps({"email": email, "password": "a wrong passphrase, long enough"})
    headers = {"Content-Type": "application/json", "Origin": origin,
               "X-Forwarded-For": f"10.{address // 65536}.{address // 256 % 256}.{address % 256}"}
    start = time.perf_counter()
    conn.request("POST", "/api/staff/login", body, headers)
    response = conn.getresponse(); response.read()
    times[kind].append((time.perf_counter() - start) * 1000)
    statuses[(kind, response.status)] = statuses.get((kind, response.status), 0) + 1
    conn.close()
for round in range(4):
    for n in range(1, accounts + 1):
        attempt("existing account", f"staff{n}@example.com")
        attempt("unknown email", f"nobody{round}-{n}@example.com")
print(f"failed sign-ins, {len(times['unknown email'])} of each kind, one at a time (ms):")
for kind, values in times.items():
    values.sort()
    q = lambda p: values[min(len(values) - 1, int(p * len(values)))]
    print(f"  {kind:17} p10 {q(0.1):7.2f}  p50 {q(0.5):7.2f}  p90 {q(0.9):7.2f}  p99 {q(0.99):7.2f}")
a, b = (statistics.median(v) for v in times.values())
spread = statistics.pstdev(times["unknown email"])
print(f"  difference of the medians: {a - b:+.2f} ms ({(a - b) / b * 100:+.1f}%), "
      f"against a spread (standard deviation) of {spread:.2f} ms")
print("  answers:", ", ".join(f"{kind} {status} x{count}" for (kind, status), count in sorted(statuses.items())))
PY
