#!/usr/bin/env bash
# Point-in-time recovery with Litestream, measured: how many acknowledged enquiries a lost VM
# takes with it, and how long a second machine takes to serve again from the bucket.
#
# Each round: the release binary on a fresh data dir, Litestream 0.3.13 replicating its
# database to moto's S3 server (as docs/operations.md configures it, sync-interval 1s),
# enquiries posted at RATE a second, then the server and Litestream killed together with
# SIGKILL at a random moment of Litestream's second. The bucket is then all that is left:
# `litestream restore` into a second place, `corpsite restore` into an empty data dir, a
# server started on it. Prints, per round: enquiries acknowledged and lost, the seconds of
# acknowledged enquiries lost (RPO), restore and start times (RTO), and Litestream's
# generations (more than one means a checkpoint outran it and it had to start over).
#
# Needs: the test venv's moto server (`bash .ci/run` or
#   python3 -m venv target/test-venv && target/test-venv/bin/pip install 'moto[server]==5.2.5'),
# sqlite3 and curl (Debian), npm (Litestream comes from npm's @flydotio/litestream-linux-x64
# 1.0.1, which ships Litestream 0.3.13, unpacked under target/bench-tools/ on first use).
#   [ROUNDS=3] [RATE=50] [RUN_SECONDS=20] bash bench/litestream.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
rounds=${ROUNDS:-3}
rate=${RATE:-50}
run_seconds=${RUN_SECONDS:-20}

moto=target/test-venv/bin/moto_server
[ -x "$moto" ] || { echo "needs moto's S3 server in target/test-venv (see the header)" >&2; exit 1; }
command -v sqlite3 >/dev/null || { echo "needs sqlite3 (apt-get install sqlite3)" >&2; exit 1; }

tools=target/bench-tools/litestream-0.3.13
litestream=$tools/litestream
if ! [ -x "$litestream" ]; then
  mkdir -p "$tools"
  (cd "$tools" && npm pack --silent @flydotio/litestream-linux-x64@1.0.1 >/dev/null &&
    tar xzf flydotio-litestream-linux-x64-1.0.1.tgz --strip-components=1 package/litestream &&
    rm flydotio-litestream-linux-x64-1.0.1.tgz)
fi
[ "$("$litestream" version)" = v0.3.13 ] || { echo "unexpected Litestream: $("$litestream" version)" >&2; exit 1; }

cargo build --release --quiet
binary=$PWD/target/release/corpsite

work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; done; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

port=$(free_port)
"$moto" -H 127.0.0.1 -p "$port" >"$work/moto.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do curl -sf -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done
curl -sf -X PUT "http://127.0.0.1:$port/litestream" >/dev/null

# start_server DATA OUT: the release binary on DATA, its address in OUT once it serves.
start_server() {
  CORPSITE_ADMIN_ADDR=off RUST_LOG=warn "$binary" serve --addr 127.0.0.1:0 --data-dir "$1" \
    --rate-limit 0 --form-proof off >"$2" 2>"$2.err" &
  pids+=($!)
  server=$!
  for _ in $(seq 400); do grep -q "is serving" "$2" 2>/dev/null && return; sleep 0.025; done
  echo "the server did not start: $(tail -n 3 "$2.err")" >&2
  exit 1
}
now() { python3 -c 'import time; print(f"{time.monotonic():.3f}")'; }

# serve_and_count DIR DB: a server started on the restored DIR/second (serving_at: when it
# serves), stopped again; then DIR/kept and DIR/acked-names, and from them acknowledged and
# lost (acknowledged enquiries not in the restored database DB).
serve_and_count() {
  start_server "$1/second" "$1/second.out"
  serving_at=$(now)
  kill "$server"
  wait "$server" 2>/dev/null || true
  sqlite3 "$2" "SELECT name FROM enquiries WHERE name LIKE 'Litestream %'" | sort >"$1/kept"
  cut -f1 "$1/acked" | sort >"$1/acked-names"
  acknowledged=$(wc -l <"$1/acked-names")
  lost=$(comm -23 "$1/acked-names" "$1/kept" | wc -l)
}

printf '%-6s %12s %6s %10s %12s %12s %12s\n' round acknowledged lost "lost (s)" "restore (s)" "serving (s)" generations
for round in $(seq "$rounds"); do
  dir=$work/round-$round
  mkdir -p "$dir"
  start_server "$dir/data" "$dir/serve.out"
  first=$server
  cat >"$dir/litestream.yml" <<YAML
