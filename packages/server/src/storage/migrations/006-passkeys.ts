// Passkeys (players/passkeys.ts): the WebAuthn credentials a player registered to sign in on another device, and the
// challenges handed out for a registration or a sign-in, each usable once before it expires. Kept in the database,
// so a challenge issued by one process is checked by whichever process the answer reaches.
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from './dialect.js';

export const passkeys = (_d: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('passkeys')
      // The credential id as the browser reports it (base64url).
      .addColumn('credential_id', 'text', (c) => c.primaryKey())
      .addColumn('player_id', 'text', (c) => c.notNull())
      // The COSE public key, base64url.
      .addColumn('public_key', 'text', (c) => c.notNull())
      // The authenticator's signature counter: a sign-in whose counter does not move forward is refused (a clone).
      .addColumn('counter', 'bigint', (c) => c.notNull())
      // JSON array of transports ("internal", "usb" …), as the browser reported them.
      .addColumn('transports', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.createIndex('passkeys_player').on('passkeys').column('player_id').execute();
    await db.schema
      .createTable('passkey_challenges')
      .addColumn('challenge', 'text', (c) => c.primaryKey())
      // 'register' (player_id: who registers) or 'login' (player_id null: the passkey says who).
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('player_id', 'text')
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
  },
});
