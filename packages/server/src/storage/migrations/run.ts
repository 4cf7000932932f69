// Runs the migrations (index.ts) on either store through Kysely's Migrator; failing, it names the migration.
import type { DatabaseSync } from 'node:sqlite';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import type pg from 'pg';
import { migrations, type Dialect } from './index.js';

/** To the newest version, or (`upTo`, a test of a migration) to that one. */
async function run(db: Kysely<unknown>, dialect: Dialect, upTo?: string): Promise<void> {
  const migrator = new Migrator({ db, provider: migrations(dialect) });
  const { error, results } = await (upTo ? migrator.migrateTo(upTo) : migrator.migrateToLatest());
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`schema migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? error}`);
  }
}

/** node:sqlite as Kysely's SqliteDialect expects a database (better-sqlite3's shape): arrays of parameters. */
function sqliteAdapter(db: DatabaseSync): SqliteDatabase {
  return {
    close: () => {}, // the store owns the connection
    prepare: (sql: string) => {
      const st = db.prepare(sql);
      return {
        reader: st.columns().length > 0,
        all: (p: ReadonlyArray<unknown>) => st.all(...(p as never[])),
        run: (p: ReadonlyArray<unknown>) => st.run(...(p as never[])) as never,
        iterate: (p: ReadonlyArray<unknown>) => st.iterate(...(p as never[])) as never,
      };
    },
  };
}

export async function migrateSqlite(db: DatabaseSync, upTo?: string): Promise<void> {
  const k = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqliteAdapter(db) }) });
  try {
    await run(k, 'sqlite', upTo);
  } finally {
    await k.destroy();
  }
}

/** The Migrator takes PostgreSQL's advisory lock: replicas starting at once migrate one after the other. */
export async function migratePostgres(pool: pg.Pool): Promise<void> {
  const k = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: { connect: () => pool.connect(), end: async () => {} } as never }),
  });
  try {
    await run(k, 'postgres');
  } finally {
    await k.destroy();
  }
}
