#!/usr/bin/env bash
# Restores a backup made by scripts/backup.sh (docs/operations.md, "Backups and restore").
#
#   scripts/restore.sh postgres <DATABASE_URL> <file.dump>
#     Drops what the dump holds and recreates it, in one transaction: a failed restore changes
#     nothing. Stop the servers first (they would write into a half-restored database), and run
#     it as the role that owns the tables.
#   scripts/restore.sh embedded <DATA_DIR> <file.tar.gz>
#     Replaces the embedded database in DATA_DIR with the backup's. The server must be stopped.
set -euo pipefail

usage() {
  echo "usage: $0 postgres <DATABASE_URL> <file.dump> | embedded <DATA_DIR> <file.tar.gz>" >&2
  exit 2
}
[ $# -eq 3 ] || usage
kind=$1 target=$2 file=$3
[ -f "$file" ] || { echo "no backup at $file" >&2; exit 1; }

running_server() {
  local lock="$1/server.lock" pid
  [ -f "$lock" ] || return 1
  pid=$(grep -o '"pid":[0-9]*' "$lock" | cut -d: -f2)
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

case "$kind" in
  postgres)
    pg_restore --clean --if-exists --single-transaction --exit-on-error --dbname="$target" "$file"
    ;;
  embedded)
    if pid=$(running_server "$target"); then
      echo "the server (pid $pid) is running on $target: stop it first" >&2
      exit 1
    fi
    mkdir -p "$target"
    # Unpacked beside the data directory first, so a broken archive leaves it as it was.
    staging=$(mktemp -d "$target/.restore-XXXXXX")
    trap 'rm -rf "$staging"' EXIT
    tar --extract --gzip --file="$file" --directory="$staging"
    [ -d "$staging/pgdata" ] || { echo "$file holds no embedded database" >&2; exit 1; }
    rm -rf "$target/pgdata"
    for entry in "$staging"/* "$staging"/.[!.]*; do
      [ -e "$entry" ] || continue
      rm -rf "${target:?}/$(basename "$entry")"
      mv "$entry" "$target/"
    done
    ;;
  *) usage ;;
esac
echo "restored $kind database from $file"
