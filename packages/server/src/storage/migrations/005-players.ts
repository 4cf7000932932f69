// Players, their Glicko-2 ratings and their games (players/): a guest is a row of `players` from its first session
// on; `player_games` holds one row per seat of every finished match a player sat in (rated, casual or aborted), keyed
// on the match and the seat, so a match's result is written once whatever retries or races; `server_secrets` holds
// the session tokens' signing key on PostgreSQL (players/secret.ts; SQLite keeps it in a file beside the database).
// Records made before this migration stay as they are: they have no player rows, and nothing reads them as such.
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from './dialect.js';

export const players = (d: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    const real = d === 'postgres' ? 'double precision' : 'real';
    await db.schema
      .createTable('players')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      // Raised by "sign out everywhere": a token of an older version is refused (players/session.ts).
      .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('rating', real, (c) => c.notNull())
      .addColumn('rd', real, (c) => c.notNull())
      .addColumn('volatility', real, (c) => c.notNull())
      .addColumn('rated_games', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_rated_at', 'bigint')
      .execute();
    await db.schema.createIndex('players_rating').on('players').column('rating').execute();
    await db.schema
      .createTable('player_games')
      .addColumn('match_id', 'text', (c) => c.notNull())
      .addColumn('seat', 'integer', (c) => c.notNull())
      .addColumn('player_id', 'text', (c) => c.notNull())
      .addColumn('opponent_id', 'text')
      .addColumn('opponent_name', 'text', (c) => c.notNull())
      .addColumn('opponent_bot', 'text')
      .addColumn('result', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('rated', 'integer', (c) => c.notNull())
      .addColumn('casual_because', 'text')
      .addColumn('rating_before', real)
      .addColumn('rating_after', real)
      .addColumn('rd_after', real)
      .addColumn('volatility_after', real)
      .addColumn('rounds', 'integer', (c) => c.notNull())
      .addColumn('has_record', 'integer', (c) => c.notNull())
      .addColumn('ended_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('player_games_pk', ['match_id', 'seat'])
      .execute();
    await db.schema
      .createIndex('player_games_player')
      .on('player_games')
      .columns(['player_id', 'ended_at', 'match_id'])
      .execute();
    await db.schema
      .createTable('server_secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
  },
});
