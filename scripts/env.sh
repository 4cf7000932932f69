# source scripts/env.sh — puts the project's Node 24 and pnpm first on PATH for this shell.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$ROOT/.tools/bin:$PATH"
