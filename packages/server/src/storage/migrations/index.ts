// The one versioned schema of both stores, run by Kysely's Migrator (a kept tool: it records what ran in
// kysely_migration and serialises concurrent starts with its own lock, so replicas starting together are safe).
// A migration is never edited once landed: a change is a new file here, listed in MIGRATIONS.
import type { Migration, MigrationProvider } from 'kysely';
import { records } from './001-records.js';
import { inputLog } from './002-input-log.js';
import { inputLogInWriteOrder } from './003-input-log-in-write-order.js';
import { journalFill } from './004-journal-fill.js';
import { players } from './005-players.js';
import { passkeys } from './006-passkeys.js';

import type { Dialect } from './dialect.js';

export type { Dialect } from './dialect.js';

/** Every migration in order; each gets the dialect, as the two stores type a few columns differently. */
const MIGRATIONS: Record<string, (d: Dialect) => Migration> = {
  '001-records': records,
  '002-input-log': inputLog,
  '003-input-log-in-write-order': inputLogInWriteOrder,
  '004-journal-fill': journalFill,
  '005-players': players,
  '006-passkeys': passkeys,
};

export function migrations(dialect: Dialect): MigrationProvider {
  return {
    getMigrations: async () => Object.fromEntries(Object.entries(MIGRATIONS).map(([name, m]) => [name, m(dialect)])),
  };
}
