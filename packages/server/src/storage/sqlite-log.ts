// The input log on SQLite (types.ts Storage, issue 11): prepared statements on the log's own connection, every write
// in the turn's group commit (sqlite-group-commit.ts). One process owns a SQLite file, so a claim is a plain update;
// it is still conditional on the owner it read.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { SqliteGroupCommit } from './sqlite-group-commit.js';
import { LeaseLost, type ClaimedRoom, type LiveRoom, type LogEntry } from './types.js';

/**
 * An append, fenced on the room's owner (types.ts append): one statement, so the check and the write are one
 * transaction; 0 rows changed = refused (another owner, or a seq already written). Parameters: seq, at, entry,
 * room id, owner.
 */
export const FENCED_APPEND = `INSERT OR IGNORE INTO input_log (room_id, seq, at, entry)
  SELECT room_id, ?, ?, ? FROM live_rooms WHERE room_id = ? AND owner = ?`;

export class SqliteInputLog {
  private readonly insert: StatementSync;
  private readonly open: StatementSync;

  /** `db`: the connection of every write, whose group commits are `commits` (sqlite-group-commit.ts). */
  constructor(
    private readonly db: DatabaseSync,
    private readonly commits: SqliteGroupCommit,
  ) {
    this.insert = db.prepare(FENCED_APPEND);
    this.open = db.prepare('INSERT INTO live_rooms (room_id, owner, created_at, options) VALUES (?, ?, ?, ?)');
  }

  openRoom(r: LiveRoom): Promise<void> {
    return this.commits.write(() => {
      this.open.run(r.roomId, r.owner, r.createdAt, JSON.stringify(r.options));
    });
  }

  /** Resolves once committed; LeaseLost when the fence refused it. */
  append(roomId: string, owner: string, seq: number, at: number, entry: string): Promise<void> {
    return this.commits.write(() => {
      if (Number(this.insert.run(seq, at, entry, roomId, owner).changes) !== 1) throw new LeaseLost(roomId);
    });
  }

  logOpen(roomId: string): boolean {
    return !!this.db.prepare('SELECT 1 FROM live_rooms WHERE room_id = ?').get(roomId);
  }

  ownedRooms(owner: string): string[] {
    return this.db
      .prepare('SELECT room_id FROM live_rooms WHERE owner = ?')
      .all(owner)
      .map((r) => String(r.room_id));
  }

  closeRoom(roomId: string): Promise<void> {
    return this.commits.write(() => {
      this.db.prepare('DELETE FROM input_log WHERE room_id = ?').run(roomId);
      this.db.prepare('DELETE FROM live_rooms WHERE room_id = ?').run(roomId);
    });
  }

  heartbeat(owner: string, now: number): Promise<void> {
    return this.commits.write(() => {
      this.db
        .prepare(
          'INSERT INTO instances (name, heartbeat_at) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET heartbeat_at = excluded.heartbeat_at',
        )
        .run(owner, now);
    });
  }

  claimRooms(me: string, staleBefore: number, own: boolean): Promise<ClaimedRoom[]> {
    return this.commits.write(() => this.claim(me, staleBefore, own));
  }

  private claim(me: string, staleBefore: number, own: boolean): ClaimedRoom[] {
    const rows = this.db
      .prepare(
        `SELECT r.room_id, r.owner, r.created_at, r.options, COALESCE(i.heartbeat_at, 0) AS alive
         FROM live_rooms r LEFT JOIN instances i ON i.name = r.owner
         WHERE (r.owner = ? AND ?) OR (r.owner <> ? AND COALESCE(i.heartbeat_at, 0) < ?)
         ORDER BY r.created_at`,
      )
      .all(me, own ? 1 : 0, me, staleBefore);
    const claim = this.db.prepare('UPDATE live_rooms SET owner = ? WHERE room_id = ? AND owner = ?');
    const entries = this.db.prepare('SELECT seq, at, entry FROM input_log WHERE room_id = ? ORDER BY seq');
    const out: ClaimedRoom[] = [];
    for (const r of rows) {
      if (r.owner !== me && Number(claim.run(me, String(r.room_id), String(r.owner)).changes) !== 1) continue;
      out.push({
        roomId: String(r.room_id),
        owner: me,
        createdAt: Number(r.created_at),
        options: JSON.parse(String(r.options)),
        ownerAliveAt: Number(r.alive),
        entries: entries
          .all(String(r.room_id))
          .map((e): LogEntry => ({ seq: Number(e.seq), at: Number(e.at), entry: JSON.parse(String(e.entry)) })),
      });
    }
    return out;
  }
}
