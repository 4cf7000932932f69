// Embedded storage on Node's built-in SQLite (node:sqlite, no native build).
// Writes run on a worker thread with their own connection: an INSERT's fsync (and WAL checkpoints) can block for
// tens or hundreds of milliseconds on a busy disk, and on the main thread that stalled every room of the process
// (bench: p99 lock-in → result 700 ms at 500 matches, 10 ms without). Reads stay on the main thread (WAL lets them
// run beside the writer); saveRecord resolves once the row is committed, and a read waits for the saves still in
// flight, so a client that learns a record id (the 'ended' message) and asks for it at once always gets it.
// The input log (issue 11): an append is committed to the WAL file before the room acts on the input (synchronous =
// NORMAL: no fsync per commit, and the OS keeps what a kill -9 left), on a connection of its own, in group commits:
// one transaction per turn of the event loop (sqlite-group-commit.ts; what openStorage uses), or with
// `appendOffThread` (INPUT_LOG_THREAD=on) on a thread of its own (sqlite-appender.ts). Checkpoints (the fsyncs) run
// on the writer thread only.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { migrateSqlite } from './migrations/run.js';
import { SqliteAppender } from './sqlite-appender.js';
import { SqliteInputLog } from './sqlite-log.js';
import type { ClaimedRoom, LiveRoom, RecordSummary, Storage } from './types.js';

const INSERT = 'INSERT INTO records (id, ended_at, summary, record) VALUES (?, ?, ?, ?)';

/** The writer thread (plain CommonJS, evaluated as is: no loader needed under tsx, vitest or plain node). */
const WRITER = `
const { parentPort, workerData } = require('node:worker_threads');
process.removeAllListeners('warning');
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(workerData.path);
db.exec('PRAGMA busy_timeout = 5000');
// The main thread never checkpoints (wal_autocheckpoint = 0 there): this thread does, off the rooms' event loop.
setInterval(() => { try { db.exec('PRAGMA wal_checkpoint(PASSIVE)'); } catch {} }, 1000).unref();
const insert = db.prepare(${JSON.stringify(INSERT)});
parentPort.on('message', (m) => {
  if (m === 'close') { db.close(); parentPort.close(); return; }
  try {
    insert.run(m.id, m.endedAt, m.summary, m.record);
    parentPort.postMessage({ n: m.n });
  } catch (e) {
    parentPort.postMessage({ n: m.n, error: String((e && e.message) || e) });
  }
});`;

interface Pending {
  resolve: () => void;
  reject: (e: Error) => void;
}

export class SqliteStorage implements Storage {
  readonly kind = 'sqlite' as const;
  private db: DatabaseSync;
  private writer: Worker | null = null;
  private pending = new Map<number, Pending>();
  private seq = 0;
  /** Saves in flight by record id. */
  private inflight = new Map<string, Promise<void>>();

  private appender: SqliteAppender | null = null;

