// The suite server's SQLite database (playwright.config.ts E2E_SQLITE: one file per run in the temp folder) is removed
// with its input journal and its session secret once the run is over and passed (the server has stopped by then:
// Playwright stops its webServer before onEnd). A run that failed keeps it, and says where: its records are the matches
// the failing tests played (replay them with `pnpm engine replay`). A file that cannot be removed is an error of the
// run, not silence.
import { existsSync } from 'node:fs';
import type { FullResult, Reporter } from '@playwright/test/reporter';
import { removeDatabase } from '../packages/server/src/storage/sqlite-files.js';

export default class RunDatabase implements Reporter {
  onEnd(result: FullResult): void {
    const db = process.env.E2E_SQLITE;
    if (!db) throw new Error('E2E_SQLITE is not set: playwright.config.ts names the run database');
    if (result.status !== 'passed') {
      if (existsSync(db)) console.log(`\nThe e2e server's database is kept after this ${result.status} run: ${db}`);
      return;
    }
    removeDatabase(db);
  }

  printsToStdio(): boolean {
    return false;
  }
}
