#!/usr/bin/env bash
# docker-compose.yml's topology on loopback, without Docker: the production build run by plain node as two game
# processes (game1, game2) sharing a throwaway Redis + PostgreSQL (scripts/services.sh), behind nginx configured from
# the same template as compose's (deploy/nginx.conf.template). Install the services with
# `bash scripts/setup.sh --services`.
#   scripts/cluster.sh start [--no-build]   builds (pnpm build) unless --no-build, starts everything in a fresh temp
#                                           dir, waits until the proxy answers /health; prints shell lines to eval:
#                                           CLUSTER_DIR=… CLUSTER_URL=http://127.0.0.1:<port> GAME1_PID=… GAME2_PID=…
#   scripts/cluster.sh restart DIR gameN    stops replica gameN if it runs (SIGTERM) and starts it again (same name,
#                                           port and settings); prints GAMEN_PID=…
#   scripts/cluster.sh render-proxy DIR LISTEN GAME1 GAME2   prints the proxy configuration (files in DIR)
#   scripts/cluster.sh stop DIR             stops what `start` started in DIR (SIGTERM, then SIGKILL) and removes DIR
# Environment for start (defaults in brackets): PROXY_PORT [first free from 8080], LEASE_MS [15000, compose's],
# SHUTDOWN_DRAIN_MS [0: `stop` does not wait for matches to end], CLIENT_DIR [packages/client/dist], LOG_LEVEL [info],
# PASSKEY_ORIGINS [http://localhost:<proxy port>], and anything else the server reads (README "Configuration"), passed
# on to both processes. Logs: DIR/game1.log, game2.log,
# nginx-error.log, nginx-access.log.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$ROOT/.tools/bin:$PATH"

free_port() { # first free TCP port on 127.0.0.1 from $1
  local p=$1
  while (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; do p=$((p + 1)); done
  echo "$p"
}

# Waits until http://127.0.0.1:$1/health answers 200, or fails naming $2 and its log $3 (a process that exited, or
# one that never answered within 60 s: a broken start, not a slow one).
wait_health() {
  local port=$1 name=$2 log=$3 pid=${4:-} i
  for i in $(seq 1 600); do
    if node -e "fetch('http://127.0.0.1:$port/health').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"; then
      return 0
    fi
    if [ -n "$pid" ] && ! kill -0 "$pid" 2>/dev/null; then
      echo "$name exited during start; its log ($log):" >&2; tail -20 "$log" >&2; return 1
    fi
    sleep 0.1
  done
  echo "$name did not answer /health on port $port within 60 s; its log ($log):" >&2; tail -20 "$log" >&2
  return 1
}

stop_pid() { # SIGTERM, up to 15 s for a graceful exit, then SIGKILL
  local pid=$1 i
  kill -0 "$pid" 2>/dev/null || return 0
  kill -TERM "$pid" 2>/dev/null || return 0
  for i in $(seq 1 150); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.1; done
  kill -KILL "$pid" 2>/dev/null || true
}

stop_dir() {
  local D=$1 g
  case "$D" in /tmp/star-eater-cluster.*) ;; *) echo "refusing to stop $D" >&2; exit 2 ;; esac
  [ -f "$D/nginx.pid" ] && stop_pid "$(cat "$D/nginx.pid")"
  for g in game1 game2; do [ -f "$D/$g.pid" ] && stop_pid "$(cat "$D/$g.pid")"; done
  if [ -f "$D/services" ]; then bash "$ROOT/scripts/services.sh" stop "$(cat "$D/services")"; fi
  rm -rf "$D"
}

# One replica, as compose's game1/game2 (NODE_ENV, INSTANCE_ID, LEASE_MS, TRUST_PROXY, PUBLIC_ADDRESS through the
# proxy), in the background; stdio to its log, so the caller's pipes close when this script ends.
start_game() {
  local D=$1 g=$2 port
  port=$(cat "$D/$g.port")
  (
    # shellcheck disable=SC1091
    . "$D/game.env"
    cd "$ROOT"
    export NODE_ENV=production HOST=127.0.0.1 PORT=$port INSTANCE_ID=$g PUBLIC_ADDRESS=127.0.0.1:$PROXY_PORT/$g \
      TRUST_PROXY=1
    exec node packages/server/dist/main.js </dev/null >>"$D/$g.log" 2>&1
  ) &
  echo $! >"$D/$g.pid"
}

# Stops a replica if it runs (SIGTERM: its matches are handed over) and starts it again under the same name and port.
restart_game() {
  local D=$1 g=$2
  case "$g" in game1 | game2) ;; *) echo "no replica $g (game1, game2)" >&2; exit 2 ;; esac
  [ -f "$D/$g.port" ] || { echo "$D is not a running cluster" >&2; exit 2; }
  stop_pid "$(cat "$D/$g.pid")"
  start_game "$D" "$g"
  wait_health "$(cat "$D/$g.port")" "$g" "$D/$g.log" "$(cat "$D/$g.pid")"
  echo "${g^^}_PID=$(cat "$D/$g.pid")"
}

