#!/usr/bin/env bash
# Every test of the project, in order: format and lint, types, unit tests, server integration
# tests on PGlite and on PostgreSQL, process tests (durability, several instances), and the
# end-to-end tests in Chromium against the real server and the built web app.
set -euo pipefail
cd "$(dirname "$0")/.."

export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres:postgres@127.0.0.1:5432/postgres}"

# Each step's name and start, for the table of durations printed at the end (docs/testing.md
# keeps the budget each step is held to), also when a step fails.
step_names=()
step_starts=()
step() {
  step_names+=("$*")
  step_starts+=("$(date +%s)")
  printf '\n\033[1;32m== %s (%s)\033[0m\n' "$*" "$(date -u +%T)"
}
durations() {
  local now count i
  now=$(date +%s)
  count=${#step_names[@]}
  printf '\n%-7s  %s\n' 'seconds' 'step'
  for ((i = 0; i < count; i++)); do
    local end=$now
    if ((i + 1 < count)); then end=${step_starts[i + 1]}; fi
    printf '%7d  %s\n' "$((end - step_starts[i]))" "${step_names[i]}"
  done
  if ((count > 0)); then printf '%7d  total\n' "$((now - step_starts[0]))"; fi
}
trap durations EXIT

# Runs the commands given as strings side by side (one tsc leaves a core idle); fails if any of
# them failed, after all have finished.
together() {
  local pids=() failed=0
  for command in "$@"; do
    bash -c "$command" &
    pids+=("$!")
  done
  for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
  return "$failed"
}

# The static checks need none of the services: on a fresh machine, Chromium, PostgreSQL and the
# rest install meanwhile, and the tests wait for them.
services_log=$(mktemp)
bash scripts/ensure-services.sh >"$services_log" 2>&1 &
services=$!
services_ready() {
  local status=0
  wait "$services" || status=$?
  cat "$services_log"
  rm -f "$services_log"
  return "$status"
}

step "format and lint"
together "npx prettier --check . --log-level warn" "npx eslint . --max-warnings 0"
step "imports: no cycle (type imports included), no module importing the composition root"
npm run lint:imports --silent
step "dependency audit: no high or critical advisory outside security/audit-allowlist.json"
node --import tsx scripts/dependency-audit.ts
step "types"
together "npx tsc -p packages/contract && npx tsc -p packages/client && npx tsc -p packages/cli" \
  "npx tsc -p apps/server" "npx tsc -p apps/web" "npx tsc -p e2e" "npx tsc -p bench"
step "services: Chromium, PostgreSQL, kubectl, nginx"
services_ready
step "unit tests"
npx vitest run --project unit --project web --project web-mocked
step "server integration tests on PGlite"
npx vitest run --project integration-pglite
step "server integration tests on PostgreSQL"
npx vitest run --project integration-postgres
step "process tests: durability, data-directory lock, several instances"
npx vitest run --project process
step "build the web app"
npm run build --silent
step "end-to-end tests in Chromium"
E2E_SKIP_BUILD=1 npm run test --silent -w @alpenkube/e2e
step "all tests passed"
