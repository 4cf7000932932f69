// Embedded storage on Node's built-in SQLite (node:sqlite, no native build), in a database file.
// The input log's appends go to a journal file beside it, written at once on the rooms' thread (sqlite-journal.ts),
// and into the table in batches. Every write to the database (a record, a room opened or closed, a heartbeat, the
// journal's fill) goes through one connection of its own in group commits: one transaction per turn of the event
// loop (sqlite-group-commit.ts), committed to the WAL file before anyone is told (synchronous = NORMAL: no fsync per
// commit, and the OS keeps what a kill -9 left). That connection never waits for a lock: a batch that finds one
// taken is tried again a millisecond later. Checkpoints, the only fsyncs, run on a thread of their own: on a busy
// disk one can take tens or hundreds of milliseconds, which on the rooms' thread stalled every room (bench: p99
// lock-in → result 700 ms at 500 matches, 10 ms without). Reads use the first connection (WAL lets them run beside
// the writes); a read waits for the saves still in flight, so a client that learns a record id (the 'ended'
// message) and asks for it at once always gets it.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { migrateSqlite } from './migrations/run.js';
import { journalDir } from './journal-files.js';
import { sessionSecretFile } from './sqlite-files.js';
import { SqliteGroupCommit } from './sqlite-group-commit.js';
import { SqliteInputLog } from './sqlite-log.js';
import type { MatchEnd } from '../players/result.js';
import { PlayerStore, type ResultWritten, type SavedRecord } from './player-store.js';
import { RecordsInFlight } from './records-in-flight.js';
import { SqliteSql } from './sqlite-players.js';
import type { ClaimedRoom, LiveRoom, RecordSummary, Storage } from './types.js';

const INSERT = 'INSERT INTO records (id, ended_at, summary, record) VALUES (?, ?, ?, ?)';

