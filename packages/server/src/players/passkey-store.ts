// The passkeys' rows (storage/migrations/006-passkeys.ts) on either store, through the players' SQL executor
// (storage/player-store.ts SqlExec: $1… placeholders, one transaction per write).
import type { SqlExec } from '../storage/player-store.js';

type Row = Record<string, unknown>;

export interface StoredPasskey {
  credentialId: string;
  playerId: string;
  /** COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
}

export type ChallengeKind = 'register' | 'login';

export class PasskeyStore {
  constructor(private readonly sql: SqlExec) {}

  /** Keeps a challenge until `expiresAt` (ms); expired ones of any kind are dropped on the way. */
  async issue(challenge: string, kind: ChallengeKind, playerId: string | null, now: number, expiresAt: number) {
    const done = await this.sql.transaction([
      { sql: 'DELETE FROM passkey_challenges WHERE expires_at <= $1', params: [now] },
      {
        sql: 'INSERT INTO passkey_challenges (challenge, kind, player_id, expires_at) VALUES ($1, $2, $3, $4)',
        params: [challenge, kind, playerId, expiresAt],
        changes: 1,
      },
    ]);
    if (done !== 'done') throw new Error('a passkey challenge could not be kept (its random value was taken)');
  }

  /**
   * Uses up a challenge: true once, if it was issued for this kind (and player), and has not expired. A second use,
   * from this process or another, finds it gone.
   */
  async consume(challenge: string, kind: ChallengeKind, playerId: string | null, now: number): Promise<boolean> {
    const who = playerId === null ? 'player_id IS NULL' : 'player_id = $4';
    const done = await this.sql.transaction([
      {
        sql: `DELETE FROM passkey_challenges WHERE challenge = $1 AND kind = $2 AND expires_at > $3 AND ${who}`,
        params: playerId === null ? [challenge, kind, now] : [challenge, kind, now, playerId],
        changes: 1,
      },
    ]);
    return done === 'done';
  }

  /** false: this credential is registered already. */
  async add(p: StoredPasskey, now: number): Promise<boolean> {
    const done = await this.sql.transaction([
      {
        sql: `INSERT INTO passkeys (credential_id, player_id, public_key, counter, transports, created_at)
          VALUES ($1, $2, $3, $4, $5, $6)`,
        params: [p.credentialId, p.playerId, p.publicKey, p.counter, JSON.stringify(p.transports), now],
        changes: 1,
      },
    ]);
    return done === 'done';
  }

  async get(credentialId: string): Promise<StoredPasskey | null> {
    const [r] = await this.sql.all(
      'SELECT credential_id, player_id, public_key, counter, transports FROM passkeys WHERE credential_id = $1',
      [credentialId],
    );
    return r ? passkeyOf(r) : null;
  }

  async ofPlayer(playerId: string): Promise<StoredPasskey[]> {
    const rows = await this.sql.all(
      'SELECT credential_id, player_id, public_key, counter, transports FROM passkeys WHERE player_id = $1',
      [playerId],
    );
    return rows.map(passkeyOf);
  }

  /** A sign-in's new counter; false when another sign-in with the same counter got there first (a replay). */
  async used(credentialId: string, before: number, counter: number, now: number): Promise<boolean> {
    const done = await this.sql.transaction([
      {
        sql: 'UPDATE passkeys SET counter = $2, used_at = $3 WHERE credential_id = $1 AND counter = $4',
        params: [credentialId, counter, now, before],
        changes: 1,
      },
    ]);
    return done === 'done';
  }
}

function passkeyOf(r: Row): StoredPasskey {
  return {
    credentialId: String(r.credential_id),
    playerId: String(r.player_id),
    publicKey: String(r.public_key),
    counter: Number(r.counter),
    transports: JSON.parse(String(r.transports)) as string[],
  };
}
