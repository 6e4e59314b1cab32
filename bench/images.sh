#!/usr/bin/env bash
# Bytes of images transferred for /blogs and a post on a 390 px phone (dpr 2 and 3), before
# and after the image pipeline, with the same demo stories and photos.
#   BEFORE_BIN=/path/to/corpsite-of-an-older-commit bash bench/images.sh
# "before" is a release binary built from a commit before the pipeline (git worktree add
# /tmp/before <commit>; cargo build --release there): it stores each photo re-encoded at its
# own size and the pages load it whole. Both import db/seed/blogs (the same posts and photos).
set -euo pipefail
cd "$(dirname "$0")/.."
AFTER=${AFTER_BIN:-target/release/corpsite}
BEFORE=${BEFORE_BIN:?set BEFORE_BIN to a release binary from before the image pipeline}
work=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$work"' EXIT

start() { # name binary: starts it (not in a subshell, so the trap knows its pid)
  CORPSITE_ADMIN_ADDR=off RUST_LOG=warn "$2" serve --addr 127.0.0.1:0 --data-dir "$work/$1" > "$work/$1.out" 2>&1 &
  pids+=($!)
}
base_url() { # name -> the base URL, once the server says it
  for _ in $(seq 600); do grep -q 'http://' "$work/$1.out" 2>/dev/null && break; sleep 0.1; done
  grep -o 'http://[^/ ]*' "$work/$1.out" | head -1
}

# Before: the seed's posts published by the old binary, and its own demo seed marked done so
# only they show.
"$BEFORE" blog import db/seed/blogs --data-dir "$work/before" > /dev/null
python3 - "$work/before/corpsite.db" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("INSERT OR REPLACE INTO app_meta (key, value) VALUES ('demo_content_seeded_at', 'bench')")
db.commit()
PY
start before "$BEFORE"
start after "$AFTER"
before=$(base_url before)
after=$(base_url after)
post=$(curl -s "$after/api/corp_website/blogs/get" | python3 -c '
import json, sys
blogs = json.load(sys.stdin)["data"]["datas"]
print(next(b["_id"] for b in blogs if b.get("blog_image_set")))')
echo "post: /blogs/detail/$post"
echo "before: $(du -sb "$work/before/media" | cut -f1) bytes in media; after: $(du -sb "$work/after/media" | cut -f1)"
node bench/images.mjs "before=$before" "after=$after" "/blogs/detail/$post"
