#!/usr/bin/env bash
# The inbox's exports with 100,000 enquiries on file (every tenth with two notes): the time of
# each download (workbook and CSV) and the server's resident memory before and at its peak
# (VmHWM), each format on a fresh server so one peak does not hide the other.
#   bash bench/export.sh      (needs: apt-get install -y sqlite3 curl)
#   BIN=target/debug/corpsite SKIP_BUILD=1 bash bench/export.sh
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-target/release/corpsite}
ROWS=${ROWS:-100000}
command -v sqlite3 >/dev/null || { echo "install sqlite3: apt-get install -y sqlite3" >&2; exit 1; }
[ -n "${SKIP_BUILD:-}" ] || cargo build --release --quiet

work=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
data="$work/data"

# Migrate, add the account, then seed (demo data, made up here) straight into SQLite.
echo 'a bench passphrase of some length' |
  "$BIN" staff add bench@example.com --name Bench --password-stdin --data-dir "$data" > /dev/null
sqlite3 "$data/corpsite.db" <<SQL
UPDATE staff SET must_change_password = 0;
-- A throw-away database: no second factor for the bench account.
DELETE FROM second_factor_required;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $ROWS)
INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment, department_website, service, status, created_at)
SELECT printf('%032x', i), 'contact',
       'Visitor ' || i || CASE i % 3 WHEN 0 THEN ' Zoë' WHEN 1 THEN ' Rao' ELSE ' Kumar' END,
       'visitor' || i || '@example.com', 'visitor' || i || '@example.com', '+91 98450 ' || (10000 + i % 90000),
       'Office space of ' || (i % 90 + 10) || ',000 sq ft near ' || CASE i % 4 WHEN 0 THEN 'Whitefield' WHEN 1 THEN 'Koramangala' WHEN 2 THEN 'Hebbal' ELSE 'Mysuru' END,
       'Corp Team', '',
       CASE i % 4 WHEN 0 THEN 'new' WHEN 1 THEN 'in_progress' WHEN 2 THEN 'done' ELSE 'spam' END,
       strftime('%Y-%m-%dT%H:%M:%fZ', '2024-01-01', '+' || (i * 300) || ' seconds')
FROM n;
INSERT INTO lead_notes (lead_kind, lead_id, author, body)
SELECT 'enquiry', id, 'bench@example.com', 'Called back; sent the brochure and a quote' FROM enquiries WHERE rowid % 10 = 0
UNION ALL
SELECT 'enquiry', id, 'bench@example.com', 'Visit booked for next week' FROM enquiries WHERE rowid % 10 = 0;
SQL

kib() { awk -v k="$1" '$1 == k":" {print $2}' "/proc/$pid/status"; }

for format in xlsx csv; do
  CORPSITE_ADMIN_ADDR=off RUST_LOG=error "$BIN" serve --addr 127.0.0.1:0 --data-dir "$data" > "$work/out" &
  pid=$!
  for _ in $(seq 600); do grep -q serving "$work/out" 2>/dev/null && break; sleep 0.1; done
  url=$(grep -o 'http://[^/]*' "$work/out")
  cookie=$(curl -sf -D - -o /dev/null -H "Origin: $url" -H 'Content-Type: application/json' \
    -d '{"email":"bench@example.com","password":"a bench passphrase of some length"}' "$url/api/staff/login" |
    sed -n 's/^[Ss]et-[Cc]ookie: \([^;]*\).*/\1/p')
  [ -n "$cookie" ] || { echo "sign-in failed" >&2; exit 1; }
  before=$(kib VmRSS)
  figures=$(curl -sf -o "$work/export.$format" -w '%{http_code} %{time_total} %{size_download}' \
    -H "Cookie: $cookie" "$url/api/staff/inbox/enquiries/export.$format")
  peak=$(kib VmHWM)
  read -r code seconds bytes <<< "$figures"
  printf '%-5s %s rows: HTTP %s in %.2f s, %.1f MB; resident before %d MB, peak %d MB\n' \
    "$format" "$ROWS" "$code" "$seconds" "$(echo "$bytes / 1048576" | bc -l)" \
    $((before / 1024)) $((peak / 1024))
  kill "$pid"; wait "$pid" 2>/dev/null || true; pid=
done
