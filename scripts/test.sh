#!/usr/bin/env bash
# Every test layer, in the order a failure is cheapest to find: formatting and lints,
# Rust tests (store, domain, HTTP through the real filters, the binary), the UI's type
# check, linter and unit tests, then the browser suite against the release binary.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

step() { printf '\n==> %s\n' "$*"; }

if [ ! -f ui/node_modules/.package-lock.json ] || [ ui/package-lock.json -nt ui/node_modules/.package-lock.json ]; then
  step "UI dependencies (npm ci)"
  (cd ui && npm ci --no-audit --no-fund)
fi

step "cargo fmt --check"
cargo fmt --check

step "cargo clippy --all-targets -- -D warnings"
cargo clippy --locked --all-targets -- -D warnings

step "cargo test"
cargo test --locked

step "UI type check (tsc --noEmit)"
(cd ui && npx tsc --noEmit)

step "UI lint (biome)"
(cd ui && npx biome ci .)

step "UI unit tests (vitest)"
(cd ui && npx vitest run)

step "release build"
cargo build --release --locked

step "first-load JS budget (40 KB gzip per route)"
(cd ui && npm run --silent size)

step "browser tests (playwright, /usr/bin/chromium)"
(cd ui && npx playwright test)

step "all tests passed"
