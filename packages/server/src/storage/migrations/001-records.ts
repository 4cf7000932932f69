// Finished matches' records (RULES §10). `if not exists`: databases made before the schema was versioned already
// have this table, exactly so.
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from './dialect.js';

export const records = (d: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    let t = db.schema
      .createTable('records')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('ended_at', d === 'postgres' ? 'timestamptz' : 'text', (c) => c.notNull());
    if (d === 'postgres') t = t.addColumn('seq', 'bigserial');
    await t
      .addColumn('summary', d === 'postgres' ? 'jsonb' : 'text', (c) => c.notNull())
      .addColumn('record', d === 'postgres' ? 'jsonb' : 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('records_ended_at').ifNotExists().on('records').column('ended_at').execute();
  },
});
