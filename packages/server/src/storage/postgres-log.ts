// The input log on PostgreSQL (types.ts Storage). Several processes share the database: a claim is an
// update conditional on the owner it read, so of two processes taking over one room exactly one gets it.
import type pg from 'pg';
import { LeaseLost, type ClaimedRoom, type LiveRoom } from './types.js';

const UNIQUE_VIOLATION = '23505';

export class PostgresInputLog {
  constructor(private readonly pool: pg.Pool) {}

  async openRoom(r: LiveRoom): Promise<void> {
    await this.pool.query('INSERT INTO live_rooms (room_id, owner, created_at, options) VALUES ($1, $2, $3, $4)', [
      r.roomId,
      r.owner,
      r.createdAt,
      JSON.stringify(r.options),
    ]);
  }

  /**
   * Fenced (types.ts append): the row is written only while `owner` holds the room. FOR SHARE locks the room's row
   * until the append commits, so a takeover's claim (an UPDATE of that row) waits for it and then reads it with the
   * log — or, claimed first, the append sees the new owner and writes nothing. A duplicate seq (the new owner wrote
   * it) is refused too.
   */
  async append(roomId: string, owner: string, seq: number, at: number, entry: string): Promise<void> {
    let n: number | null;
    try {
      n = (
        await this.pool.query({
          name: 'input-log-append',
          text: `INSERT INTO input_log (room_id, seq, at, entry)
                 SELECT room_id, $2::integer, $3::bigint, $4::jsonb FROM live_rooms WHERE room_id = $1 AND owner = $5 FOR SHARE`,
          values: [roomId, seq, at, entry, owner],
        })
      ).rowCount;
    } catch (err) {
      if ((err as { code?: string }).code === UNIQUE_VIOLATION) throw new LeaseLost(roomId);
      throw err;
    }
    if (n !== 1) throw new LeaseLost(roomId);
  }

  async logOpen(roomId: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('SELECT 1 FROM live_rooms WHERE room_id = $1', [roomId]);
    return (rowCount ?? 0) > 0;
  }

  async ownedRooms(owner: string): Promise<string[]> {
    const { rows } = await this.pool.query('SELECT room_id FROM live_rooms WHERE owner = $1', [owner]);
    return rows.map((r) => String(r.room_id));
  }

  async closeRoom(roomId: string): Promise<void> {
    await this.pool.query(
      'WITH l AS (DELETE FROM input_log WHERE room_id = $1) DELETE FROM live_rooms WHERE room_id = $1',
      [roomId],
    );
  }

  async heartbeat(owner: string, now: number): Promise<void> {
    await this.pool.query(
      `INSERT INTO instances (name, heartbeat_at) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET heartbeat_at = excluded.heartbeat_at`,
      [owner, now],
    );
  }

  async claimRooms(me: string, staleBefore: number, own: boolean): Promise<ClaimedRoom[]> {
    const { rows } = await this.pool.query(
      `SELECT r.room_id, r.owner, r.created_at, r.options, COALESCE(i.heartbeat_at, 0) AS alive
       FROM live_rooms r LEFT JOIN instances i ON i.name = r.owner
       WHERE (r.owner = $1 AND $2) OR (r.owner <> $1 AND COALESCE(i.heartbeat_at, 0) < $3)
       ORDER BY r.created_at`,
      [me, own, staleBefore],
    );
    const out: ClaimedRoom[] = [];
    for (const r of rows) {
      if (r.owner !== me) {
        const c = await this.pool.query('UPDATE live_rooms SET owner = $1 WHERE room_id = $2 AND owner = $3', [
          me,
          r.room_id,
          r.owner,
        ]);
        if (c.rowCount !== 1) continue;
      }
      const log = await this.pool.query('SELECT seq, at, entry FROM input_log WHERE room_id = $1 ORDER BY seq', [
        r.room_id,
      ]);
      out.push({
        roomId: r.room_id,
        owner: me,
        createdAt: Number(r.created_at),
        options: r.options,
        ownerAliveAt: Number(r.alive),
        entries: log.rows.map((e) => ({ seq: Number(e.seq), at: Number(e.at), entry: e.entry })),
      });
    }
    return out;
  }
}
