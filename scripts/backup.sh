#!/usr/bin/env bash
# Backs up Alpenkube's database (docs/operations.md, "Backups and restore").
#
#   scripts/backup.sh postgres <DATABASE_URL> <file.dump> [<FILE_STORE_DIR>]
#     Online: pg_dump's custom format, one consistent snapshot while the servers run. Run it as
#     the role that owns the tables, with a pg_dump at least as new as the server. With a file
#     store directory (FILE_STORE_DIR: attachments, invoices' CSVs), it is archived after the
#     dump into <file.dump>.files.tar.gz: a file is written before the row that names it, so
#     every file the dump names is in the archive.
#   scripts/backup.sh embedded <DATA_DIR> <file.tar.gz>
#     The embedded database (PGlite) with the server stopped: its files are consistent only
#     then, and the server holds DATA_DIR/server.lock while it runs, so this refuses until it
#     has stopped.
set -euo pipefail

usage() {
  echo "usage: $0 postgres <DATABASE_URL> <file.dump> [<FILE_STORE_DIR>] | embedded <DATA_DIR> <file.tar.gz>" >&2
  exit 2
}
[ $# -eq 3 ] || { [ $# -eq 4 ] && [ "$1" = postgres ]; } || usage
kind=$1 source=$2 file=$3 files=${4:-}

# A backup holds the whole database (password and token hashes, sealed second-factor secrets,
# the simulated Kubernetes API's TLS key): readable by its owner only.
umask 077
# shellcheck source=scripts/data-dir-lock.sh
source "$(dirname "$0")/data-dir-lock.sh"

case "$kind" in
  postgres)
    pg_dump --format=custom --file="$file" "$source"
    if [ -n "$files" ]; then
      [ -d "$files" ] || { echo "no file store directory at $files" >&2; exit 1; }
      tar --create --gzip --file="$file.files.tar.gz.partial" --directory="$files" --exclude='./.partial' .
      mv "$file.files.tar.gz.partial" "$file.files.tar.gz"
    fi
    ;;
  embedded)
    [ -d "$source/pgdata" ] || { echo "no embedded database in $source (no pgdata)" >&2; exit 1; }
    take_data_dir_lock "$source"
    # Written aside and renamed, so an interrupted backup never looks like a whole one. The file
    # store (DATA_DIR/files unless FILE_STORE_DIR says otherwise) is part of the directory.
    tar --create --gzip --file="$file.partial" --directory="$source" --exclude='./server.lock*' .
    mv "$file.partial" "$file"
    ;;
  *) usage ;;
esac
echo "backed up $kind database to $file ($(du -h "$file" | cut -f1))"
