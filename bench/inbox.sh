#!/usr/bin/env bash
# The staff inbox's list API with 100,000 enquiries and 20,000 applicants on file: p99
# latency (wrk --latency) of page 1, a deep page, a status filter, searches, "not answered"
# (filtered and sorted first) and the applicants' stages and roles (the page counts each
# role's applications per stage), one signed-in
# session, 4 connections (an office, not a crowd).
#   bash bench/inbox.sh      (needs: apt-get install -y wrk sqlite3)
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${DURATION:-10s}
BIN=${BIN:-target/release/corpsite}
command -v wrk >/dev/null || { echo "install wrk: apt-get install -y wrk" >&2; exit 1; }
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
sqlite3 "$data/corpsite.db" <<'SQL'
UPDATE staff SET must_change_password = 0;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment, department_website, service, status, created_at)
SELECT printf('%032x', i), CASE WHEN i % 5 = 0 THEN 'subscription' ELSE 'contact' END,
       'Visitor ' || i || CASE i % 3 WHEN 0 THEN ' Zoë' WHEN 1 THEN ' Rao' ELSE ' Kumar' END,
       'visitor' || i || '@example.com', 'visitor' || i || '@example.com', '+91 98450 ' || (10000 + i % 90000),
       'Office space of ' || (i % 90 + 10) || ',000 sq ft near ' || CASE i % 4 WHEN 0 THEN 'Whitefield' WHEN 1 THEN 'Koramangala' WHEN 2 THEN 'Hebbal' ELSE 'Mysuru' END,
       CASE i % 2 WHEN 0 THEN 'Corp Team' ELSE 'Corp Blogs' END, '',
       CASE i % 4 WHEN 0 THEN 'new' WHEN 1 THEN 'in_progress' WHEN 2 THEN 'done' ELSE 'spam' END,
       strftime('%Y-%m-%dT%H:%M:%fZ', '2024-01-01', '+' || (i * 300) || ' seconds')
FROM n;
-- 40 openings; the applicants spread over them (one in 41 a general application) and over
-- the hiring pipeline's stages.
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40)
INSERT INTO jobs (slug, title, department, location, employment_type, workplace, description, state)
SELECT 'role-' || i, 'Role ' || i, 'HR Labs', 'Head office', 'full_time', 'on_site', '<p>A role.</p>', 'published'
FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
INSERT INTO applicants (id, name, mobile, email, experience, previous_company, query, department_website,
                        resume_file, resume_original_name, resume_type, resume_size, created_at,
                        job_id, status)
SELECT printf('a%031x', i), 'Applicant ' || i, '98450' || (10000 + i), 'applicant' || i || '@example.com', i % 30,
       'Company ' || (i % 500), 'Facility management role', 'Corp Careers', printf('a%031x.png', i), 'cv.png',
       'image/png', 1000, strftime('%Y-%m-%dT%H:%M:%fZ', '2024-01-01', '+' || (i * 1500) || ' seconds'),
       CASE WHEN i % 41 = 0 THEN NULL ELSE i % 40 + 1 END,
       CASE i % 7 WHEN 0 THEN 'shortlisted' WHEN 1 THEN 'interview' WHEN 2 THEN 'offer'
                  WHEN 3 THEN 'hired' WHEN 4 THEN 'rejected' ELSE 'new' END
FROM n;
-- A third of the enquiries and applicants answered an hour after they came.
UPDATE enquiries SET first_reply_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+1 hour')
 WHERE kind = 'contact' AND rowid % 3 = 0;
UPDATE applicants SET first_reply_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+1 hour')
 WHERE rowid % 3 = 0;
SQL

CORPSITE_ADMIN_ADDR=off RUST_LOG=error "$BIN" serve --addr 127.0.0.1:0 --data-dir "$data" > "$work/out" &
pid=$!
for _ in $(seq 100); do grep -q serving "$work/out" 2>/dev/null && break; sleep 0.1; done
url=$(grep -o 'http://[^/]*' "$work/out")
cookie=$(curl -sf -D - -o /dev/null -H "Origin: $url" -H 'Content-Type: application/json' \
  -d '{"email":"bench@example.com","password":"a bench passphrase of some length"}' "$url/api/staff/login" |
  sed -n 's/^[Ss]et-[Cc]ookie: \([^;]*\).*/\1/p')
[ -n "$cookie" ] || { echo "sign-in failed" >&2; exit 1; }

# The bench's session counts as having given its second factor (an owner must give one).
sqlite3 "$data/corpsite.db" "UPDATE staff_sessions SET second_factor_done = 1, factor_given = 1"
# Every answer must be a page of leads: a refused session would measure nothing.
status=$(curl -s -o /dev/null -w '%{http_code}' -H "Cookie: $cookie" "$url/api/staff/inbox/enquiries")
[ "$status" = 200 ] || { echo "the session cannot read the inbox ($status)" >&2; curl -s -H "Cookie: $cookie" "$url/api/staff/inbox/enquiries" >&2; exit 1; }
for path in \
  'enquiries' 'enquiries?page=200' 'enquiries?status=new' 'enquiries?q=zoe' 'enquiries?q=white' \
  'enquiries?q=visitor4242' 'subscribers' 'applicants' 'applicants?q=company&status=new' \
  'enquiries?sort=not_answered' 'enquiries?answered=no' 'enquiries?answered=no&sort=oldest' \
  'enquiries?sort=not_answered&page=200' 'applicants?sort=not_answered' \
  'applicants?status=interview' 'applicants?job=role-7&status=offer'; do
  figures=$(wrk -t1 -c4 -d"$DURATION" --latency -H "Cookie: $cookie" "$url/api/staff/inbox/$path" |
    awk '/Requests\/sec/ {rps=$2} /^ +99%/ {p99=$2} /^ +50%/ {p50=$2} /Non-2xx/ {bad=$NF} END {print rps, p50, p99, (bad ? bad : 0)}')
  read -r rps p50 p99 bad <<< "$figures"
  printf '%-40s %9s req/s  p50 %-8s p99 %-8s non-2xx %s\n' "$path" "$rps" "$p50" "$p99" "$bad"
done
