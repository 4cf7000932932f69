// How far the table of the input log was filled from each SQLite start's journal file (the journal ahead
// of the table, storage/sqlite-journal.ts): a start that takes an owner's rooms over reads that owner's journal from
// there on. PostgreSQL has no journal (each append is its own transaction there).
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './dialect.js';

export const journalFill = (d: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    if (d !== 'sqlite') return;
    await sql`CREATE TABLE journal_fill (owner text PRIMARY KEY, segment integer NOT NULL, offset integer NOT NULL)`.execute(
      db,
    );
  },
});
