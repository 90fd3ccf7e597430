# Sourced by backup.sh and restore.sh: holds DATA_DIR/server.lock for the script's lifetime, as
# the server does (apps/server/src/db/data-dir-lock.ts), so no server starts on the directory
# while its files are read or replaced, and the script refuses while a server runs there.

# Whether a process runs with this pid; one of another user (kill answers EPERM) counts.
pid_alive() {
  kill -0 "$1" 2>/dev/null || ps -p "$1" >/dev/null 2>&1
}

# Takes DIR/server.lock or exits with the running server's pid; a lock whose process is gone is
# taken over. The lock is released when the script exits.
take_data_dir_lock() {
  local dir=$1 lock="$1/server.lock" draft pid attempt
  draft="$lock.script-$$"
  printf '{"pid":%d,"host":"%s","at":"%s","by":"%s"}' "$$" "$(hostname)" \
    "$(date -u +%FT%TZ)" "$(basename "$0")" >"$draft"
  for attempt in 1 2 3; do
    if ln "$draft" "$lock" 2>/dev/null; then
      rm -f "$draft"
      held_lock="$lock"
      trap 'release_data_dir_lock' EXIT
      # Interrupted, the script still runs its exit handler (puts things back, frees the lock).
      trap 'exit 130' INT TERM HUP
      return 0
    fi
    pid=$(grep -o '"pid":[0-9]*' "$lock" 2>/dev/null | cut -d: -f2 || true)
    if [ -n "$pid" ] && pid_alive "$pid"; then
      rm -f "$draft"
      echo "the server (pid $pid) is running on $dir: stop it first" >&2
      exit 1
    fi
    # Left by a process that no longer runs: set aside, then try again.
    mv -f "$lock" "$lock.stale-$$" 2>/dev/null && rm -f "$lock.stale-$$"
  done
  rm -f "$draft"
  echo "could not take $lock" >&2
  exit 1
}

release_data_dir_lock() {
  local status=$?
  [ -n "${on_exit:-}" ] && eval "$on_exit"
  [ -n "${held_lock:-}" ] && rm -f "$held_lock"
  return "$status"
}
