import { resolve } from 'node:path';
import { PostgresStorage } from './postgres.js';
import { SqliteStorage } from './sqlite.js';
import type { Storage } from './types.js';

export type { RecordSummary, Storage } from './types.js';
export { PostgresStorage } from './postgres.js';
export { SqliteStorage } from './sqlite.js';

/** PostgreSQL when DATABASE_URL is set, else the SQLite file at SQLITE_PATH (default ./data/star-eater.sqlite). */
export async function openStorage(env: NodeJS.ProcessEnv = process.env): Promise<Storage> {
  const storage: Storage = env.DATABASE_URL
    ? new PostgresStorage(env.DATABASE_URL)
    : new SqliteStorage(env.SQLITE_PATH ?? resolve(process.cwd(), 'data', 'star-eater.sqlite'), {
        appendOffThread: env.INPUT_LOG_THREAD === 'on',
        commitSpacingMs: commitSpacing(env.INPUT_LOG_COMMIT_SPACING_MS),
      });
  await storage.init();
  return storage;
}

/** INPUT_LOG_COMMIT_SPACING_MS: whole milliseconds, 0 to 1000 (unset: 0, a commit at the end of each turn). */
function commitSpacing(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 0;
  if (!/^\d+$/.test(raw) || Number(raw) > 1000)
    throw new Error(`INPUT_LOG_COMMIT_SPACING_MS must be a whole number of milliseconds from 0 to 1000, not "${raw}"`);
  return Number(raw);
}