access-key-id: test
secret-access-key: test
dbs:
  - path: $dir/data/corpsite.db
    replicas:
      - type: s3
        bucket: litestream
        path: round-$round
        endpoint: http://127.0.0.1:$port
        region: us-east-1
        force-path-style: true
        sync-interval: 1s
YAML
  "$litestream" replicate -config "$dir/litestream.yml" >"$dir/litestream.log" 2>&1 &
  pids+=($!)
  replicator=$!
  url=$(grep -o 'http://[^/]*/' "$dir/serve.out")
  python3 bench/litestream-post.py "$url" "$rate" 4 "$dir/acked" &
  pids+=($!)
  poster=$!
  # The kill falls anywhere in Litestream's one-second sync.
  sleep "$run_seconds.$((RANDOM % 1000))"
  # (Braced, so the shell's "Killed" notices go where the kill's own output goes.)
  { kill -9 "$first" "$replicator"; killed_at=$(now); wait "$first" "$replicator" || true; } 2>/dev/null
  wait "$poster" 2>/dev/null || true

  # The VM is gone: only the bucket is left.
  started=$(now)
  "$litestream" restore -config "$dir/litestream.yml" -o "$dir/restored.db" "$dir/data/corpsite.db" >"$dir/restore.log" 2>&1
  "$binary" restore "$dir/restored.db" --data-dir "$dir/second" >"$dir/restore.out" 2>&1
  restored_at=$(now)
  serve_and_count "$dir" "$dir/restored.db"
  # The seconds before the kill in which acknowledged enquiries were lost.
  window=$(comm -23 "$dir/acked-names" "$dir/kept" | python3 -c '
import sys
lost = set(sys.stdin.read().split("\n")) - {""}
times = [float(t) for n, t in (l.rstrip("\n").split("\t") for l in open(sys.argv[1])) if n in lost]
print(f"{float(sys.argv[2]) - min(times):.2f}" if times else "0")' "$dir/acked" "$killed_at")
  generations=$("$litestream" generations -config "$dir/litestream.yml" "$dir/data/corpsite.db" | tail -n +2 | wc -l)
  printf '%-6s %12s %6s %10s %12s %12s %12s\n' "$round" "$acknowledged" "$lost" "$window" \
    "$(python3 -c "print(f'{$restored_at - $started:.2f}')")" \
    "$(python3 -c "print(f'{$serving_at - $started:.2f}')")" "$generations"
done

# The same loss through the backup sets alone (--backup-to, no Litestream): what a lost VM
# costs when the newest set in the bucket is all there is. Sets every SET_EVERY (default 10s,
# a day in production) so the run is short; the loss is what came after the newest set.
set_every=${SET_EVERY:-10s}
dir=$work/sets
mkdir -p "$dir"
curl -sf -X PUT "http://127.0.0.1:$port/sets" >/dev/null
export AWS_ACCESS_KEY_ID=test AWS_SECRET_ACCESS_KEY=test
CORPSITE_BACKUP_EVERY=$set_every CORPSITE_BACKUP_TO=s3://sets/corpsite \
  CORPSITE_BACKUP_S3_ENDPOINT=http://127.0.0.1:$port start_server "$dir/data" "$dir/serve.out"
first=$server
url=$(grep -o 'http://[^/]*/' "$dir/serve.out")
python3 bench/litestream-post.py "$url" "$rate" 4 "$dir/acked" &
pids+=($!)
poster=$!
sleep "$run_seconds.$((RANDOM % 1000))"
{ kill -9 "$first"; killed_at=$(now); wait "$first" "$poster" || true; } 2>/dev/null
started=$(now)
"$binary" restore s3://sets/corpsite --backup-s3-endpoint "http://127.0.0.1:$port" \
  --data-dir "$dir/second" >"$dir/restore.out" 2>&1
restored_at=$(now)
serve_and_count "$dir" "$dir/second/corpsite.db"
echo
echo "backup sets every $set_every to the bucket, no Litestream: $acknowledged acknowledged, $lost lost;" \
  "restore from the bucket $(python3 -c "print(f'{$restored_at - $started:.2f}')") s," \
  "serving $(python3 -c "print(f'{$serving_at - $started:.2f}')") s after the restore began"
