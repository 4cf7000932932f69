// The input log on PostgreSQL (types.ts Storage, issue 11). Several processes share the database: a claim is an
// update conditional on the owner it read, so of two processes taking over one room exactly one gets it.
import type pg from 'pg';
import type { ClaimedRoom, LiveRoom } from './types.js';

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

  async append(roomId: string, seq: number, at: number, entry: string): Promise<void> {
    await this.pool.query({
      name: 'input-log-append',
      text: 'INSERT INTO input_log (room_id, seq, at, entry) VALUES ($1, $2, $3, $4)',
      values: [roomId, seq, at, entry],
    });
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
