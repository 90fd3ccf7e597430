#!/usr/bin/env bash
# Makes sure the test suite has what it needs on this machine: Debian's Chromium for the
# end-to-end tests, a PostgreSQL that answers for the integration tests, kubectl and openssl for
# the simulated Kubernetes API's tests, and nginx for the load test. Installs and starts them when
# absent (the test command runs as root on a fresh machine).
set -euo pipefail

log() { printf '\033[1;34m[services]\033[0m %s\n' "$*"; }

export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres:postgres@127.0.0.1:5432/postgres}"

pg_answers() {
  command -v psql >/dev/null 2>&1 && psql "$TEST_DATABASE_URL" -Atc 'select 1' >/dev/null 2>&1
}

# Everything missing is installed in one apt run: each apt-get and dpkg run has a fixed cost
# (reading the indexes, running triggers) that one run per package would pay again and again.
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium fonts-liberation)
pg_answers || command -v pg_ctlcluster >/dev/null 2>&1 || missing+=(postgresql)
# The simulated Kubernetes API is tested with a real kubectl (Debian's), over https with a
# certificate openssl makes, since kubectl sends no token to an http server.
command -v kubectl >/dev/null 2>&1 || missing+=(kubernetes-client)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
# The load test puts nginx in front of three servers, started by the test with its own config.
command -v nginx >/dev/null 2>&1 || missing+=(nginx)

if [ "${#missing[@]}" -gt 0 ]; then
  log "apt-get update"
  apt-get update -qq
  log "installing ${missing[*]}"
  # Debian's nginx package starts the system nginx on port 80 as it installs (and the install
  # fails when that port is taken): a policy-rc.d answering 101 ("action forbidden") tells
  # invoke-rc.d not to start any service, and is removed again unless the machine had one.
  policy=/usr/sbin/policy-rc.d
  own_policy=0
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy"
    chmod +x "$policy"
    own_policy=1
  fi
  status=0
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null || status=$?
  [ "$own_policy" = 0 ] || rm -f "$policy"
  [ "$status" = 0 ] || exit "$status"
  # Should the machine's own policy have let nginx start anyway, it is stopped.
  if [ -s /run/nginx.pid ]; then nginx -s quit || true; fi
fi

ensure_postgres() {
  if pg_answers; then
    log "postgresql answers at ${TEST_DATABASE_URL%%@*}@…"
    return
  fi
  local version
  version=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1)
  if [ -z "$version" ]; then
    version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
    pg_createcluster "$version" main >/dev/null
  fi
  # PostgreSQL refuses to run as root; pg_ctlcluster starts it as the postgres user.
  pg_ctlcluster --skip-systemctl-redirect "$version" main start 2>/dev/null || true
  for _ in $(seq 1 60); do
    pg_isready -q -h 127.0.0.1 -p 5432 && break
    sleep 0.5
  done
  # Debian asks for a password over TCP: give the postgres role the one the tests use.
  su postgres -c "psql -q -c \"alter user postgres password 'postgres'\"" >/dev/null
  if ! pg_answers; then
    echo "PostgreSQL does not answer at $TEST_DATABASE_URL" >&2
    exit 1
  fi
  log "postgresql $version started"
}

ensure_postgres
log "chromium: $(/usr/bin/chromium --version 2>/dev/null || echo present)"
log "kubectl: $(kubectl version --client 2>/dev/null | head -n 1 || echo present)"
log "nginx: $(nginx -v 2>&1)"
