// The write-ahead log of live matches: one row per room being played (its owner process and creation
// options) and its accepted inputs in order, so a restarted or surviving process rebuilds the match by replaying them
// through the engine. Sealed inputs (commitments, the seed) sit here until the room is gone: no API reads this table.
// `instances` holds each process' heartbeat: a room whose owner stopped beating is taken over (the lease).
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from './dialect.js';

export const inputLog = (d: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    const json = d === 'postgres' ? 'jsonb' : 'text';
    await db.schema
      .createTable('live_rooms')
      .addColumn('room_id', 'text', (c) => c.primaryKey())
      .addColumn('owner', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('options', json, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('live_rooms_owner').on('live_rooms').column('owner').execute();
    await db.schema
      .createTable('input_log')
      .addColumn('room_id', 'text', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('entry', json, (c) => c.notNull())
      .addPrimaryKeyConstraint('input_log_pk', ['room_id', 'seq'])
      .execute();
    await db.schema
      .createTable('instances')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('heartbeat_at', 'bigint', (c) => c.notNull())
      .execute();
  },
});
