#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server.
#
#   scripts/with-postgres.sh <command> [args…]
#   scripts/with-postgres.sh npm run test:server
#   scripts/with-postgres.sh bash -c 'psql "$DATABASE_URL" -c "select version()"'
#
# What it does:
#   1. finds PostgreSQL's server binaries (/usr/lib/postgresql/<version>/bin, or $PG_BIN); when there are
#      none and we are root, installs Debian's `postgresql` package (apt-get update, once);
#   2. creates a new cluster in a temporary folder (owned by the `postgres` OS user when run as root,
#      since initdb refuses to run as root), listening on 127.0.0.1 only, on a free port, with a
#      password (SCRAM) for TCP connections, fsync off (the data is thrown away);
#   3. creates the database `skafferi` and exports DATABASE_URL=postgres://postgres:…@127.0.0.1:PORT/skafferi;
#   4. runs the command (in the current folder, as the current user);
#   5. always stops the server and removes the folder, and exits with the command's exit code.
set -euo pipefail

log() { echo "[with-postgres] $*" >&2; }

if [[ $# -eq 0 ]]; then
  echo "usage: $0 <command> [args…]   (runs the command with DATABASE_URL set to a throwaway PostgreSQL)" >&2
  exit 2
fi

# --- 1. server binaries --------------------------------------------------------------------------
find_pg_bin() {
  if [[ -n "${PG_BIN:-}" && -x "${PG_BIN}/initdb" ]]; then
    echo "$PG_BIN"
    return 0
  fi
  local initdb
  initdb=$(ls -d /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n 1 || true)
  [[ -n "$initdb" ]] && dirname "$initdb"
}

pg_bin=$(find_pg_bin || true)
if [[ -z "$pg_bin" ]]; then
  if [[ $EUID -ne 0 ]]; then
    log "PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin and not root: install the Debian package 'postgresql' (or set PG_BIN)."
    exit 1
  fi
  log "PostgreSQL server binaries not found: installing Debian's postgresql package"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  pg_bin=$(find_pg_bin || true)
  if [[ -z "$pg_bin" ]]; then
    log "apt-get installed postgresql but no initdb was found under /usr/lib/postgresql/*/bin"
    exit 1
  fi
fi

# As root, the server runs as the `postgres` OS user (Debian's package creates it).
if [[ $EUID -eq 0 ]]; then
  if ! id -u postgres >/dev/null 2>&1; then
    log "running as root but there is no 'postgres' OS user to run the server as"
    exit 1
  fi
  as_pg() { runuser -u postgres -- "$@"; }
else
  as_pg() { "$@"; }
fi

# --- 2. cluster ----------------------------------------------------------------------------------
tmp=$(mktemp -d "${TMPDIR:-/tmp}/with-postgres.XXXXXX")
data="$tmp/data"
started=0

cleanup() {
  local status=$?
  set +e
  if [[ $started -eq 1 ]]; then
    (cd "$tmp" && as_pg "$pg_bin/pg_ctl" -D "$data" -m fast -w -t 30 stop >/dev/null 2>&1) ||
      (cd "$tmp" && as_pg "$pg_bin/pg_ctl" -D "$data" -m immediate -w -t 10 stop >/dev/null 2>&1)
  fi
  rm -rf "$tmp"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

password="pw-$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
printf '%s\n' "$password" >"$tmp/pwfile"
if [[ $EUID -eq 0 ]]; then chown -R postgres: "$tmp"; fi
chmod 700 "$tmp"

log "initdb ($("$pg_bin/postgres" --version)) in $data"
# Run from the temp folder: the postgres user may not be allowed into the caller's folder.
if ! (cd "$tmp" && as_pg "$pg_bin/initdb" -D "$data" -U postgres --pwfile="$tmp/pwfile" \
  --auth-local=trust --auth-host=scram-sha-256 --encoding=UTF8 --locale=C >"$tmp/initdb.log" 2>&1); then
  cat "$tmp/initdb.log" >&2
  log "initdb failed"
  exit 1
fi
rm -f "$tmp/pwfile"

# A free port: pick one at random that nothing listens on; retry if another process takes it first.
port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
port=""
for attempt in 1 2 3 4 5; do
  candidate=$((20000 + RANDOM % 40000))
  port_in_use "$candidate" && continue
  if (cd "$tmp" && as_pg "$pg_bin/pg_ctl" -D "$data" -l "$tmp/postgres.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $candidate -k $tmp -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >/dev/null); then
    port=$candidate
    started=1
    break
  fi
  log "start on port $candidate failed (attempt $attempt):"
  tail -n 5 "$tmp/postgres.log" >&2 || true
done
if [[ -z "$port" ]]; then
  log "could not start PostgreSQL"
  exit 1
fi

# --- 3. database ---------------------------------------------------------------------------------
(cd "$tmp" && as_pg "$pg_bin/createdb" -h "$tmp" -p "$port" -U postgres skafferi)
export DATABASE_URL="postgres://postgres:${password}@127.0.0.1:${port}/skafferi"
log "PostgreSQL listening on 127.0.0.1:$port, DATABASE_URL set (database skafferi)"

# --- 4. the command ------------------------------------------------------------------------------
set +e
"$@"
status=$?
set -e
log "command exited with $status; stopping PostgreSQL"
exit "$status"