/** The checkpointer thread (plain CommonJS, evaluated as is: no loader needed under tsx, vitest or plain node). */
const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads');
process.removeAllListeners('warning');
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(workerData.path);
db.exec('PRAGMA busy_timeout = 5000');
// The rooms' thread never checkpoints (wal_autocheckpoint = 0 there): this thread does.
const every = setInterval(() => { try { db.exec('PRAGMA wal_checkpoint(PASSIVE)'); } catch {} }, 1000);
parentPort.on('message', (m) => {
  if (m === 'close') { clearInterval(every); db.close(); parentPort.close(); }
});`;

export class SqliteStorage implements Storage {
  readonly kind = 'sqlite' as const;
  /** Migrations and reads. */
  private db: DatabaseSync;
  /** Every write, in group commits. */
  private writeDb: DatabaseSync | null = null;
  private commits: SqliteGroupCommit | null = null;
  private insertRecord: StatementSync | null = null;
  private checkpointer: Worker | null = null;
  private inflight = new RecordsInFlight();
  private log: SqliteInputLog | null = null;
  private closed = false;
  readonly players: PlayerStore;
  private readonly playerSql: SqliteSql;

  /**
   * `path`: the database file (the journal's directory sits beside it: journal-files.ts journalDir, so SQLite's
   * in-memory database, which has no place beside it, is refused).
   */
  constructor(
    readonly path: string,
    private readonly opts: {
      /** The journal's segment size (tests; sqlite-journal.ts SEGMENT_BYTES). */
      segmentBytes?: number;
    } = {},
  ) {
    if (path === ':memory:' || path === '')
      throw new Error(
        `SQLite storage needs a database file, not ${JSON.stringify(path)}: its input journal sits beside it`,
      );
    mkdirSync(dirname(path), { recursive: true });
    this.db = new DatabaseSync(path);
    this.playerSql = new SqliteSql(this.db, () => ({ db: this.writeDb ?? this.db, commits: this.writes }));
    this.players = new PlayerStore(this.playerSql);
  }

  async init(): Promise<void> {
    this.db.exec(`PRAGMA journal_mode = WAL;
      PRAGMA busy_timeout = 5000;
      PRAGMA synchronous = NORMAL;`);
    await migrateSqlite(this.db);
    this.db.exec('PRAGMA wal_autocheckpoint = 0');
    this.writeDb = new DatabaseSync(this.path);
    this.writeDb.exec('PRAGMA synchronous = NORMAL; PRAGMA wal_autocheckpoint = 0');
    this.commits = new SqliteGroupCommit(this.writeDb);
    this.insertRecord = this.writeDb.prepare(INSERT);
    this.log = new SqliteInputLog(this.writeDb, this.commits, journalDir(this.path), this.opts.segmentBytes);
    this.startCheckpointer();
  }

  private startCheckpointer(): void {
    const w = new Worker(CHECKPOINTER, { eval: true, workerData: { path: this.path } });
    // A checkpointer that failed (its file gone) leaves the WAL to grow: the process goes on, writes still commit.
    w.on('error', () => {
      if (this.checkpointer === w) this.checkpointer = null;
    });
    w.unref();
    this.checkpointer = w;
  }

  async saveRecord(summary: RecordSummary, record: unknown): Promise<void> {
    const [id, endedAt, summaryJson, recordJson] = [
      summary.id,
      summary.endedAt,
      JSON.stringify(summary),
      JSON.stringify(record),
    ];
    return this.inflight.track(
      id,
      this.writes.write(() => {
        this.insertRecord!.run(id, endedAt, summaryJson, recordJson);
      }),
    );
  }

  saveResult(end: MatchEnd, saved: SavedRecord | null): Promise<ResultWritten> {
    const done = this.playerSql.track(this.players.saveResult(end, saved));
    return saved ? this.inflight.track(saved.summary.id, done) : done;
  }

  /** Kept beside the database (sqlite-files.ts; owner-only), made on the first start. */
  async sessionSecret(): Promise<string> {
    const file = sessionSecretFile(this.path);
    try {
      writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    return readFileSync(file, 'utf8').trim();
  }

  async listRecords(limit: number): Promise<RecordSummary[]> {
    await this.inflight.allWritten();
    const rows = this.db.prepare('SELECT summary FROM records ORDER BY ended_at DESC, rowid DESC LIMIT ?').all(limit);
    return rows.map((r) => JSON.parse(String(r.summary)) as RecordSummary);
  }

  async getRecord(id: string): Promise<unknown | null> {
    await this.inflight.written(id);
    const row = this.db.prepare('SELECT record FROM records WHERE id = ?').get(id);
    return row ? JSON.parse(String(row.record)) : null;
  }

  private get inputLog(): SqliteInputLog {
    if (!this.log) throw new Error('SqliteStorage: init() was not called');
    return this.log;
  }
  private get writes(): SqliteGroupCommit {
    if (!this.commits) throw new Error('SqliteStorage: init() was not called');
    return this.commits;
  }
  openRoom(room: LiveRoom): Promise<void> {
    return this.inputLog.openRoom(room);
  }
  append(roomId: string, owner: string, seq: number, at: number, entry: string): Promise<void> {
    return this.inputLog.append(roomId, owner, seq, at, entry);
  }
  /**
   * The append in the journal at once (types.ts Storage.appendNow): the rooms act on the input in the same turn.
   * Bound: the rooms call it as a function.
   */
  readonly appendNow = (roomId: string, owner: string, seq: number, at: number, entry: string): void =>
    this.inputLog.appendNow(roomId, owner, seq, at, entry);
  // After close() (a shutdown), what the rooms still ask of the log is moot: their logs stay for the next start.
  async logOpen(roomId: string): Promise<boolean> {
    return !this.closed && this.inputLog.logOpen(roomId);
  }
  async ownedRooms(owner: string): Promise<string[]> {
    return this.closed ? [] : this.inputLog.ownedRooms(owner);
  }
  async closeRoom(roomId: string): Promise<void> {
    if (!this.closed) await this.inputLog.closeRoom(roomId);
  }
  async heartbeat(owner: string, now: number): Promise<void> {
    if (!this.closed) await this.inputLog.heartbeat(owner, now);
  }
  async claimRooms(me: string, staleBefore: number, own: boolean): Promise<ClaimedRoom[]> {
    return this.inputLog.claimRooms(me, staleBefore, own);
  }

  /** Runs the sweep of gone rooms' rows (sqlite-log.ts) to the end of its pass now, where it otherwise steps every 250 ms. */
  async sweepLog(): Promise<void> {
    while (await this.writes.write(() => this.inputLog.sweepOnce()));
  }

  /** Fills the input log's table with its journal now (sqlite-journal.ts: otherwise every 200 ms). */
  async fillLog(): Promise<void> {
    await this.inputLog.fillNow();
  }

  /** Fills the table with the journal, commits what is queued (the saves in flight), then closes the thread and the connections. */
  async close(): Promise<void> {
    this.closed = true;
    await this.log?.close();
    await this.commits?.close();
    if (this.writeDb?.isOpen) this.writeDb.close();
    const w = this.checkpointer;
    if (w) {
      this.checkpointer = null;
      const exited = new Promise((r) => w.once('exit', r));
      w.ref(); // the process waits for the thread's exit
      w.postMessage('close');
      await exited;
    }
    if (this.db.isOpen) this.db.close();
  }
}
