#!/usr/bin/env bash
# Runs a command against two Skafferi server processes on one PostgreSQL database (decision 0047).
#
#   scripts/with-postgres.sh scripts/two-instances.sh npx vitest run --config tests/cluster/vitest.config.ts
#
# What it does:
#   1. needs DATABASE_URL (scripts/with-postgres.sh sets it);
#   2. starts instance A (`node --import tsx server/main.ts`, one process: no client, a small demo catalogue, on a free port) and waits for its
#      /health — A migrates and seeds the empty database — then instance B the same way on another port;
#   3. runs the command with CLUSTER_A_URL and CLUSTER_B_URL set;
#   4. always stops both servers, and exits with the command's exit code.
# Both run with CAPTCHA_HMAC_KEY unset (the key must come from the database) and TRUST_PROXY=true (as behind a load
# balancer; the tests pose as different client addresses with X-Forwarded-For). Server logs go to $CLUSTER_LOGS
# (default .tmp/cluster) and are printed when something fails.
set -euo pipefail

log() { echo "[two-instances] $*" >&2; }

if [[ $# -eq 0 ]]; then
  echo "usage: $0 <command> [args…]   (runs the command with CLUSTER_A_URL and CLUSTER_B_URL set)" >&2
  exit 2
fi
if [[ -z "${DATABASE_URL:-}" ]]; then
  log "DATABASE_URL is not set: run me inside scripts/with-postgres.sh"
  exit 2
fi

cd "$(dirname "${BASH_SOURCE[0]}")/.."
logs=${CLUSTER_LOGS:-.tmp/cluster}
mkdir -p "$logs"
pids=()

stop_all() {
  local status=$?
  set +e
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null; done
  for pid in "${pids[@]}"; do
    # Up to 10 s for a clean close, then no more waiting.
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
  done
  if [[ $status -ne 0 ]]; then
    for name in a b; do
      [[ -f "$logs/instance-$name.log" ]] || continue
      log "last lines of instance $name's log:"
      tail -n 30 "$logs/instance-$name.log" >&2
    done
  fi
  exit "$status"
}
trap stop_all EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
free_port() {
  local candidate
  for _ in $(seq 1 20); do
    candidate=$((20000 + RANDOM % 40000))
    port_in_use "$candidate" || { echo "$candidate"; return 0; }
  done
  return 1
}

# GET /health answers 200 (bash only: a fresh machine may have no curl).
healthy() { # <port>
  (exec 3<>"/dev/tcp/127.0.0.1/$1" && printf 'GET /health HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3 &&
    head -n 1 <&3 | grep -q ' 200 ') 2>/dev/null
}

start_instance() { # <name> <port>
  local name=$1 port=$2
  PORT=$port HOST=127.0.0.1 SERVE_CLIENT=false SEED_ON_EMPTY=true SEED_PRODUCTS=200 LOG_LEVEL=warn \
    DEV_MAILBOX=true TRUST_PROXY=true CAPTCHA_HMAC_KEY='' CAPTCHA_COST=10 CAPTCHA_MAX_COUNTER=40 \
    RATE_LIMIT_LOGIN_PER_MINUTE=10 \
    node --import tsx server/main.ts >"$logs/instance-$name.log" 2>&1 &
  pids+=($!)
  local pid=$!
  # Migrating and seeding on a busy machine takes a while: up to 3 minutes.
  for _ in $(seq 1 360); do
    if ! kill -0 "$pid" 2>/dev/null; then
      log "instance $name exited before it was healthy"
      return 1
    fi
    if healthy "$port"; then
      log "instance $name healthy on http://127.0.0.1:$port"
      return 0
    fi
    sleep 0.5
  done
  log "instance $name not healthy after 3 minutes"
  return 1
}

port_a=$(free_port)
start_instance a "$port_a"
port_b=$(free_port)
[[ "$port_b" != "$port_a" ]] || port_b=$(free_port)
start_instance b "$port_b"

export CLUSTER_A_URL="http://127.0.0.1:$port_a" CLUSTER_B_URL="http://127.0.0.1:$port_b"
set +e
"$@"
status=$?
set -e
log "command exited with $status; stopping both instances"
exit "$status"
