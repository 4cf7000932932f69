#!/usr/bin/env bash
# Throwaway Redis and PostgreSQL on loopback for tests and local scaled runs (install them with
# `bash scripts/setup.sh --services`).
#   scripts/services.sh start [redis|postgres|all]   starts them in a fresh temp dir; prints shell lines
#                                                    SERVICES_DIR=… REDIS_URL=… DATABASE_URL=… to eval
#   scripts/services.sh stop DIR                     stops what `start` started in DIR and removes DIR
#   scripts/services.sh check [redis|postgres|all]   exit 0 when the binaries are installed (default all)
set -euo pipefail
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)

free_port() { # first free TCP port on 127.0.0.1 from $1
  local p=$1
  while (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; do p=$((p + 1)); done
  echo "$p"
}

as_postgres() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$1"; else sh -c "$1"; fi; }

case "${1:-}" in
  check)
    has_redis() { command -v redis-server >/dev/null; }
    has_pg() { [ -n "$PG_BIN" ] && [ -x "$PG_BIN/initdb" ]; }
    case "${2:-all}" in
      redis) has_redis ;;
      postgres) has_pg ;;
      *) has_redis && has_pg ;;
    esac ;;
  start)
    what=${2:-all}
    D=$(mktemp -d /tmp/star-eater-services.XXXXXX)
    chmod 755 "$D"
    echo "SERVICES_DIR=$D"
    if [ "$what" = all ] || [ "$what" = redis ]; then
      command -v redis-server >/dev/null || { echo "redis-server not installed (bash scripts/setup.sh --services)" >&2; exit 3; }
      rp=$(free_port $((6390 + RANDOM % 500)))
      redis-server --port "$rp" --bind 127.0.0.1 --daemonize yes --pidfile "$D/redis.pid" --dir "$D" --save '' \
        --logfile "$D/redis.log" >/dev/null
      echo "REDIS_URL=redis://127.0.0.1:$rp"
    fi
    if [ "$what" = all ] || [ "$what" = postgres ]; then
      [ -n "$PG_BIN" ] || { echo "PostgreSQL not installed (bash scripts/setup.sh --services)" >&2; exit 3; }
      [ "$(id -u)" = 0 ] && chown postgres "$D"
      pp=$(free_port $((5439 + RANDOM % 500)))
      as_postgres "$PG_BIN/initdb -D $D/pg -A trust -U postgres >$D/initdb.log 2>&1"
      as_postgres "$PG_BIN/pg_ctl -D $D/pg -l $D/pg.log -w -o '-p $pp -k $D -c listen_addresses=127.0.0.1 -c fsync=off' start >/dev/null"
      echo "DATABASE_URL=postgres://postgres@127.0.0.1:$pp/postgres"
    fi ;;
  stop)
    D=${2:?usage: services.sh stop DIR}
    case "$D" in /tmp/star-eater-services.*) ;; *) echo "refusing to stop $D" >&2; exit 2 ;; esac
    [ -f "$D/redis.pid" ] && kill "$(cat "$D/redis.pid")" 2>/dev/null || true
    [ -d "$D/pg" ] && as_postgres "$PG_BIN/pg_ctl -D $D/pg -m fast -w stop >/dev/null 2>&1" || true
    rm -rf "$D" ;;
  *)
    sed -n '2,8p' "$0"; exit 2 ;;
esac
