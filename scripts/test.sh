#!/usr/bin/env bash
# Every test layer, in the order a failure is cheapest to find: formatting and lints,
# Rust tests (store, domain, HTTP through the real filters, the binary), the UI's type
# check, linter and unit tests, then the browser suite against the release binary.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

# Each step's wall time, printed as it ends and again in a table at the end, however the run
# ends (docs/testing.md keeps the table of the last fresh-clone run).
run_start=$SECONDS step_name="" step_start=$SECONDS times=() cleanup=""
step_done() {
  [ -n "$step_name" ] || return 0
  local took=$((SECONDS - step_start))
  times+=("$(printf '%5d s  %s' "$took" "$step_name")")
  printf -- '--- %s: %d s\n' "$step_name" "$took"
  step_name=""
}
step() { step_done; step_name=$1; step_start=$SECONDS; printf '\n==> %s\n' "$*"; }
finish() {
  local rc=$?
  eval "$cleanup"
  step_done
  printf '\n==> step times\n'
  printf '%s\n' "${times[@]}"
  printf '%5d s  total, %s\n' $((SECONDS - run_start)) "$([ "$rc" = 0 ] && echo passed || echo "FAILED (exit $rc)")"
}
trap finish EXIT

# Starts the release binary on a free port with a fresh data dir (the demo content) and no
# rate limits and no proof of work (`--form-proof off`: a contract test posts what the
# document allows, not solved challenges), then lets Schemathesis call every operation of the published document with
# every check it has; scripts/schemathesis.toml says which answers the forms may give to
# data that only matches the schema. The server is stopped however the run ends.
api_contract() {
  local root=$PWD
  local schemathesis=${SCHEMATHESIS:-$root/target/test-venv/bin/schemathesis}
  if [ ! -x "$schemathesis" ]; then
    schemathesis=$(command -v schemathesis) || {
      echo "schemathesis is not installed: .ci/run installs it (pip install schemathesis==4.32.5)" >&2
      return 1
    }
  fi
  local dir
  dir=$(mktemp -d)
  RUST_LOG=warn target/release/corpsite serve --addr 127.0.0.1:0 --admin-addr off --data-dir "$dir/data" \
    --rate-limit 0 --search-rate-limit 0 --form-proof off >"$dir/serve.log" 2>&1 &
  local server=$!
  # Run by finish() if the run ends here: the locals are expanded now, they are gone by then.
  cleanup="kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf '$dir'"
  local url="" _
  for _ in $(seq 100); do
    url=$(sed -n 's|.*serving \(http://[^/ ]*\)/.*|\1|p' "$dir/serve.log" | head -n 1)
    if [ -n "$url" ] || ! kill -0 "$server" 2>/dev/null; then break; fi
    sleep 0.1
  done
  if [ -z "$url" ]; then
    echo "the server did not start:" >&2
    cat "$dir/serve.log" >&2
    return 1
  fi
  # Run from the temp dir: Schemathesis keeps its example database in the working directory.
  # The hooks make the negative check judge a form with a file as the server does.
  (cd "$dir" && PYTHONPATH="$root/scripts" SCHEMATHESIS_HOOKS=schemathesis_hooks \
    "$schemathesis" --config-file "$root/scripts/schemathesis.toml" \
    run "$url/api/openapi.json" --url "$url" --checks all --max-examples 30)
  kill "$server"
  wait "$server" 2>/dev/null || true
  rm -rf "$dir"
  cleanup=""
}

if [ ! -f ui/node_modules/.package-lock.json ] || [ ui/package-lock.json -nt ui/node_modules/.package-lock.json ]; then
  step "UI dependencies (npm ci)"
  (cd ui && npm ci --no-audit --no-fund)
fi

step "cargo fmt --check"
cargo fmt --check

# Clippy lints the crate's own code as the test build compiles it: `cargo clippy` is `cargo
# check` with clippy's driver as the compiler of the workspace's crates, and the same driver
# compiles them as well (dependencies are built by rustc alone, as ever). One build, where a
# separate `cargo clippy --all-targets` checked every dependency and the crate once more
# (183 to 221 s of the run). The test build covers the same targets: the library, its unit
# tests, the binary and the integration tests. `-D warnings` fails the build on any warning.
clippy_driver=$(rustup which clippy-driver 2>/dev/null || command -v clippy-driver) || {
  echo "clippy is not installed: rustup component add clippy" >&2
  exit 1
}
# How cargo-clippy hands its arguments to the driver: each one followed by this separator.
linted=(env "RUSTC_WORKSPACE_WRAPPER=$clippy_driver" "CLIPPY_ARGS=-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__")

step "Rust tests, linted by clippy as they build (cargo nextest run, then the doc test)"
# Two tests a core: most of the slow ones wait on a timeout, a process or another server
# (measured on 2 cores: 287 s one a core, 150 s two, 149 s three).
"${linted[@]}" cargo nextest run --locked --test-threads $((2 * $(nproc)))
"${linted[@]}" cargo test --locked --doc

step "UI type check (tsc --noEmit)"
(cd ui && npx tsc --noEmit)

step "UI lint (biome)"
(cd ui && npx biome ci .)

step "UI unit tests (vitest)"
(cd ui && npx vitest run)

step "release build"
cargo build --release --locked

step "release archive (scripts/release-check.sh: signed, verified, unpacked, started as a double-click starts it)"
scripts/release-check.sh

step "API contract (schemathesis against the release binary and its /api/openapi.json)"
api_contract

step "first-load JS budget (24 KB gzip per public route, 60 KB per route the server does not render)"
(cd ui && npm run --silent size)

step "browser tests (playwright, /usr/bin/chromium)"
(cd ui && npx playwright test)

step_done