# The proxy's configuration for the processes at $3 and $4, listening on $2, its files in $1: the shared template
# rendered as the nginx image does (envsubst of the PROXY_* variables only); the access log goes to
# $1/nginx-access.log and one line is added at the top of `http {` for the temp paths (where files go, not how
# requests are routed). Also `cluster.sh render-proxy DIR LISTEN GAME1 GAME2` (the proxy tests use it).
render_proxy() {
  local D=$1 out temp="client_body_temp_path $1/nginx-temp/body; proxy_temp_path $1/nginx-temp/proxy;"
  mkdir -p "$D/nginx-temp"
  out=$(PROXY_LISTEN="$2" PROXY_GAME1="$3" PROXY_GAME2="$4" \
    envsubst '${PROXY_LISTEN} ${PROXY_GAME1} ${PROXY_GAME2}' <"$ROOT/deploy/nginx.conf.template" |
    sed -e "s|^http {\$|http {\n  $temp|" -e "s|/var/log/nginx/access.log|$D/nginx-access.log|")
  grep -qF "$temp" <<<"$out" || { echo "the template has no 'http {' line" >&2; return 1; }
  grep -qF "access_log $D/nginx-access.log" <<<"$out" || { echo "the template has no access_log line" >&2; return 1; }
  printf '%s\n' "$out"
}

start() {
  [ "${1:-}" = --no-build ] || (cd "$ROOT" && pnpm -s build >&2)
  [ -f "$ROOT/packages/server/dist/main.js" ] || { echo "no production build: run pnpm build" >&2; exit 3; }
  command -v nginx >/dev/null || { echo "nginx not installed (bash scripts/setup.sh --services)" >&2; exit 3; }
  bash "$ROOT/scripts/services.sh" check all || { echo "Redis/PostgreSQL not installed (bash scripts/setup.sh --services)" >&2; exit 3; }

  local D
  D=$(mktemp -d /tmp/star-eater-cluster.XXXXXX)
  chmod 755 "$D"
  # Whatever fails from here on leaves nothing running.
  trap 'stop_dir "$D"' ERR
  local svc
  svc=$(bash "$ROOT/scripts/services.sh" start all)
  local SERVICES_DIR REDIS_URL DATABASE_URL
  eval "$svc"
  echo "$SERVICES_DIR" >"$D/services"

  local proxy p1 p2
  proxy=$(free_port "${PROXY_PORT:-8080}")
  p1=$(free_port $((20000 + RANDOM % 20000)))
  p2=$(free_port $((p1 + 1)))

  # What every replica is started with (also by `restart`): the shared services and settings, shell-quoted.
  {
    printf 'PROXY_PORT=%q\n' "$proxy"
    printf 'export REDIS_URL=%q DATABASE_URL=%q LEASE_MS=%q SHUTDOWN_DRAIN_MS=%q LOG_LEVEL=%q\n' "$REDIS_URL" \
      "$DATABASE_URL" "${LEASE_MS:-15000}" "${SHUTDOWN_DRAIN_MS:-0}" "${LOG_LEVEL:-info}"
    [ -n "${CLIENT_DIR:-}" ] && printf 'export CLIENT_DIR=%q\n' "$CLIENT_DIR"
    # The pages come through the proxy, not a process' own port: passkeys are checked against the proxy's origin.
    if [ -z "${PASSKEY_ORIGINS:-}" ]; then printf 'export PASSKEY_ORIGINS=%q\n' "http://localhost:$proxy"; fi
  } >"$D/game.env"
  echo "$p1" >"$D/game1.port"
  echo "$p2" >"$D/game2.port"
  start_game "$D" game1
  start_game "$D" game2
  wait_health "$p1" game1 "$D/game1.log" "$(cat "$D/game1.pid")"
  wait_health "$p2" game2 "$D/game2.log" "$(cat "$D/game2.pid")"

  # nginx from the shared template, its pid, logs and temp files in D.
  render_proxy "$D" "127.0.0.1:$proxy" "127.0.0.1:$p1" "127.0.0.1:$p2" >"$D/nginx.conf"
  nginx -p "$D" -c "$D/nginx.conf" -e "$D/nginx-error.log" -g "pid $D/nginx.pid;" >&2
  wait_health "$proxy" nginx "$D/nginx-error.log"
  trap - ERR

  cat >"$D/env" <<ENV
CLUSTER_DIR=$D
CLUSTER_URL=http://127.0.0.1:$proxy
GAME1_PID=$(cat "$D/game1.pid")
GAME2_PID=$(cat "$D/game2.pid")
GAME1_URL=http://127.0.0.1:$p1
GAME2_URL=http://127.0.0.1:$p2
REDIS_URL=$REDIS_URL
DATABASE_URL=$DATABASE_URL
ENV
  cat "$D/env"
}

case "${1:-}" in
  start) shift; start "$@" ;;
  stop) stop_dir "${2:?usage: cluster.sh stop DIR}" ;;
  render-proxy) render_proxy "${2:?usage: cluster.sh render-proxy DIR LISTEN GAME1 GAME2}" "${3:?}" "${4:?}" "${5:?}" ;;
  restart) restart_game "${2:?usage: cluster.sh restart DIR game1|game2}" "${3:?usage: cluster.sh restart DIR game1|game2}" ;;
  *) sed -n '2,17p' "$0"; exit 2 ;;
esac
