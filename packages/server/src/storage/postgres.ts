// PostgreSQL storage (pg), used when DATABASE_URL is set; the schema is storage/migrations (Kysely's Migrator).
import { timedAppend } from './append-cost.js';
import pg from 'pg';
import { migratePostgres } from './migrations/run.js';
import { randomBytes } from 'node:crypto';
import type { MatchEnd } from '../players/result.js';
import { PlayerStore, type ResultWritten, type SavedRecord } from './player-store.js';
import { PostgresInputLog } from './postgres-log.js';
import { PostgresSql } from './postgres-players.js';
import { RecordsInFlight } from './records-in-flight.js';
import type { ClaimedRoom, LiveRoom, RecordSummary, Storage } from './types.js';

export class PostgresStorage implements Storage {
  readonly kind = 'postgres' as const;
  private pool: pg.Pool;
  private log: PostgresInputLog;
  readonly players: PlayerStore;
  private inflight = new RecordsInFlight();

  constructor(connectionString: string) {
    this.pool = new pg.Pool({ connectionString, max: 4 });
    this.log = new PostgresInputLog(this.pool);
    this.players = new PlayerStore(new PostgresSql(this.pool));
  }

  saveResult(end: MatchEnd, saved: SavedRecord | null): Promise<ResultWritten> {
    const done = this.players.saveResult(end, saved);
    return saved ? this.inflight.track(saved.summary.id, done) : done;
  }

  /** The first process to start writes it; every other one reads that one. */
  async sessionSecret(): Promise<string> {
    await this.pool.query(
      "INSERT INTO server_secrets (name, value) VALUES ('session', $1) ON CONFLICT (name) DO NOTHING",
      [randomBytes(32).toString('base64url')],
    );
    const r = await this.pool.query("SELECT value FROM server_secrets WHERE name = 'session'");
    return String(r.rows[0].value);
  }

  async init(): Promise<void> {
    await migratePostgres(this.pool);
  }

  openRoom(room: LiveRoom): Promise<void> {
    return this.log.openRoom(room);
  }
  append(roomId: string, owner: string, seq: number, at: number, entry: string): Promise<void> {
    return timedAppend(this.log.append(roomId, owner, seq, at, entry));
  }
  logOpen(roomId: string): Promise<boolean> {
    return this.log.logOpen(roomId);
  }
  ownedRooms(owner: string): Promise<string[]> {
    return this.log.ownedRooms(owner);
  }
  closeRoom(roomId: string): Promise<void> {
    return this.log.closeRoom(roomId);
  }
  heartbeat(owner: string, now: number): Promise<void> {
    return this.log.heartbeat(owner, now);
  }
  claimRooms(me: string, staleBefore: number, own: boolean): Promise<ClaimedRoom[]> {
    return this.log.claimRooms(me, staleBefore, own);
  }

  async saveRecord(summary: RecordSummary, record: unknown): Promise<void> {
    const insert = 'INSERT INTO records (id, ended_at, summary, record) VALUES ($1, $2, $3, $4)';
    const values = [summary.id, summary.endedAt, JSON.stringify(summary), JSON.stringify(record)];
    await this.inflight.track(summary.id, this.pool.query(insert, values));
  }

  async listRecords(limit: number): Promise<RecordSummary[]> {
    await this.inflight.allWritten();
    const r = await this.pool.query('SELECT summary FROM records ORDER BY ended_at DESC, seq DESC LIMIT $1', [limit]);
    return r.rows.map((row) => row.summary as RecordSummary);
  }

  async getRecord(id: string): Promise<unknown | null> {
    await this.inflight.written(id);
    const r = await this.pool.query('SELECT record FROM records WHERE id = $1', [id]);
    return r.rows[0]?.record ?? null;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
