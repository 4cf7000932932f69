// The input log kept in the order it is written (for its cost). On SQLite the table loses its key (room, seq):
// an append then writes the table's last page only, not also a page of the key's index at a random place, which
// was 40 % of an append (storage/sqlite-log.ts says how a room's log is read back and swept, and what fences a
// second writer instead). Owners get the epoch the SQLite store now writes (`name#epoch`). PostgreSQL keeps its
// key: several processes append to one log there, and the key refuses a seq written twice.
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './dialect.js';

/** The epoch given to the owners of rooms logged before this migration (12 characters, as the store's). */
const EARLIER = 'before-003..';

export const inputLogInWriteOrder = (d: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    if (d !== 'sqlite') return;
    await sql`CREATE TABLE input_log_003 (room_id text NOT NULL, seq integer NOT NULL, at bigint NOT NULL, entry text NOT NULL)`.execute(
      db,
    );
    await sql`INSERT INTO input_log_003 (room_id, seq, at, entry) SELECT room_id, seq, at, entry FROM input_log ORDER BY room_id, seq`.execute(
      db,
    );
    await sql`DROP TABLE input_log`.execute(db);
    await sql`ALTER TABLE input_log_003 RENAME TO input_log`.execute(db);
    await sql`UPDATE live_rooms SET owner = owner || '#' || ${EARLIER}`.execute(db);
  },
});
