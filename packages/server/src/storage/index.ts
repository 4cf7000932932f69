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
    : new SqliteStorage(env.SQLITE_PATH ?? resolve(process.cwd(), 'data', 'star-eater.sqlite'));
  await storage.init();
  return storage;
}
