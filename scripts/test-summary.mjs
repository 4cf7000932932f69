// Sums the results of every runner into the one closing line CI reads: "N passed, N failed".
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const read = (f) => (existsSync(join(dir, f)) ? JSON.parse(readFileSync(join(dir, f), 'utf8')) : null);

const typecheck = existsSync(join(dir, 'typecheck.failed'))
  ? Number(readFileSync(join(dir, 'typecheck.failed'), 'utf8'))
  : 0;
if (typecheck) failed += 1;
else passed += 1;

const v = read('vitest.json');
if (v) {
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + (v.numTodoTests ?? 0);
  // A suite that failed to load has no tests counted: count it as one failure.
  for (const r of v.testResults ?? [])
    if (r.status === 'failed' && (r.assertionResults ?? []).length === 0) failed += 1;
} else failed += 1;

const p = read('playwright.json');
if (p) {
  // flaky = failed once, then passed on retry: it passed, and the list reporter above shows the first failure
  passed += (p.stats.expected ?? 0) + (p.stats.flaky ?? 0);
  failed += p.stats.unexpected ?? 0;
  skipped += p.stats.skipped ?? 0;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
