#!/usr/bin/env bash
# The inbox's bulk actions on 10,000 matching enquiries among 20,000 (every matching one with
# a note): the time of one bulk status change, of one bulk erase (into the trash) and of its
# Undo (back from the trash), each a single request by the list's filter, as the bar's
# "Select all ... matching this filter" sends it.
#   bash bench/bulk.sh      (needs: apt-get install -y sqlite3 curl)
#   BIN=target/debug/corpsite SKIP_BUILD=1 bash bench/bulk.sh
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-target/release/corpsite}
MATCHING=${MATCHING:-10000}
OTHERS=${OTHERS:-10000}
command -v sqlite3 >/dev/null || { echo "install sqlite3: apt-get install -y sqlite3" >&2; exit 1; }
[ -n "${SKIP_BUILD:-}" ] || cargo build --release --quiet

work=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
data="$work/data"

# Migrate, add the account, then seed (demo data, made up here) straight into SQLite: rows
# go through the same insert triggers as the forms' (search index), in one statement.
echo 'a bench passphrase of some length' |
  RUST_LOG=warn "$BIN" staff add bench@example.com --name Bench --password-stdin --data-dir "$data" > /dev/null
sqlite3 "$data/corpsite.db" <<SQL
UPDATE staff SET must_change_password = 0;
-- A throw-away database: no second factor for the bench account.
DELETE FROM second_factor_required;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $MATCHING + $OTHERS)
INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment, department_website, service, status, created_at)
SELECT printf('%032x', i), 'contact', 'Visitor ' || i,
       'visitor' || i || '@example.com', 'visitor' || i || '@example.com', '+91 98450 ' || (10000 + i % 90000),
       CASE WHEN i % 2 = 0 AND i <= 2 * $MATCHING THEN 'Cheap casino bonus, click now'
            ELSE 'Office space of ' || (i % 90 + 10) || ',000 sq ft near Whitefield' END,
       'Corp Team', '', 'new',
       strftime('%Y-%m-%dT%H:%M:%fZ', '2024-01-01', '+' || (i * 300) || ' seconds')
FROM n;
INSERT INTO lead_notes (lead_kind, lead_id, author, body)
SELECT 'enquiry', id, 'bench@example.com', 'Looks like spam' FROM enquiries WHERE requirment LIKE '%casino%';
SQL

CORPSITE_ADMIN_ADDR=off RUST_LOG=error "$BIN" serve --addr 127.0.0.1:0 --data-dir "$data" > "$work/out" &
pid=$!
for _ in $(seq 600); do grep -q serving "$work/out" 2>/dev/null && break; sleep 0.1; done
url=$(grep -o 'http://[^/]*' "$work/out")
curl -sf -D "$work/headers" -o "$work/login.json" -H "Origin: $url" -H 'Content-Type: application/json' \
  -d '{"email":"bench@example.com","password":"a bench passphrase of some length"}' "$url/api/staff/login"
cookie=$(sed -n 's/^[Ss]et-[Cc]ookie: \([^;]*\).*/\1/p' "$work/headers")
csrf=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["csrf_token"])' "$work/login.json")
[ -n "$cookie" ] && [ -n "$csrf" ] || { echo "sign-in failed" >&2; exit 1; }

# bulk NAME BODY: one bulk request, its status, answer and time.
bulk() {
  local figures
  figures=$(curl -s -o "$work/answer" -w '%{http_code} %{time_total}' \
    -H "Cookie: $cookie" -H "X-CSRF-Token: $csrf" -H "Origin: $url" -H 'Content-Type: application/json' \
    -d "$2" "$url/api/staff/inbox/enquiries/bulk")
  read -r code seconds <<< "$figures"
  printf '%-44s HTTP %s %-16s in %.2f s\n' "$1" "$code" "$(cat "$work/answer")" "$seconds"
}

echo "$MATCHING matching enquiries of $((MATCHING + OTHERS)), each with a note:"
bulk "status spam, filter q=casino" '{"action":"status","status":"spam","filter":"q=casino","expected":'"$MATCHING"'}'
bulk "status done, filter status=spam" '{"action":"status","status":"done","filter":"status=spam","expected":'"$MATCHING"'}'
bulk "erase, filter q=casino" '{"action":"erase","filter":"q=casino","expected":'"$MATCHING"'}'
# The erase put them in the trash: its Undo brings all of them back, then they go again.
token=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["undo"])' "$work/answer")
figures=$(curl -s -o "$work/undone" -w '%{http_code} %{time_total}' \
  -H "Cookie: $cookie" -H "X-CSRF-Token: $csrf" -H "Origin: $url" -H 'Content-Type: application/json' \
  -d '{"undo":"'"$token"'"}' "$url/api/staff/inbox/enquiries/bulk/undo")
read -r code seconds <<< "$figures"
printf '%-44s HTTP %s %-16s in %.2f s\n' "undo the erase (back from the trash)" "$code" "$(cat "$work/undone")" "$seconds"
bulk "erase again, filter q=casino" '{"action":"erase","filter":"q=casino","expected":'"$MATCHING"'}'
left=$(sqlite3 "$data/corpsite.db" "SELECT (SELECT count(*) FROM enquiries) || ' enquiries, ' || (SELECT count(*) FROM lead_notes) || ' notes, ' || (SELECT count(*) FROM enquiry_search) || ' search entries, ' || (SELECT count(*) FROM audit_log WHERE detail LIKE '%bulk of%') || ' audit rows, ' || (SELECT count(*) FROM trash) || ' in the trash'")
echo "$left"
