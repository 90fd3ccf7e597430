#!/usr/bin/env bash
# Backs up Alpenkube's database (docs/operations.md, "Backups and restore").
#
#   scripts/backup.sh postgres <DATABASE_URL> <file.dump>
#     Online: pg_dump's custom format, one consistent snapshot while the servers run. Run it as
#     the role that owns the tables, with a pg_dump at least as new as the server.
#   scripts/backup.sh embedded <DATA_DIR> <file.tar.gz>
#     The embedded database (PGlite) with the server stopped: its files are consistent only
#     then, and the server holds DATA_DIR/server.lock while it runs, so this refuses until it
#     has stopped.
set -euo pipefail

usage() {
  echo "usage: $0 postgres <DATABASE_URL> <file.dump> | embedded <DATA_DIR> <file.tar.gz>" >&2
  exit 2
}
[ $# -eq 3 ] || usage
kind=$1 source=$2 file=$3

# A backup holds the whole database (password and token hashes, sealed second-factor secrets,
# the simulated Kubernetes API's TLS key): readable by its owner only.
umask 077
# shellcheck source=scripts/data-dir-lock.sh
source "$(dirname "$0")/data-dir-lock.sh"

case "$kind" in
  postgres)
    pg_dump --format=custom --file="$file" "$source"
    ;;
  embedded)
    [ -d "$source/pgdata" ] || { echo "no embedded database in $source (no pgdata)" >&2; exit 1; }
    take_data_dir_lock "$source"
    # Written aside and renamed, so an interrupted backup never looks like a whole one.
    tar --create --gzip --file="$file.partial" --directory="$source" --exclude='./server.lock*' .
    mv "$file.partial" "$file"
    ;;
  *) usage ;;
esac
echo "backed up $kind database to $file ($(du -h "$file" | cut -f1))"
