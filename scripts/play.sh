#!/usr/bin/env bash
# Installs what is missing, builds the client and starts the game server with it on one port
# (default 2567; PORT to change). Embedded SQLite storage in data/: no external service needed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash scripts/setup.sh
source scripts/env.sh
pnpm -s build
echo "Star Eater Online: http://localhost:${PORT:-2567}"
# node itself, not pnpm: Ctrl-C / SIGTERM reach the server, which keeps its live matches for the next start.
exec node packages/server/dist/main.js
