#!/usr/bin/env bash
# Restores a backup made by scripts/backup.sh (docs/operations.md, "Backups and restore").
#
#   scripts/restore.sh postgres <DATABASE_URL> <file.dump> [<FILE_STORE_DIR>]
#     Drops what the dump holds and recreates it, in one transaction: a failed restore changes
#     nothing. Stop the servers first (they would write into a half-restored database), and run
#     it as the role that owns the tables. With a file store directory, the files archived
#     beside the dump (<file.dump>.files.tar.gz) are unpacked into it; files never change once
#     written, so those already there stay.
#   scripts/restore.sh embedded <DATA_DIR> <file.tar.gz>
#     Replaces the embedded database in DATA_DIR with the backup's. The server must be stopped.
set -euo pipefail

usage() {
  echo "usage: $0 postgres <DATABASE_URL> <file.dump> [<FILE_STORE_DIR>] | embedded <DATA_DIR> <file.tar.gz>" >&2
  exit 2
}
[ $# -eq 3 ] || { [ $# -eq 4 ] && [ "$1" = postgres ]; } || usage
kind=$1 target=$2 file=$3 files=${4:-}
[ -f "$file" ] || { echo "no backup at $file" >&2; exit 1; }

# shellcheck source=scripts/data-dir-lock.sh
source "$(dirname "$0")/data-dir-lock.sh"

case "$kind" in
  postgres)
    if [ -n "$files" ]; then
      [ -f "$file.files.tar.gz" ] || { echo "no file store archive at $file.files.tar.gz" >&2; exit 1; }
    fi
    pg_restore --clean --if-exists --single-transaction --exit-on-error --dbname="$target" "$file"
    if [ -n "$files" ]; then
      mkdir -p -m 700 "$files"
      tar --extract --gzip --file="$file.files.tar.gz" --directory="$files"
    fi
    ;;
  embedded)
    mkdir -p "$target"
    take_data_dir_lock "$target"
    # Unpacked beside the data directory first, so a broken archive leaves it as it was.
    staging=$(mktemp -d "$target/.restore-XXXXXX")
    on_exit='rm -rf "$staging"'
    tar --extract --gzip --file="$file" --directory="$staging"
    [ -d "$staging/pgdata" ] || { echo "$file holds no embedded database" >&2; exit 1; }
    # The old database is set aside, not deleted, until the new one is in place: interrupted
    # before that, the exit handler puts it back, so the directory never ends up without one
    # (a server would then start on a new, empty database).
    previous="$target/.previous-pgdata-$$"
    mkdir -p "$target/pgdata"
    mv "$target/pgdata" "$previous"
    on_exit='rm -rf "$staging"; if [ ! -d "$target/pgdata" ]; then mv "$previous" "$target/pgdata"; fi'
    mv "$staging/pgdata" "$target/pgdata"
    for entry in "$staging"/* "$staging"/.[!.]*; do
      [ -e "$entry" ] || continue
      rm -rf "${target:?}/$(basename "$entry")"
      mv "$entry" "$target/"
    done
    rm -rf "$previous"
    ;;
  *) usage ;;
esac
echo "restored $kind database from $file"
