#!/usr/bin/env bash
# The analytics report (GET /api/staff/analytics) over a year of roll-ups at 10,000 visits a
# day (30,000 views), seeded straight into the roll-up tables (days and months) as the visits thread leaves them
# (demo data, made up here): 40 pages, 60 stories, 25 referring sites, 8 sources, 12
# campaigns, 40 entry pages and 3 screens every day, and 30 leads a day with their sources
# and stories read (LEADS_PER_DAY=N for another number), written into `lead_sources` and
# `lead_stories` so the database's own triggers keep the lead roll-ups (`lead_days`,
# `lead_months`) as a lead's real write does. Then wrk at CONNECTIONS (4 by default) for
# DURATION per period: p50 and p99. Target: p99 under 50 ms for a year.
#   bash bench/analytics.sh      (needs: apt-get install -y sqlite3 curl wrk)
#   BIN=target/debug/corpsite SKIP_BUILD=1 bash bench/analytics.sh
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-target/release/corpsite}
DURATION=${DURATION:-10s}
command -v sqlite3 >/dev/null || { echo "install sqlite3: apt-get install -y sqlite3" >&2; exit 1; }
command -v wrk >/dev/null || { echo "install wrk: apt-get install -y wrk" >&2; exit 1; }
[ -n "${SKIP_BUILD:-}" ] || cargo build --release --quiet

work=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
data="$work/data"

echo 'a bench passphrase of some length' |
  RUST_LOG=warn "$BIN" staff add bench@example.com --name Bench --password-stdin --data-dir "$data" > /dev/null
sqlite3 "$data/corpsite.db" <<SQL
UPDATE staff SET must_change_password = 0;
-- A throw-away database: no second factor for the bench account.
DELETE FROM second_factor_required;
WITH RECURSIVE
  d(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM d WHERE i < 365),
  day(day, i) AS (SELECT date('now', '-' || i || ' days'), i FROM d),
  k(kind, values_, share) AS (VALUES ('page', 40, 30000), ('story', 60, 9000), ('referrer', 25, 3000),
    ('source', 8, 1500), ('campaign', 12, 1200), ('entry', 40, 10000), ('device', 3, 30000)),
  v(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM v WHERE n < 60)
INSERT INTO visit_days (day, kind, value, views, visitors)
SELECT day.day, k.kind, k.kind || '-' || v.n, k.share / k.values_ + (day.i * v.n) % 17,
       k.share / k.values_ / 3 + (day.i + v.n) % 11
FROM day, k, v WHERE v.n <= k.values_;
WITH RECURSIVE d(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM d WHERE i < 365)
INSERT INTO visit_days (day, kind, value, views, visitors)
SELECT date('now', '-' || i || ' days'), 'all', '', 30000 + i % 500, 10000 + i % 300 FROM d;
-- LEADS_PER_DAY leads a day (30 by default), each with the source, campaign, referring site and landing of one of
-- the values above and two stories read: the report's "what brings leads" lists. The triggers
-- of V18__lead_roll_ups.sql count each row into lead_days and lead_months as it is written.
WITH RECURSIVE
  d(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM d WHERE i < 365),
  n(j) AS (SELECT 1 UNION ALL SELECT j + 1 FROM n WHERE j < 30)
INSERT INTO lead_sources (lead_id, kind, day, page, landing, referrer, source, medium, campaign)
SELECT printf('lead-%d-%d', i, j), 'contact', date('now', '-' || i || ' days'), '/contact',
       'entry-' || (1 + (i + j) % 40), 'referrer-' || (1 + j % 25), 'source-' || (1 + j % 8),
       'social', 'campaign-' || (1 + (i * j) % 12)
FROM d, n WHERE j <= ${LEADS_PER_DAY:-30};
INSERT INTO lead_stories (lead_id, story, position)
SELECT lead_id, 'story-' || (1 + abs(random()) % 30), 0 FROM lead_sources;
INSERT OR IGNORE INTO lead_stories (lead_id, story, position)
SELECT lead_id, 'story-' || (31 + abs(random()) % 30), 1 FROM lead_sources;
-- The month roll-ups the same roll-up keeps beside the days (their sums).
INSERT INTO visit_months (month, kind, value, views, visitors)
SELECT substr(day, 1, 7), kind, value, sum(views), sum(visitors)
FROM visit_days GROUP BY substr(day, 1, 7), kind, value;
SQL
rows=$(sqlite3 "$data/corpsite.db" 'SELECT count(*) FROM visit_days')
# 0 with a binary from before the lead roll-ups (for a before/after run).
lead_rows=$(sqlite3 "$data/corpsite.db" "SELECT count(*) FROM lead_days" 2>/dev/null || echo 0)

CORPSITE_ADMIN_ADDR=off RUST_LOG=error "$BIN" serve --addr 127.0.0.1:0 --data-dir "$data" > "$work/out" &
pid=$!
for _ in $(seq 100); do grep -q serving "$work/out" 2>/dev/null && break; sleep 0.1; done
url=$(grep -o 'http://[^/]*' "$work/out")
cookie=$(curl -sf -D - -o /dev/null -H "Origin: $url" -H 'Content-Type: application/json' \
  -d '{"email":"bench@example.com","password":"a bench passphrase of some length"}' "$url/api/staff/login" |
  sed -n 's/^[Ss]et-[Cc]ookie: \([^;]*\).*/\1/p')
[ -n "$cookie" ] || { echo "sign-in failed" >&2; exit 1; }

echo "roll-up rows: $rows visits, $lead_rows leads"
year_from=$(date -u -d '-364 days' +%F)
for query in '' "?from=$(date -u -d '-6 days' +%F)" "?from=$year_from"; do
  figures=$(wrk -t1 -c"${CONNECTIONS:-4}" -d"$DURATION" --latency -H "Cookie: $cookie" "$url/api/staff/analytics$query" |
    awk '/Requests\/sec/ {rps=$2} /^ +99%/ {p99=$2} /^ +50%/ {p50=$2} /Non-2xx/ {bad=$NF} END {print rps, p50, p99, (bad ? bad : 0)}')
  read -r rps p50 p99 bad <<< "$figures"
  printf '%-32s %9s req/s  p50 %-8s p99 %-8s non-2xx %s\n' "analytics${query:-' (30 days)'}" "$rps" "$p50" "$p99" "$bad"
done
