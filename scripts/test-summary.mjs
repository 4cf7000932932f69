// Sums the results of every runner into the one closing line CI reads: "N passed, N failed".
// Each whole-workspace step (typecheck, lint, …) left STEP.failed holding 0 or 1 and counts as one test; a flaky
// Playwright test (failed, then passed on a retry) counts as failed: nothing may hide a failure.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const read = (f) => (existsSync(join(dir, f)) ? JSON.parse(readFileSync(join(dir, f), 'utf8')) : null);

for (const f of readdirSync(dir)
  .filter((n) => n.endsWith('.failed'))
  .sort()) {
  if (Number(readFileSync(join(dir, f), 'utf8')) === 0) passed += 1;
  else failed += 1;
}

const v = read('vitest.json');
if (v) {
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + (v.numTodoTests ?? 0);
  // A suite that failed to load has no tests counted: count it as one failure.
  for (const r of v.testResults ?? [])
    if (r.status === 'failed' && (r.assertionResults ?? []).length === 0) failed += 1;
} else failed += 1;

if (process.argv.includes('--playwright')) {
  const p = read('playwright.json');
  if (p) {
    passed += p.stats.expected ?? 0;
    failed += (p.stats.unexpected ?? 0) + (p.stats.flaky ?? 0);
    skipped += p.stats.skipped ?? 0;
    // A run that stopped early (a global error, the web server not starting) has errors but maybe no test counted.
    if ((p.errors ?? []).length > 0) failed += 1;
  } else failed += 1;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
