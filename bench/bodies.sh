#!/usr/bin/env bash
# The story editor's preview, a save and a reader's render of bodies built to be slow (quotes,
# lists, emphasis and HTML elements thousands deep, and flat ones beside them), each at the
# size limit, before the nesting limit and now (examples/bodies.rs says how).
#   bash bench/bodies.sh                  BEFORE_BUDGET=5 bash bench/bodies.sh
#   bash bench/bodies.sh --now-only       (skips the slow "before" runs)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo run --release --quiet --example bodies -- "$@"
