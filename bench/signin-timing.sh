#!/usr/bin/env bash
# Whether the time of a failed sign-in tells that an account exists: wrong passwords for real
# accounts against unknown emails, interleaved, one at a time, each from its own client
# address (X-Forwarded-For from a trusted proxy, so the throttle of 20 failures per address
# does not answer 429; each account gets 4 tries, under its own limit of 5). Prints both
# distributions and their difference. Then the same for requests of a reset link (`POST
# /api/staff/password/forgot`, each account 3 times, under its limit of 3 links), in pairs
# (which one goes first alternates; how often the real account's was the slower) and in runs
# of the same kind one after another.
#   bash bench/signin-timing.sh      (ACCOUNTS=40 by default: 160 tries of each kind)
#   ONLY=resets bash bench/signin-timing.sh      (the reset requests alone)
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
import os
for round in range(0 if os.environ.get("ONLY") == "resets" else 4):
    for n in range(1, accounts + 1):
        attempt("existing account", f"staff{n}@example.com")
        attempt("unknown email", f"nobody{round}-{n}@example.com")
def show(title, times):
    print(title)
    for kind, values in times.items():
        values = sorted(values)
        q = lambda p: values[min(len(values) - 1, int(p * len(values)))]
        print(f"  {kind:17} p10 {q(0.1):7.2f}  p50 {q(0.5):7.2f}  p90 {q(0.9):7.2f}  p99 {q(0.99):7.2f}")
    a, b = (statistics.median(v) for v in times.values())
    print(f"  difference of the medians: {a - b:+.2f} ms, against a spread (standard deviation) "
          f"of {statistics.pstdev(list(times.values())[1]):.2f} ms")

def forgot(email):
    global address
    address += 1
    conn = http.client.HTTPConnection("127.0.0.1", port)
    headers = {"Content-Type": "application/json", "Origin": origin,
               "X-Forwarded-For": f"11.{address // 65536}.{address // 256 % 256}.{address % 256}"}
    start = time.perf_counter()
    conn.request("POST", "/api/staff/password/forgot", json.dumps({"email": email}), headers)
    response = conn.getresponse(); response.read()
    took = (time.perf_counter() - start) * 1000
    conn.close()
    assert response.status == 202, response.status
    return took

# Pairs: a real account's request and an unknown address's, which one first alternating.
pairs = {"existing account": [], "unknown email": []}
slower = 0
for round in range(2):
    for n in range(1, accounts + 1):
        first_known = (n + round) % 2 == 0
        order = [("existing account", f"staff{n}@example.com"), ("unknown email", f"none{round}-{n}@example.com")]
        took = {}
        for kind, email in (order if first_known else order[::-1]):
            took[kind] = forgot(email)
            pairs[kind].append(took[kind])
        slower += took["existing account"] > took["unknown email"]
# Runs: every request of one kind one after another, then the other kind's.
runs = {"existing account": [forgot(f"staff{n}@example.com") for n in range(1, accounts + 1)],
        "unknown email": [forgot(f"none-run-{n}@example.com") for n in range(1, accounts + 1)]}
show(f"reset requests in pairs, {len(pairs['unknown email'])} of each kind (ms):", pairs)
print(f"  the real account's was the slower in {slower} of {len(pairs['unknown email'])} pairs")
show(f"reset requests in runs, {accounts} of each kind one after another (ms):", runs)
if os.environ.get("ONLY") == "resets":
    sys.exit(0)
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