  constructor(
    readonly path: string,
    private readonly opts: { appendOffThread?: boolean } = {},
  ) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.db = new DatabaseSync(path);
  }

  private log: SqliteInputLog | null = null;
  /** The input log's own connection (the same one for an in-memory database, which is private to its connection). */
  private logDb: DatabaseSync | null = null;
  private logClosed = false;

  async init(): Promise<void> {
    this.db.exec(`PRAGMA journal_mode = WAL;
      PRAGMA busy_timeout = 5000;
      PRAGMA synchronous = NORMAL;`);
    await migrateSqlite(this.db);
    if (this.path !== ':memory:') this.db.exec('PRAGMA wal_autocheckpoint = 0');
    this.logDb = this.path === ':memory:' ? this.db : new DatabaseSync(this.path);
    if (this.logDb !== this.db) this.logDb.exec('PRAGMA synchronous = NORMAL; PRAGMA wal_autocheckpoint = 0');
    this.log = new SqliteInputLog(this.logDb);
    // An in-memory database is private to its connection: it keeps its writes on this thread (and has no fsync).
    if (this.path !== ':memory:' && !this.writer) this.startWriter();
    if (this.path !== ':memory:' && this.opts.appendOffThread && !this.appender)
      this.appender = new SqliteAppender(this.path);
  }

  private startWriter(): void {
    const w = new Worker(WRITER, { eval: true, workerData: { path: this.path } });
    w.on('message', (m: { n: number; error?: string }) => {
      const p = this.pending.get(m.n);
      if (!p) return;
      this.pending.delete(m.n);
      if (!this.pending.size) w.unref();
      if (m.error) p.reject(new Error(m.error));
      else p.resolve();
    });
    w.on('error', (e) => this.failAll(e));
    w.on('exit', () => {
      if (this.writer === w) this.writer = null;
      this.failAll(new Error('the SQLite writer thread exited'));
    });
    w.unref();
    this.writer = w;
  }

  private failAll(e: Error): void {
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }

  async saveRecord(summary: RecordSummary, record: unknown): Promise<void> {
    const row = {
      id: summary.id,
      endedAt: summary.endedAt,
      summary: JSON.stringify(summary),
      record: JSON.stringify(record),
    };
    if (!this.writer) {
      this.db.prepare(INSERT).run(row.id, row.endedAt, row.summary, row.record);
      return;
    }
    const n = ++this.seq;
    const done = new Promise<void>((resolve, reject) => this.pending.set(n, { resolve, reject }));
    this.writer.ref(); // a save in flight keeps the process alive until it is committed
    this.writer.postMessage({ n, ...row });
    const settled = done.then(
      () => {},
      () => {},
    );
    this.inflight.set(row.id, settled);
    void settled.then(() => {
      if (this.inflight.get(row.id) === settled) this.inflight.delete(row.id);
    });
    return done;
  }

  async listRecords(limit: number): Promise<RecordSummary[]> {
    if (this.inflight.size) await Promise.all(this.inflight.values());
    const rows = this.db.prepare('SELECT summary FROM records ORDER BY ended_at DESC, rowid DESC LIMIT ?').all(limit);
    return rows.map((r) => JSON.parse(String(r.summary)) as RecordSummary);
  }

  async getRecord(id: string): Promise<unknown | null> {
    await this.inflight.get(id);
    const row = this.db.prepare('SELECT record FROM records WHERE id = ?').get(id);
    return row ? JSON.parse(String(row.record)) : null;
  }

  private get inputLog(): SqliteInputLog {
    if (!this.log) throw new Error('SqliteStorage: init() was not called');
    return this.log;
  }
  openRoom(room: LiveRoom): Promise<void> {
    return this.inputLog.openRoom(room);
  }
  append(roomId: string, owner: string, seq: number, at: number, entry: string): Promise<void> {
    if (this.appender) return this.appender.append(roomId, owner, seq, at, entry);
    return this.inputLog.append(roomId, owner, seq, at, entry);
  }
  // After close() (a shutdown), what the rooms still ask of the log is moot: their logs stay for the next start.
  async ownedRooms(owner: string): Promise<string[]> {
    return this.logClosed ? [] : this.inputLog.ownedRooms(owner);
  }
  async closeRoom(roomId: string): Promise<void> {
    if (!this.logClosed) await this.inputLog.closeRoom(roomId);
  }
  async heartbeat(owner: string, now: number): Promise<void> {
    if (!this.logClosed) await this.inputLog.heartbeat(owner, now);
  }
  async claimRooms(me: string, staleBefore: number, own: boolean): Promise<ClaimedRoom[]> {
    return this.inputLog.claimRooms(me, staleBefore, own);
  }

  /** Waits for the saves in flight, then closes the writer and the database. */
  async close(): Promise<void> {
    await this.appender?.close();
    this.appender = null;
    this.logClosed = true;
    await this.log?.close();
    if (this.logDb && this.logDb !== this.db && this.logDb.isOpen) this.logDb.close();
    const w = this.writer;
    if (w) {
      await Promise.all(this.inflight.values()); // settled either way (record ids are unique per match)
      this.writer = null;
      const exited = new Promise((r) => w.once('exit', r));
      w.ref(); // the process waits for the thread's exit
      w.postMessage('close');
      await exited;
    }
    if (this.db.isOpen) this.db.close();
  }
}
