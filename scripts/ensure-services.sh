#!/usr/bin/env bash
# Makes sure the test suite has what it needs on this machine: Debian's Chromium for the
# end-to-end tests and a PostgreSQL that answers for the integration tests. Installs and
# starts them when absent (the test command runs as root on a fresh machine).
set -euo pipefail

log() { printf '\033[1;34m[services]\033[0m %s\n' "$*"; }

apt_updated=0
apt_install() {
  if [ "$apt_updated" = 0 ]; then
    log "apt-get update"
    apt-get update -qq
    apt_updated=1
  fi
  log "installing $*"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

ensure_chromium() {
  if [ ! -x /usr/bin/chromium ]; then
    apt_install chromium fonts-liberation
  fi
  log "chromium: $(/usr/bin/chromium --version 2>/dev/null || echo present)"
}

pg_answers() {
  command -v psql >/dev/null 2>&1 && psql "$TEST_DATABASE_URL" -Atc 'select 1' >/dev/null 2>&1
}

ensure_postgres() {
  if pg_answers; then
    log "postgresql answers at ${TEST_DATABASE_URL%%@*}@…"
    return
  fi
  if ! command -v pg_ctlcluster >/dev/null 2>&1; then
    apt_install postgresql
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

# The simulated Kubernetes API is tested with a real kubectl (Debian's is 1.20), over https
# with a certificate openssl makes, since kubectl sends no token to an http server.
ensure_kubectl() {
  if ! command -v kubectl >/dev/null 2>&1; then
    apt_install kubernetes-client
  fi
  if ! command -v openssl >/dev/null 2>&1; then
    apt_install openssl
  fi
  log "kubectl: $(kubectl version --client 2>/dev/null | head -n 1 || echo present)"
}

# The load test puts nginx in front of three servers, started by the test with its own config on
# loopback. Debian's package starts the system nginx on port 80 as it installs (and the install
# fails when that port is taken): a policy-rc.d answering 101 ("action forbidden") tells
# invoke-rc.d not to start it, and is removed again unless the machine had one already; should
# the machine's own policy have let it start anyway, it is stopped.
ensure_nginx() {
  if ! command -v nginx >/dev/null 2>&1; then
    local policy=/usr/sbin/policy-rc.d
    if [ -e "$policy" ]; then
      apt_install nginx
    else
      printf '#!/bin/sh\nexit 101\n' >"$policy"
      chmod +x "$policy"
      apt_install nginx || { rm -f "$policy"; exit 1; }
      rm -f "$policy"
    fi
    if [ -s /run/nginx.pid ]; then nginx -s quit || true; fi
  fi
  log "nginx: $(nginx -v 2>&1)"
}

export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres:postgres@127.0.0.1:5432/postgres}"
ensure_chromium
ensure_postgres
ensure_kubectl
ensure_nginx
