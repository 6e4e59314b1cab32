#!/usr/bin/env bash
# A new story to 10,000 confirmed subscribers through a local relay (aiosmtpd, the tests'
# SMTP server) at the default --mail-rate: the time from `blog add` until the relay holds
# every mail, and the server's peak resident memory meanwhile. Then a form's 201 with and
# without mail configured (wrk, 10 s each, same run).
#   bash bench/mail.sh      (needs: target/test-venv with aiosmtpd, as .ci/run makes; wrk)
set -euo pipefail
cd "$(dirname "$0")/.."
SUBSCRIBERS=${SUBSCRIBERS:-10000}
BIN=${BIN:-target/release/corpsite}
PYTHON=${CORPSITE_TEST_PYTHON:-target/test-venv/bin/python}
[ -n "${SKIP_BUILD:-}" ] || cargo build --release --quiet

work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

mkfifo "$work/hold"
"$PYTHON" tests/support/smtp_server.py "$work/mail" < "$work/hold" > "$work/smtp.out" &
pids+=($!)
exec 3> "$work/hold"
for _ in $(seq 100); do grep -q listening "$work/smtp.out" 2>/dev/null && break; sleep 0.1; done
port=$(awk '{print $2}' "$work/smtp.out")

CORPSITE_ADMIN_ADDR=off RUST_LOG=warn "$BIN" serve --addr 127.0.0.1:0 --data-dir "$work/data" \
  --smtp-url "smtp://127.0.0.1:$port" --mail-from "Fidelitus Corp <hello@corp.example.com>" > "$work/out" &
pid=$!
pids+=($pid)
for _ in $(seq 100); do grep -q serving "$work/out" 2>/dev/null && break; sleep 0.1; done
url=$(grep -o 'http://[^/]*' "$work/out")
# SUBSCRIBERS confirmed subscribers, added while the server runs (after its demo seed).
"$PYTHON" - "$work/data/corpsite.db" "$SUBSCRIBERS" <<'PY'
import sqlite3, sys, secrets
db = sqlite3.connect(sys.argv[1])
with db:
    for i in range(int(sys.argv[2])):
        email = f"reader{i}@example.com"
        db.execute("INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment, department_website, service)"
                   " VALUES (?, 'subscription', '', ?, ?, '', '', 'Corp Blogs', 'Blog Subscription')",
                   (secrets.token_hex(16), email, email))
    db.execute("UPDATE subscriptions SET state = 'confirmed'")
PY


printf -- '---\ntitle: A story for every reader\nmotive: Bench\n---\n\nWords.\n' > "$work/post.md"
start=$(date +%s.%N)
"$BIN" blog add "$work/post.md" --data-dir "$work/data" > /dev/null
peak=0
while :; do
  count=$(find "$work/mail" -name '*.eml' | wc -l)
  rss=$(awk '/VmRSS/ {print int($2/1024)}' "/proc/$pid/status")
  [ "$rss" -gt "$peak" ] && peak=$rss
  [ "$count" -ge "$SUBSCRIBERS" ] && break
  sleep 0.2
done
end=$(date +%s.%N)
printf '%d story mails delivered in %.1f s (%.0f a second), peak RSS %d MB\n' \
  "$SUBSCRIBERS" "$(echo "$end - $start" | bc)" "$(echo "$SUBSCRIBERS / ($end - $start)" | bc -l)" "$peak"

if command -v wrk > /dev/null; then
  cat > "$work/post.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"name":"Asha Rao","mobile":"+91 98450 12345","email":"asha@example.com","requirment":"Office space","department_website":"Corp Team"}'
LUA
  for mode in without with; do
    args=(--addr 127.0.0.1:0 --data-dir "$work/forms-$mode" --rate-limit 0 --form-proof off)
    [ "$mode" = with ] && args+=(--smtp-url "smtp://127.0.0.1:$port" --mail-from "Fidelitus Corp <hello@corp.example.com>")
    CORPSITE_ADMIN_ADDR=off RUST_LOG=error "$BIN" serve "${args[@]}" > "$work/out-$mode" &
    p=$!
    pids+=($p)
    for _ in $(seq 100); do grep -q serving "$work/out-$mode" 2>/dev/null && break; sleep 0.1; done
    u=$(grep -o 'http://[^/]*' "$work/out-$mode")
    wrk -t2 -c16 -d10s --latency -s "$work/post.lua" "$u/api/clients/create" |
      awk -v m="$mode" '/Requests\/sec/ {r=$2} /^ +99%/ {p=$2} /Latency +[0-9]/ {a=$2} END {printf "enquiries %s mail: %s req/s, avg %s, p99 %s\n", m, r, a, p}'
    kill "$p"
  done
fi
