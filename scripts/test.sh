#!/usr/bin/env bash
# The whole test suite: installs what is missing (Node 24, pnpm, packages, Redis, PostgreSQL, Chromium), then runs
# the typecheck, lint and format, every vitest suite (engine, server, client units) and the Playwright end-to-end tests, and closes
# with one line "N passed, N failed".
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash scripts/setup.sh --services --browser || { echo "setup failed"; echo "0 passed, 1 failed"; exit 1; }
source scripts/env.sh
OUT="$ROOT/.test-results"
rm -rf "$OUT" && mkdir -p "$OUT"

status=0
echo "== typecheck"
if pnpm -s typecheck >"$OUT/typecheck.log" 2>&1; then echo "typecheck ok"; echo 0 >"$OUT/typecheck.failed"
else cat "$OUT/typecheck.log"; echo 1 >"$OUT/typecheck.failed"; status=1; fi

echo "== lint"   # Biome (lint + format) and the import-cycle check
if pnpm -s lint >"$OUT/lint.log" 2>&1; then echo "lint ok"; echo 0 >"$OUT/lint.failed"
else cat "$OUT/lint.log"; echo 1 >"$OUT/lint.failed"; status=1; fi

echo "== vitest"
pnpm exec vitest run --reporter=default --reporter=json --outputFile.json="$OUT/vitest.json" || status=1

if [ -f e2e/playwright.config.ts ]; then
  echo "== playwright"
  # --reporter replaces the config's reporters: run-db.ts (removes the run's database once it passed) is named again.
  (cd e2e && PLAYWRIGHT_JSON_OUTPUT_NAME="$OUT/playwright.json" pnpm exec playwright test --reporter=list,json,./run-db.ts) || status=1
fi

node scripts/test-summary.mjs "$OUT" $([ -f e2e/playwright.config.ts ] && echo --playwright) || status=1
exit $status
